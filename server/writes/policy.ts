import type { Actor } from '../../src/domain/access.js';
import { mayRemoveFile, parseFormKey, type AttachmentTarget } from '../../src/domain/files.js';
import type { ParentTable, PgValue, WritableTable } from './columns.js';
import { deadReference, missingValue, type RowFacts } from './completeness.js';
import { deletedRowRule } from './deletedRows.js';
import { deny, invalid, REQUEST_NOT_YOURS, VEHICLE_NOT_YOURS, type Refusal } from './refusals.js';
import {
  ms,
  serviceRequestColumns,
  serviceRequestPermission,
  serviceRequestValues,
  stopsOwnClock,
  worktimePermission,
  worktimeValues,
} from './servicePolicy.js';

export { REQUEST_NOT_YOURS, VEHICLE_NOT_YOURS, type Actor, type Refusal };

/**
 * Who may write what through sync (SPEC §6): owners their vehicles, the notes and track sessions on them and
 * service requests on them, admins anything
 * the app edits, company employees their company's customers, the requests on those customers' vehicles and work
 * time on their company's requests, anyone the claim of a free tag for their own vehicle. Pure: the facts it needs
 * about other rows come through `Lookups`, so every rule is unit-tested (tests/unit/uploadPolicy.test.ts, both the
 * allowed and the refused side of each).
 */

export type CrudKind = 'PUT' | 'PATCH' | 'DELETE';
export type Row = Record<string, PgValue | Date | undefined>;

export interface Lookups extends RowFacts {
  /** The owner of a vehicle: null when unowned, undefined when there is no such vehicle. */
  vehicleOwner(vehicleId: string): Promise<string | null | undefined>;
  /** A service request's company (null when none) and whether it was soft-deleted; undefined when there is no such request. */
  request(requestId: string): Promise<{ companyId: string | null; deleted: boolean } | undefined>;
  /** The company whose customer the vehicle's info names, when neither is deleted; null otherwise. */
  vehicleCustomerCompany(vehicleId: string): Promise<string | null>;
  /** Whether the user works for the company right now (an open employee link). */
  isEmployee(userId: string, companyId: string): Promise<boolean>;
  /** Whether the user has ever started their clock on the request (deleted or not). */
  hasStarted(userId: string, requestId: string): Promise<boolean>;
  /** When a row was made (its created_at), deleted or not; undefined when there is no such row. */
  createdAt(table: ParentTable, id: string): Promise<Date | undefined>;
  /** What an upload bucket's files are attached to (its form_key); null for no such bucket. */
  bucketTarget(bucketId: string): Promise<AttachmentTarget | null>;
  /** The server's clock. */
  now(): Date;
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

const CUSTOMER_NOT_YOURS: Refusal = { code: 'not_found', message: 'Customer not found or not yours' };

/** The answer for a change to a row that does not exist: the same as for one that exists but is not the caller's. */
export function missingRow(table: WritableTable): Refusal {
  if (table === 'vehicles') return VEHICLE_NOT_YOURS;
  if (table === 'service_requests' || table === 'worktime') return REQUEST_NOT_YOURS;
  if (table === 'customers') return CUSTOMER_NOT_YOURS;
  return { code: 'not_found', message: 'There is no such row to change' };
}
const str = (v: unknown) => (typeof v === 'string' ? v : null);

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
 * Whether the caller may make the write, whether the row takes changes (a deleted company or request only its
 * restoring), then whether its values obey the rules every writer obeys. Permission comes first so that a caller
 * learns nothing about rows that are not theirs.
 */
export async function authorize(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const refusal = (await permission(w, actor, lookups)) ?? deletedRowRule(w, actor);
  if (refusal) return refusal;
  // Stopping one's own clock puts nothing new on its request: a deleted request does not refuse it.
  return valueRules(w, lookups, { onDeleted: await stopsOwnClock(w, actor, lookups) });
}

/** Server-filled columns that depend on the row as it would be (see servicePolicy.ts); applied before authorize. */
export async function derivedColumns(table: WritableTable, current: Row | null, next: Row, lookups: Lookups): Promise<Row> {
  return table === 'service_requests' ? serviceRequestColumns(current, next, lookups) : {};
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

/**
 * Removing a file from what it is attached to, by what the caller may do with that thing now (mayRemoveFile,
 * src/domain/files.ts): the vehicle's owner any, the request's current staff those they added; admins pass before
 * this. Having added the file is no right by itself. The stored bytes go once nothing refers to them (the upload
 * service's sweep).
 */
async function formFileRemovalRule(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.current === null) return missingRow(w.table);
  // What it is attached to: its bucket's target, or for a file the sweep took with its bucket, the one kept of it.
  const target = (await lookups.bucketTarget(str(w.current.upload_form_id) ?? '')) ?? parseFormKey(str(w.current.form_key) ?? '');
  const vehicleId = str(w.current.vehicle_id);
  // A deleted request is read-only, its files included: its staff no longer remove them.
  const request = target?.kind === 'service_request' ? await lookups.request(target.id) : undefined;
  const party = {
    isAdmin: actor.isAdmin,
    ownsVehicle: vehicleId !== null && (await lookups.vehicleOwner(vehicleId)) === actor.userId,
    staffOfRequest: request !== undefined && !request.deleted && worksFor(actor, request.companyId),
  };
  return mayRemoveFile(party, w.current.user_id === actor.userId) ? null : FILE_NOT_YOURS;
}

const FILE_NOT_YOURS: Refusal = { code: 'not_found', message: 'File not found or not yours' };

/**
 * The rules every writer's values obey, admins included: a row is never without what it needs, each table's own
 * rules, and ids that name existing rows, none soft-deleted (last, so that the table's rules answer first where they
 * say more).
 */
async function valueRules(w: Write, lookups: Lookups, allow: { onDeleted: boolean }): Promise<Refusal | null> {
  return missingValue(w) ?? (await tableValues(w, lookups)) ?? (allow.onDeleted ? null : deadReference(w, lookups));
}

async function tableValues(w: Write, lookups: Lookups): Promise<Refusal | null> {
  if (w.table === 'service_requests') return serviceRequestValues(w, lookups);
  if (w.table === 'worktime') return worktimeValues(w, lookups);
  if (w.table === 'company_employees') return employmentValues(w);
  return null;
}

function employmentValues({ next }: Write): Refusal | null {
  if (next?.start_date != null && next.end_date != null && ms(next.end_date) < ms(next.start_date)) {
    return invalid('An employment cannot end before it starts');
  }
  return null;
}

async function permission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  // Accounts are created and removed through AuthService only, whoever asks.
  if (w.table === 'users' && w.kind !== 'PATCH') return deny('Accounts cannot be created or deleted this way');
  // Admins included: nobody starts another person's clock, nor touches the work time of a deleted request.
  if (w.table === 'worktime') return worktimePermission(w, actor, lookups);
  // Admins included: files come with their bytes through the Upload service, never as bare rows.
  if (w.table === 'upload_form_files' && w.kind !== 'DELETE') return deny('Files are added through the upload service');
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
      return serviceRequestPermission(w, actor, lookups);
    case 'vehicles_info':
      return deny('Only an administrator can edit vehicle info');
    case 'vehicle_notes':
    case 'track_sessions':
      return vehicleRecordRule(w, actor, lookups);
    case 'companies':
    case 'company_employees':
      return deny('Only an administrator can manage companies');
    case 'upload_form_files':
      return formFileRemovalRule(w, actor, lookups);
  }
}
