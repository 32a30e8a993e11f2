import { useWatchedQuery } from '../../data/useQuery.js';
import { personNameSql } from '../person/personName.js';
import type { Row } from '../rows.js';
import { SERVICING_COMPANIES_SQL } from './servicingCompanies.js';

// A company that is deleted is offered nowhere: the pickers leave it out. Its employee links are read as the device
// holds them; whether a link is current (start reached, no end passed) is src/domain/employment.ts's to decide.

/** A company as a picker lists it. */
export type CompanyOption = Pick<Row<'companies'>, 'id' | 'name'>;

/**
 * The companies the device knows, deleted ones left out, by name: a person's own (by_user) or, on an admin's device,
 * every one (the admin bucket). What the admin pages and the request form both offer to pick from.
 */
export function useCompanies() {
  return useWatchedQuery<CompanyOption>(
    'SELECT id, name FROM companies WHERE deleted_at IS NULL ORDER BY name COLLATE NOCASE, id',
  );
}

/** One of a company's employee links with the employee's name (a person with several links appears once per link). */
export type StaffLink = Pick<Row<'company_employees'>, 'start_date' | 'end_date'> & { user_id: string; user_name: string | null };

/**
 * A company's employee links, by name: the device holds its own company's (employees) or every current one (admins).
 * The pickers keep whom they may offer.
 */
export function useCompanyStaff(companyId: string | null) {
  return useWatchedQuery<StaffLink>(
    `SELECT e.user_id, ${personNameSql('e.user_id')} AS user_name, e.start_date, e.end_date
       FROM company_employees e WHERE e.company_id = ? ORDER BY user_name COLLATE NOCASE, e.user_id`,
    [companyId ?? ''],
  );
}

/** A person's company links as this device holds them (whether they work for a company now is decided from them). */
export type EmploymentLink = Pick<Row<'company_employees'>, 'start_date' | 'end_date'> & { company_id: string };

export function useEmploymentLinks(userId: string | null) {
  return useWatchedQuery<EmploymentLink>(
    'SELECT company_id, start_date, end_date FROM company_employees WHERE user_id = ?',
    [userId ?? ''],
  );
}

/** The companies servicing a vehicle, as far as this device knows (servicingCompanies.ts states the rule). */
export function useServicingCompanies(vehicleId: string) {
  return useWatchedQuery<{ company_id: string }>(SERVICING_COMPANIES_SQL, [vehicleId, vehicleId]);
}
