import { useWatchedQuery } from '../../data/useQuery.js';
import type { Row } from '../../entities/rows.js';

// The services pages' own read of the local database; what other features read too is in src/entities.

/** What the services pages show of a vehicle, and the company whose customer owns it (when the device knows). */
export type ServiceVehicle = Pick<Row<'vehicles'>, 'id' | 'name' | 'user_id'> &
  /** customer_id: the vehicle's customer, when its info names one (the customer row itself may not be on this device). */
  Pick<Row<'vehicles_info'>, 'make' | 'model' | 'year' | 'color' | 'license_plate' | 'customer_id'> & {
    customer_name: string | null;
    customer_company_id: string | null;
  };

export function useServiceVehicle(vehicleId: string) {
  return useWatchedQuery<ServiceVehicle>(
    `SELECT v.id, v.name, v.user_id, i.make, i.model, i.year, i.color, i.license_plate, i.customer_id,
            c.name AS customer_name, c.company_id AS customer_company_id
       FROM vehicles v
       LEFT JOIN vehicles_info i ON i.vehicle_id = v.id
       LEFT JOIN customers c ON c.id = i.customer_id AND c.deleted_at IS NULL
      WHERE v.id = ?`,
    [vehicleId],
  );
}
