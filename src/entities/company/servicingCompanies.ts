import { requestNotDeleted } from '../serviceRequest/notDeleted.js';

/**
 * The companies servicing a vehicle, read from this device's synced rows by the server's one rule
 * (server/vehicles/servicing.ts): the company whose customer, not deleted, the vehicle's Info names, and each company with
 * a request on the vehicle that is not deleted. An employee's device holds its companies' customers and requests,
 * so it finds the companies it works for among them, offline too. Parameters: the vehicle's id, twice.
 */
export const SERVICING_COMPANIES_SQL = `
  SELECT c.company_id FROM vehicles_info i JOIN customers c ON c.id = i.customer_id AND c.deleted_at IS NULL
   WHERE i.vehicle_id = ? AND c.company_id IS NOT NULL
  UNION
  SELECT r.company_id FROM service_requests r
   WHERE r.vehicle_id = ? AND ${requestNotDeleted('r')} AND r.company_id IS NOT NULL`;
