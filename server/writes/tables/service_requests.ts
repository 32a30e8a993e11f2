import { mayHandleRequest, mayMoveRequest, mayOpenRequest, type Actor } from '../../../src/domain/access.js';
import {
  canMove,
  INITIAL_STATUSES,
  isRequestStatus,
  REQUEST_DESCRIPTION_MAX,
  statusColumns,
  statusOf,
  STATUS_LABELS,
} from '../../../src/domain/serviceStatus.js';
import { FLAG, HAPPENED, int, kept, needed, ref, REFERENCED, text, TIME } from '../columns.js';
import { readOnlyWhileDeleted } from '../deletedRows.js';
import { deny, DESCRIBE_THE_WORK, invalid, REQUEST_NOT_YOURS, VEHICLE_NOT_YOURS, type Refusal } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { iso, ms, str } from '../values.js';
import type { Lookups, Row, Write } from '../write.js';

/**
 * Service requests. Who may write is checked first; then the values every writer must respect,
 * administrators included: statuses move only along the lifecycle of src/domain/serviceStatus.ts, a request stays on
 * its vehicle, and only a company's current employees can be assigned. A deleted request takes only its restoring.
 */
export const service_requests = {
  columns: {
    description: kept(text(REQUEST_DESCRIPTION_MAX), DESCRIBE_THE_WORK), vehicle_id: needed(ref('vehicles'), 'A service request names its vehicle'),
    vehicle_service_status_id: int(0, 1000), assigned_user_id: ref('users'), has_started: kept(FLAG, 'A service request has either started or not'),
    company_id: ref('companies'), completed_at: HAPPENED, schedule_start: TIME, schedule_end: TIME, deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  // Who opened it, and who changed it last.
  serverColumns: (actor, creating) => ({ ...(creating ? { user_id: actor.userId } : {}), updated_by: actor.userId }),
  derivedColumns: requestColumns,
  forOthersThanAdmins: requestPermission,
  whileDeleted: readOnlyWhileDeleted(REFERENCED.service_requests),
  values: requestValues,
  missingRow: REQUEST_NOT_YOURS,
} satisfies TableWrites;

/**
 * Who may open a request: mayOpenRequest — the vehicle's owner (for any company, or none), or a current employee of
 * the request's company when the vehicle belongs to one of that company's customers. That the company exists and
 * stands is a value rule, for admins too (completeness.ts). Not every company servicing the vehicle
 * (server/vehicles/servicing.ts): a request an administrator moved to a company gives it that request to handle and the
 * vehicle to read, not the right to start more work on someone else's vehicle unasked.
 */
async function mayOpen(row: Row, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const vehicleId = str(row.vehicle_id);
  if (vehicleId === null) return VEHICLE_NOT_YOURS;
  const vehicle = { ownerId: await lookups.vehicleOwner(vehicleId), customerCompanyId: await lookups.vehicleCustomerCompany(vehicleId) };
  return mayOpenRequest(actor, vehicle, str(row.company_id)) ? null : VEHICLE_NOT_YOURS;
}

/** Who may change a request: mayHandleRequest — the vehicle's owner, or a current employee of the request's company. */
async function mayHandle(row: Row, actor: Actor, lookups: Lookups): Promise<boolean> {
  const vehicleId = str(row.vehicle_id);
  const ownerId = vehicleId === null ? undefined : await lookups.vehicleOwner(vehicleId);
  return mayHandleRequest(actor, ownerId, str(row.company_id));
}

/** The permission rule for non-admins (admins may write any request; the value rules still hold for them). */
async function requestPermission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE' && !mayMoveRequest(actor)) {
    return deny('Only an administrator can delete service requests; cancel or soft-delete instead');
  }
  if (w.current === null) return w.next === null ? null : mayOpen(w.next, actor, lookups);
  if (!(await mayHandle(w.current, actor, lookups))) return REQUEST_NOT_YOURS;
  if (w.next !== null && w.next.company_id !== w.current.company_id && !mayMoveRequest(actor)) {
    return deny('Only an administrator can move a request to another company');
  }
  return null;
}

/**
 * Columns the server fills in on every request write, before it is checked: a request opened without a company goes
 * to the company whose customer owns the vehicle (an owner asks their shop without knowing its id); a missing
 * status is REQUESTED; completed_at and has_started follow the status.
 */
async function requestColumns(current: Row | null, next: Row, lookups: Lookups): Promise<Row> {
  const out: Row = {};
  const vehicleId = str(next.vehicle_id);
  if (current === null && (next.company_id ?? null) === null && vehicleId !== null) {
    const company = await lookups.vehicleCustomerCompany(vehicleId);
    if (company !== null) out.company_id = company;
  }
  const sent = next.vehicle_service_status_id ?? null;
  if (sent !== null && !isRequestStatus(sent)) return out; // refused by the value rules
  const status = sent ?? statusOf(current ?? {});
  if (sent === null) out.vehicle_service_status_id = status;
  const hadStarted = current?.has_started === true || next.has_started === true;
  Object.assign(out, statusColumns(status, iso(next.completed_at), hadStarted, lookups.now().toISOString()));
  return out;
}

async function requestValues(w: Write, lookups: Lookups): Promise<Refusal | null> {
  const { current, next, changed } = w;
  if (next === null) return null;
  if (current !== null && next.vehicle_id !== current.vehicle_id) return deny('A service request stays on its vehicle');
  if ((current === null || changed.has('description')) && (str(next.description) ?? '').trim() === '') {
    return invalid(DESCRIBE_THE_WORK);
  }
  const status = next.vehicle_service_status_id;
  if (!isRequestStatus(status)) return invalid('Unknown service request status');
  if (current === null) {
    if (!INITIAL_STATUSES.includes(status)) return invalid(`A new request cannot be ${STATUS_LABELS[status].toLowerCase()}`);
  } else {
    const from = statusOf(current);
    if (!canMove(from, status)) return invalid(`A request cannot go from ${STATUS_LABELS[from]} to ${STATUS_LABELS[status]}`);
  }
  if (next.schedule_start != null && next.schedule_end != null && ms(next.schedule_end) < ms(next.schedule_start)) {
    return invalid('The schedule ends before it starts');
  }
  const assignee = str(next.assigned_user_id);
  if (assignee !== null && (current === null || changed.has('assigned_user_id')) && assignee !== current?.assigned_user_id) {
    const company = str(next.company_id);
    if (company === null) return invalid('Only a company request can be assigned');
    if (!(await lookups.isEmployee(assignee, company))) return invalid("The assigned person does not work for the request's company");
  }
  return null;
}
