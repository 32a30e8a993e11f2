import { useWatchedQuery } from '../../data/useQuery.js';
import { PUBLIC_LIST_LIMIT } from '../../domain/publicFeed.js';
import type { Row } from '../rows.js';

/** A vehicle as its card and the lists show it. */
export type VehicleSummary = Pick<Row<'vehicles'>, 'id' | 'name' | 'description' | 'is_public' | 'user_id' | 'updated_at'>;

export type PublicVehicle = Pick<Row<'vehicles'>, 'id' | 'name' | 'description' | 'category' | 'cover' | 'updated_at'>;

/**
 * The latest listed vehicles (the home page): public ones, most recently updated first, ties by id. The inner query
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

/** The user's own vehicles by name (unnamed last), then most recently updated (My Vehicles). */
export function useMyVehicles(userId: string) {
  return useWatchedQuery<VehicleSummary>(
    `SELECT id, name, description, is_public, user_id, updated_at FROM vehicles
      WHERE user_id = ? ORDER BY name IS NULL OR name = '', name COLLATE NOCASE, updated_at DESC`,
    [userId],
  );
}

/** One vehicle as its card shows it, when this device holds it (no row otherwise). */
export function useVehicleSummary(vehicleId: string) {
  return useWatchedQuery<VehicleSummary>(
    'SELECT id, name, description, is_public, user_id, updated_at FROM vehicles WHERE id = ?',
    [vehicleId],
  );
}
