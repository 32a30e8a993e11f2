import { useWatchedQuery } from '../../data/useQuery.js';
import type { VehicleSummary } from '../../data/vehicles.js';

/** One vehicle as its card shows it, when this device holds it (no row otherwise). */
export function useVehicleSummary(vehicleId: string) {
  return useWatchedQuery<VehicleSummary>(
    'SELECT id, name, description, is_public, user_id, updated_at FROM vehicles WHERE id = ?',
    [vehicleId],
  );
}
