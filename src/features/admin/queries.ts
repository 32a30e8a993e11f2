import { useWatchedQuery } from '../../data/useQuery.js';

// The admin area's reads of the device: the companies and current employee links the admin bucket keeps.

/** A company's current employees (the admin bucket holds current links only), by name. */
export function useCompanyStaff(companyId: string) {
  return useWatchedQuery<{ user_id: string; user_name: string | null }>(
    `SELECT DISTINCT e.user_id, e.user_name FROM company_employees e WHERE e.company_id = ?
      ORDER BY e.user_name COLLATE NOCASE, e.user_id`,
    [companyId],
  );
}
