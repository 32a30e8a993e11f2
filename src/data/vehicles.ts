import { useWatchedQuery } from './useQuery.js';
import type { VehicleRow } from './schema.js';

export type PublicVehicle = Pick<VehicleRow, 'id' | 'name' | 'description' | 'category' | 'cover' | 'updated_at'>;

const PUBLIC_LIST_LIMIT = 50;

/** The latest listed vehicles (SPEC §2 "/"): public ones, most recently updated first. */
export function usePublicVehicles() {
  return useWatchedQuery<PublicVehicle>(
    `SELECT id, name, description, category, cover, updated_at FROM vehicles
      WHERE is_public = 1 ORDER BY updated_at DESC, id LIMIT ?`,
    [PUBLIC_LIST_LIMIT],
  );
}
