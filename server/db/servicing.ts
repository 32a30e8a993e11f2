import { currentlyEmployed } from './employment.js';

/**
 * The one meaning of "the company servicing a vehicle": a company with a request on it that is not deleted, or the
 * company whose customer (not deleted) its Info names. Migration 0008's tagbook_vehicle_companies() states it and
 * keeps the answer on the vehicle's rows (vehicles.company_ids, vehicles_info.company_ids) as those rows change; the
 * sync rules' by_company bucket reads that column, and so does every server check here — never a rule of its own.
 */

/** SQL: the company `company` (an SQL expression) services the vehicle whose vehicles row is aliased `vehicle`. */
const servicedBy = (vehicle: string, company: string) => `${vehicle}.company_ids @> jsonb_build_array(${company})`;

/**
 * SQL: the user `user` (an SQL expression) works now for a company servicing the vehicle aliased `vehicle` — what
 * gives an employee 'company' access to it (SPEC §6).
 */
export const servicedByEmployer = (vehicle: string, user: string) =>
  `exists (select 1 from company_employees serving
            where serving.user_id = ${user} and ${currentlyEmployed('serving')} and ${servicedBy(vehicle, 'serving.company_id')})`;
