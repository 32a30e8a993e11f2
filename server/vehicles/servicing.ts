import type { Queryable } from '../db/db.js';

/**
 * The one meaning of "the company servicing a vehicle": a company with a request on it that is not deleted, or the
 * company whose customer (not deleted) its Info names. Migration 0008's tagbook_vehicle_companies() states it and
 * keeps the answer on the vehicle's rows (vehicles.company_ids, vehicles_info.company_ids) as those rows change; the
 * sync rules' by_company bucket reads that column, and so does every server check here — never a rule of its own.
 */

/** The companies servicing a vehicle (its company_ids); none for no such vehicle. */
export async function servicingCompanies(db: Queryable, vehicleId: string): Promise<string[]> {
  const [row] = await db.query<{ company_ids: string[] | null }>('select company_ids from vehicles where id = $1', [vehicleId]);
  return row?.company_ids ?? [];
}
