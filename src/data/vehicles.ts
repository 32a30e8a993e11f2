import { newId } from '../domain/ids.js';
import { PUBLIC_LIST_LIMIT } from '../domain/publicFeed.js';
import { whenDatabaseReady } from './databaseState.js';
import { useWatchedQuery } from './useQuery.js';
import type { VehicleRow } from './schema.js';

export type VehicleSummary = Pick<VehicleRow, 'id' | 'name' | 'description' | 'is_public' | 'user_id' | 'updated_at'>;

export type PublicVehicle = Pick<VehicleRow, 'id' | 'name' | 'description' | 'category' | 'cover' | 'updated_at'>;

/**
 * The latest listed vehicles (SPEC §2 "/"): public ones, most recently updated first, ties by id. The inner query
 * picks the rows by the by_public index and their ids alone; only the rows it picked have their columns read out of
 * their JSON. Vehicles updated at one instant (a bulk import) tie on the index: there the one-level query cost 3–5 %
 * more of a first sync of 10,000 such rows (bench/README).
 */
export function usePublicVehicles() {
  return useWatchedQuery<PublicVehicle>(
    `SELECT id, name, description, category, cover, updated_at FROM vehicles
      WHERE id IN (SELECT id FROM vehicles WHERE is_public = 1 ORDER BY updated_at DESC, id LIMIT ?)
      ORDER BY updated_at DESC, id`,
    [PUBLIC_LIST_LIMIT],
  );
}

/** Written to the local database only; the upload queue carries it to the server when there is a network. */
export async function createVehicle(userId: string, name: string): Promise<string> {
  // Read before waiting for the database: the vehicle's created_at is when it was made, which the server keeps.
  const now = new Date().toISOString();
  const db = await whenDatabaseReady();
  const id = newId();
  await db.execute(
    'INSERT INTO vehicles (id, name, user_id, is_public, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)',
    [id, name, userId, now, now],
  );
  return id;
}

/** The user's own vehicles by name (unnamed last), then most recently updated (SPEC §2 My Vehicles). */
export function useMyVehicles(userId: string) {
  return useWatchedQuery<VehicleSummary>(
    `SELECT id, name, description, is_public, user_id, updated_at FROM vehicles
      WHERE user_id = ? ORDER BY name IS NULL OR name = '', name COLLATE NOCASE, updated_at DESC`,
    [userId],
  );
}
