import { whenDatabaseReady } from '../../data/databaseState.js';
import type { VehicleSummary } from '../../data/vehicles.js';
import { useWatchedQuery } from '../../data/useQuery.js';

export function useVehicle(vehicleId: string) {
  return useWatchedQuery<VehicleSummary>(
    'SELECT id, name, description, is_public, user_id, updated_at FROM vehicles WHERE id = ?',
    [vehicleId],
  );
}

/** The tags that open this vehicle, oldest first ('Show QR Code' appears only when there is one). */
export function useVehicleTags(vehicleId: string) {
  return useWatchedQuery<{ id: string }>('SELECT id FROM qr_tags WHERE target_id = ? ORDER BY created_at, id', [vehicleId]);
}

export async function renameVehicle(vehicleId: string, name: string): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute('UPDATE vehicles SET name = ?, updated_at = ? WHERE id = ?', [name, new Date().toISOString(), vehicleId]);
}

export const VEHICLE_NAME_MAX = 200;
