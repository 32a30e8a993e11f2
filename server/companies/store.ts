import type { EmployeeLink } from '../../src/gen/tagbook/v1/admin_pb.js';
import { REQUEST_COLUMNS, REQUEST_JOINS, type RequestListRow } from '../admin/requests.js';
import { employeeLinks } from '../admin/users.js';
import { vehicleColumns, VEHICLE_JOINS, type VehicleListRow } from '../admin/vehicles.js';
import type { Queryable } from '../db/db.js';
import { sqlState } from '../db/errors.js';

// What CompanyService reads and writes: company profiles, employee links, what a customer's page shows and the
// company's service types. The service decides who may; these functions only touch the rows.

export type CompanyRow = { id: string; name: string; short_info: string | null; created_at: Date };

/** A company's profile, deleted or not; null when there is no such company. */
export async function companyById(db: Queryable, companyId: string): Promise<CompanyRow | null> {
  const [row] = await db.query<CompanyRow>('select id, name, short_info, created_at from companies where id = $1', [companyId]);
  return row ?? null;
}

/** Renames a company and sets its short info; an empty short info is stored as none. */
export async function updateCompanyProfile(db: Queryable, companyId: string, name: string, shortInfo: string): Promise<void> {
  await db.query('update companies set name = $2, short_info = $3 where id = $1', [companyId, name, shortInfo === '' ? null : shortInfo]);
}

/** Every link of a company, past and future ones too, current ones first. */
export function companyEmployeeLinks(db: Queryable, companyId: string): Promise<EmployeeLink[]> {
  return employeeLinks(db, 'e.company_id = $1', [companyId]);
}

/** One employee link with its person and company; undefined when there is no such link. */
export async function employeeLinkById(db: Queryable, linkId: string): Promise<EmployeeLink | undefined> {
  const [link] = await employeeLinks(db, 'e.id = $1', [linkId]);
  return link;
}

/**
 * The id of the account with this (normalized) email, its row locked until the transaction ends so the account
 * cannot go away while a link to it is made; null when no account uses the email.
 */
export async function lockUserByEmail(tx: Queryable, email: string): Promise<string | null> {
  const [user] = await tx.query<{ id: string }>('select id from users where email = $1 for update', [email]);
  return user?.id ?? null;
}

/** Whether the user has a link with the company that has not ended (one starting later counts). */
export async function hasUnendedLink(tx: Queryable, userId: string, companyId: string): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from company_employees e where e.user_id = $1 and e.company_id = $2
        and (e.end_date is null or e.end_date > now())`,
    [userId, companyId],
  );
  return rows.length > 0;
}

/** Records a new link of a user with a company, made (and last changed) by `byUserId`. */
export async function insertEmployeeLink(
  tx: Queryable,
  link: { id: string; userId: string; companyId: string; type: string; startDate: Date; byUserId: string },
): Promise<void> {
  await tx.query(
    `insert into company_employees (id, user_id, company_id, type, start_date, created_by, updated_by)
     values ($1, $2, $3, $4, $5, $6, $6)`,
    [link.id, link.userId, link.companyId, link.type, link.startDate, link.byUserId],
  );
}

/** A link's company and whether its end has passed; null when there is no such link. */
export async function employeeLinkState(db: Queryable, linkId: string): Promise<{ companyId: string; ended: boolean } | null> {
  const [row] = await db.query<{ company_id: string; ended: boolean }>(
    `select company_id, not (e.end_date is null or e.end_date > now()) as ended from company_employees e where id = $1`,
    [linkId],
  );
  return row ? { companyId: row.company_id, ended: row.ended } : null;
}

/**
 * Ends a link now, on behalf of `byUserId`. A link whose start lies ahead ends at its start instead: the end may not
 * precede the start (a table check).
 */
export async function endEmployeeLink(db: Queryable, linkId: string, byUserId: string): Promise<void> {
  await db.query(
    `update company_employees set end_date = greatest(now(), coalesce(start_date, now())), updated_by = $2 where id = $1`,
    [linkId, byUserId],
  );
}

/** A customer's vehicles (at most 100, newest first) with the columns `reader` may see. */
export function customerVehicles(db: Queryable, customerId: string, reader: 'admin' | 'company'): Promise<VehicleListRow[]> {
  return db.query<VehicleListRow>(
    `select ${vehicleColumns(reader)} from vehicles v ${VEHICLE_JOINS} where i.customer_id = $1
      order by v.created_at desc, v.id desc limit 100`,
    [customerId],
  );
}

/**
 * The live service requests on a customer's vehicles (at most 100, newest first): those of `companyId` only, or
 * every company's when it is null.
 */
export function customerRequests(db: Queryable, customerId: string, companyId: string | null): Promise<RequestListRow[]> {
  return db.query<RequestListRow>(
    `select ${REQUEST_COLUMNS} from service_requests r ${REQUEST_JOINS}
      where i.customer_id = $1 and r.deleted_at is null and ($2::text is null or r.company_id = $2)
      order by r.created_at desc, r.id desc limit 100`,
    [customerId, companyId],
  );
}

/** Deletes a customer (keeping the first deletion time when it already is) or restores it. */
export async function setCustomerDeletedAt(db: Queryable, customerId: string, deleted: boolean): Promise<void> {
  await db.query(`update customers set deleted_at = case when $2 then coalesce(deleted_at, now()) else null end where id = $1`, [
    customerId,
    deleted,
  ]);
}

export type ServiceRow = { id: string; company_id: string; name: string; description: string; duration_minutes: number | null };

/** A company's service types that are not deleted, by name (case ignored), then id. */
export function listLiveServices(db: Queryable, companyId: string): Promise<ServiceRow[]> {
  return db.query<ServiceRow>(
    `select id, company_id, name, description, duration_minutes from company_services
      where company_id = $1 and deleted_at is null order by lower(name), id`,
    [companyId],
  );
}

/** Whether the service type exists, belongs to the company and is not deleted. */
export async function isLiveServiceOf(db: Queryable, serviceId: string, companyId: string): Promise<boolean> {
  const rows = await db.query('select 1 from company_services where id = $1 and company_id = $2 and deleted_at is null', [
    serviceId,
    companyId,
  ]);
  return rows.length > 0;
}

/** The company of a service type that is not deleted; null when there is no such live service. */
export async function liveServiceCompany(db: Queryable, serviceId: string): Promise<string | null> {
  const [row] = await db.query<{ company_id: string }>('select company_id from company_services where id = $1 and deleted_at is null', [
    serviceId,
  ]);
  return row?.company_id ?? null;
}

/** A service type's fields as stored; no duration is null. */
export type ServiceFields = { name: string; description: string; durationMinutes: number | null };

/** What writing a service type came to: a company's live services have distinct names, case ignored (a unique index). */
export type ServiceWrite = 'saved' | 'name-taken';

/** Runs a write of a service type, answering a clash with the unique index on names as 'name-taken'. */
async function unlessNameTaken(write: () => Promise<unknown>): Promise<ServiceWrite> {
  try {
    await write();
    return 'saved';
  } catch (err) {
    if (sqlState(err) === '23505') return 'name-taken';
    throw err;
  }
}

/** Creates a service type of a company, made by `byUserId`. */
export function insertService(
  db: Queryable,
  service: { id: string; companyId: string; byUserId: string } & ServiceFields,
): Promise<ServiceWrite> {
  return unlessNameTaken(() =>
    db.query(
      'insert into company_services (id, company_id, name, description, duration_minutes, created_by) values ($1, $2, $3, $4, $5, $6)',
      [service.id, service.companyId, service.name, service.description, service.durationMinutes, service.byUserId],
    ),
  );
}

/** Rewrites a service type's name, description and duration. */
export function updateService(db: Queryable, serviceId: string, fields: ServiceFields): Promise<ServiceWrite> {
  return unlessNameTaken(() =>
    db.query('update company_services set name = $2, description = $3, duration_minutes = $4 where id = $1', [
      serviceId, fields.name, fields.description, fields.durationMinutes,
    ]),
  );
}

/** Marks a service type deleted now. */
export async function deleteService(db: Queryable, serviceId: string): Promise<void> {
  await db.query('update company_services set deleted_at = now() where id = $1', [serviceId]);
}
