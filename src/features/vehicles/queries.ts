import { newId } from '../../domain/ids.js';
import { whenDatabaseReady } from '../../data/databaseState.js';
import type { VehicleRow } from '../../data/schema.js';
import { useWatchedQuery } from '../../data/useQuery.js';

export type VehicleSummary = Pick<VehicleRow, 'id' | 'name' | 'description' | 'is_public' | 'user_id' | 'updated_at'>;

/** SPEC §2 My Vehicles: the user's own vehicles by name (unnamed last), then most recently updated. */
export function useMyVehicles(userId: string) {
  return useWatchedQuery<VehicleSummary>(
    `SELECT id, name, description, is_public, user_id, updated_at FROM vehicles
      WHERE user_id = ? ORDER BY name IS NULL OR name = '', name COLLATE NOCASE, updated_at DESC`,
    [userId],
  );
}

export function useVehicle(vehicleId: string) {
  return useWatchedQuery<VehicleSummary>(
    'SELECT id, name, description, is_public, user_id, updated_at FROM vehicles WHERE id = ?',
    [vehicleId],
  );
}

/** Written to the local database only; the upload queue carries it to the server when there is a network. */
export async function createVehicle(userId: string, name: string): Promise<string> {
  const db = await whenDatabaseReady();
  const id = newId();
  const now = new Date().toISOString();
  await db.execute(
    'INSERT INTO vehicles (id, name, user_id, is_public, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)',
    [id, name, userId, now, now],
  );
  return id;
}

export async function renameVehicle(vehicleId: string, name: string): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute('UPDATE vehicles SET name = ?, updated_at = ? WHERE id = ?', [name, new Date().toISOString(), vehicleId]);
}

export const VEHICLE_NAME_MAX = 200;
