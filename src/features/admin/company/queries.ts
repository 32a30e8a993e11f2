import { useWatchedQuery } from '../../../data/useQuery.js';

export interface CompanyRequestRow {
  id: string;
  vehicle_id: string;
  description: string | null;
  vehicle_service_status_id: number | null;
  has_started: number | null;
  vehicle_name: string | null;
  make: string | null;
  model: string | null;
  assigned_name: string | null;
  created_at: string | null;
}

/** The company's requests that are not deleted, newest first, from the device (employees sync them; offline too). */
export function useCompanyRequests(companyId: string) {
  return useWatchedQuery<CompanyRequestRow>(
    `SELECT r.id, r.vehicle_id, r.description, r.vehicle_service_status_id, r.has_started, v.name AS vehicle_name,
            i.make, i.model, r.created_at,
            (SELECT e.user_name FROM company_employees e WHERE e.user_id = r.assigned_user_id AND e.user_name <> '' LIMIT 1) AS assigned_name
       FROM service_requests r
       LEFT JOIN vehicles v ON v.id = r.vehicle_id LEFT JOIN vehicles_info i ON i.vehicle_id = r.vehicle_id
      WHERE r.company_id = ? AND r.deleted_at IS NULL ORDER BY r.created_at DESC, r.id LIMIT 200`,
    [companyId],
  );
}
