import type { PgValue, WritableTable } from './columns.js';

/**
 * Who may write what through sync (SPEC §6): owners their vehicles, the notes and track sessions on them and
 * service requests on them, admins anything
 * the app edits, company employees their company's customers, the requests on those customers' vehicles and work
 * time on their company's requests, anyone the claim of a free tag for their own vehicle. Pure: the facts it needs
 * about other rows come through `Lookups`, so every rule is unit-tested (tests/unit/uploadPolicy.test.ts, both the
 * allowed and the refused side of each).
 */
export interface Actor {
  userId: string;
  isAdmin: boolean;
  /** Companies the actor currently works for. */
  companyIds: ReadonlySet<string>;
}

export type CrudKind = 'PUT' | 'PATCH' | 'DELETE';
export type Row = Record<string, PgValue | Date | undefined>;

export interface Lookups {
  /** The owner of a vehicle: null when unowned, undefined when there is no such vehicle. */
  vehicleOwner(vehicleId: string): Promise<string | null | undefined>;
  /** The company of a service request: null when none, undefined when there is no such request. */
  requestCompany(requestId: string): Promise<string | null | undefined>;
  /** The company whose (not deleted) customer the vehicle's info names; null when none. */
  vehicleCustomerCompany(vehicleId: string): Promise<string | null>;
  /** Whether a company exists and is not deleted. */
  companyExists(companyId: string): Promise<boolean>;
}

export interface Refusal {
  code: 'permission_denied' | 'invalid_value' | 'not_found';
  message: string;
}

export interface Write {
  table: WritableTable;
  kind: CrudKind;
  /** The row as stored now, or null when the id is new. */
  current: Row | null;
  /** The row as it would be after the write (current merged with the sent values); null for a delete. */
  next: Row | null;
  /** Columns the write sets. */
  changed: ReadonlySet<string>;
}

const deny = (message: string): Refusal => ({ code: 'permission_denied', message });

/**
 * What a caller hears about a row they may not touch, whether it exists or not: answering "not yours" for real ids
 * and "not found" for made-up ones would tell an attacker which private vehicles and requests exist.
 */
export const VEHICLE_NOT_YOURS: Refusal = { code: 'not_found', message: 'Vehicle not found or not yours' };
export const REQUEST_NOT_YOURS: Refusal = { code: 'not_found', message: 'Service request not found or not yours' };
const CUSTOMER_NOT_YOURS: Refusal = { code: 'not_found', message: 'Customer not found or not yours' };

/** The answer for a change to a row that does not exist: the same as for one that exists but is not the caller's. */
export function missingRow(table: WritableTable): Refusal {
  if (table === 'vehicles') return VEHICLE_NOT_YOURS;
  if (table === 'service_requests' || table === 'worktime') return REQUEST_NOT_YOURS;
  if (table === 'customers') return CUSTOMER_NOT_YOURS;
  return { code: 'not_found', message: 'There is no such row to change' };
}
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const invalid = (message: string): Refusal => ({ code: 'invalid_value', message });

function worksFor(actor: Actor, companyId: unknown): boolean {
  return typeof companyId === 'string' && actor.companyIds.has(companyId);
}

async function vehicleRule(w: Write, actor: Actor): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete a vehicle');
  if (w.current === null) {
    return str(w.next?.user_id) === actor.userId ? null : deny('A new vehicle must belong to you');
  }
  if (w.current.user_id !== actor.userId) return VEHICLE_NOT_YOURS;
  if (w.changed.has('user_id') && w.next?.user_id !== actor.userId) {
    return deny('Only an administrator can change who owns a vehicle');
  }
  return null;
}

/**
 * The one write a non-admin may make to a tag: point a free tag at a vehicle of their own (the claim). Uploads run
 * one at a time per tag (the row is locked while applied), so of two claims of one tag the second always meets the
 * first's owner here and is refused with words its device can show. Sending one's own claim again is accepted.
 */
async function tagRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const hash = str(w.current?.id ?? w.next?.id) ?? '';
  if (w.current === null) return { code: 'not_found', message: `There is no tag ${hash}` };
  if (w.kind === 'DELETE') return deny('Only an administrator can delete tags');
  const target = str(w.next?.target_id);
  const claimed = str(w.current.target_id);
  if (claimed !== null) {
    if (claimed === target && (await lookups.vehicleOwner(claimed)) === actor.userId) return null;
    return deny(`Tag ${hash} was claimed by someone else first`);
  }
  if (target === null) return deny('A claim must name a vehicle');
  if ((await lookups.vehicleOwner(target)) !== actor.userId) return VEHICLE_NOT_YOURS;
  const path = w.next?.target_path;
  if (path !== null && path !== undefined && path !== '/vehicle') return deny('A claimed tag opens the vehicle page');
  return null;
}

/** Customers belong to a company; only its current employees may touch them. */
function customerRule(w: Write, actor: Actor): Refusal | null {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete customers; soft-delete instead');
  if (w.current !== null && !worksFor(actor, w.current.company_id)) return CUSTOMER_NOT_YOURS;
  if (!worksFor(actor, w.next?.company_id)) return deny('You can only write customers of a company you work for');
  return null;
}

/**
 * Who may open or change a service request on a vehicle: its owner (asking no company or an existing one), or a
 * current employee of the request's company when the vehicle belongs to one of that company's customers. A change
 * must be allowed for the row as it is and as it would be, so a request cannot be moved onto someone else's vehicle.
 */
async function mayHandleRequest(row: Row, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const vehicleId = str(row.vehicle_id);
  if (vehicleId === null) return VEHICLE_NOT_YOURS;
  const companyId = str(row.company_id);
  if ((await lookups.vehicleOwner(vehicleId)) === actor.userId) {
    if (companyId !== null && !(await lookups.companyExists(companyId))) return invalid('No such company');
    return null;
  }
  if (worksFor(actor, companyId) && (await lookups.vehicleCustomerCompany(vehicleId)) === companyId) return null;
  return VEHICLE_NOT_YOURS;
}

async function serviceRequestRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete service requests; cancel or soft-delete instead');
  if (w.current !== null && (await mayHandleRequest(w.current, actor, lookups)) !== null) return REQUEST_NOT_YOURS;
  return w.next === null ? null : mayHandleRequest(w.next, actor, lookups);
}

/**
 * Notes and track sessions: written by the vehicle's owner as themselves, on that vehicle only (admins pass before
 * this). Removing one is a soft delete (deleted_at), so a hard DELETE is refused like for requests. A record stays
 * with its vehicle and its author: whoever owns the vehicle now may change it, but never move it elsewhere.
 */
async function vehicleRecordRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete this; remove it instead');
  if (w.current !== null) {
    if ((await lookups.vehicleOwner(str(w.current.vehicle_id) ?? '')) !== actor.userId) return VEHICLE_NOT_YOURS;
    if (w.next?.vehicle_id !== w.current.vehicle_id) return deny('A record cannot move to another vehicle');
    if (w.next?.user_id !== w.current.user_id) return deny('A record keeps its author');
    return null;
  }
  if (str(w.next?.user_id) !== actor.userId) return deny('You can only write as yourself');
  const vehicleId = str(w.next?.vehicle_id);
  if (vehicleId === null || (await lookups.vehicleOwner(vehicleId)) !== actor.userId) return VEHICLE_NOT_YOURS;
  return null;
}

/** Work time: your own clock, on a request of your company. Only admins touch other people's clocks. */
async function worktimeRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete work time');
  if (w.current !== null && w.current.user_id !== actor.userId) return deny("Only an administrator can change another person's time");
  if (str(w.next?.user_id) !== actor.userId) return deny('You can only log your own time');
  const requestId = str(w.next?.service_request_id);
  const company = requestId === null ? undefined : await lookups.requestCompany(requestId);
  if (company === undefined || !worksFor(actor, company)) return REQUEST_NOT_YOURS;
  return null;
}

export async function authorize(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  // Accounts are created and removed through AuthService only, whoever asks.
  if (w.table === 'users' && w.kind !== 'PATCH') return deny('Accounts cannot be created or deleted this way');
  if (actor.isAdmin) return null;
  switch (w.table) {
    case 'users':
      return w.current?.id === actor.userId ? null : deny('You can only change your own account');
    case 'vehicles':
      return vehicleRule(w, actor);
    case 'qr_tags':
      return tagRule(w, actor, lookups);
    case 'customers':
      return customerRule(w, actor);
    case 'service_requests':
      return serviceRequestRule(w, actor, lookups);
    case 'worktime':
      return worktimeRule(w, actor, lookups);
    case 'vehicles_info':
      return deny('Only an administrator can edit vehicle info');
    case 'vehicle_notes':
    case 'track_sessions':
      return vehicleRecordRule(w, actor, lookups);
    case 'companies':
    case 'company_employees':
      return deny('Only an administrator can manage companies');
  }
}
