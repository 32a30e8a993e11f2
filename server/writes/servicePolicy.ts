import {
  canMove,
  INITIAL_STATUSES,
  isRequestStatus,
  statusColumns,
  statusOf,
  STATUS_LABELS,
} from '../../src/domain/serviceStatus.js';
import { timeProblem, type TimeProblem } from '../../src/domain/clock.js';
import { WORK_STOP } from '../../src/domain/worktime.js';
import { wasDeleted } from '../db/softDelete.js';
import { REFERENCED } from './columns.js';
import type { Actor, Lookups, Row, Write } from './policy.js';
import { deny, DESCRIBE_THE_WORK, invalid, REQUEST_NOT_YOURS, VEHICLE_NOT_YOURS, type Refusal } from './refusals.js';

/**
 * Service requests and work time (SPEC §4, §6). Who may write (the permission rules) is checked first; then the
 * values every writer must respect, admins included: statuses move only along the lifecycle of
 * src/domain/serviceStatus.ts, a request stays on its vehicle, only a company's current employees can be assigned,
 * and a work record, once written, can only have its time corrected.
 */

const str = (v: unknown) => (typeof v === 'string' ? v : null);

function worksFor(actor: Actor, companyId: unknown): boolean {
  return typeof companyId === 'string' && actor.companyIds.has(companyId);
}

/** Epoch milliseconds of a value as sent (ISO text) or as stored (a Date); NaN for anything else. */
export function ms(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

const iso = (value: unknown): string | null => (value === null || value === undefined ? null : new Date(ms(value)).toISOString());

// ---- Service requests ------------------------------------------------------------------------------------------

/**
 * Who may open a request: the vehicle's owner (for any company, or none), or a current employee of the request's
 * company when the vehicle belongs to one of that company's customers. That the company exists and stands is a value
 * rule, for admins too (completeness.ts). Not every company servicing the vehicle (server/db/servicing.ts): a request
 * an administrator moved to a company gives it that request to handle (mayHandle) and the vehicle to read, not the
 * right to start more work on someone else's vehicle unasked — the owner, the customer's company or an admin does.
 */
async function mayOpen(row: Row, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const vehicleId = str(row.vehicle_id);
  if (vehicleId === null) return VEHICLE_NOT_YOURS;
  if ((await lookups.vehicleOwner(vehicleId)) === actor.userId) return null;
  const companyId = str(row.company_id);
  if (worksFor(actor, companyId) && (await lookups.vehicleCustomerCompany(vehicleId)) === companyId) return null;
  return VEHICLE_NOT_YOURS;
}

/** Who may change a request: the vehicle's owner, or a current employee of the request's company. */
async function mayHandle(row: Row, actor: Actor, lookups: Lookups): Promise<boolean> {
  const vehicleId = str(row.vehicle_id);
  if (vehicleId !== null && (await lookups.vehicleOwner(vehicleId)) === actor.userId) return true;
  return worksFor(actor, row.company_id);
}

/** The permission rule for non-admins (admins may write any request; the value rules still hold for them). */
export async function serviceRequestPermission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete service requests; cancel or soft-delete instead');
  if (w.current === null) return w.next === null ? null : mayOpen(w.next, actor, lookups);
  if (!(await mayHandle(w.current, actor, lookups))) return REQUEST_NOT_YOURS;
  if (w.next !== null && w.next.company_id !== w.current.company_id) {
    return deny('Only an administrator can move a request to another company');
  }
  return null;
}

/**
 * Columns the server fills in on every request write, before it is checked: a request opened without a company goes
 * to the company whose customer owns the vehicle (an owner asks their shop without knowing its id); a missing
 * status is REQUESTED; completed_at and has_started follow the status.
 */
export async function serviceRequestColumns(current: Row | null, next: Row, lookups: Lookups): Promise<Row> {
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

export async function serviceRequestValues(w: Write, lookups: Lookups): Promise<Refusal | null> {
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

// ---- Work time ---------------------------------------------------------------------------------------------------

const WORK_OF_DELETED_REQUEST = `${wasDeleted(REFERENCED.service_requests)}; its work time cannot change`;

/** A new stop of the writer's own clock on a request where they started it: it ends their time, and adds nothing. */
export async function stopsOwnClock(w: Write, actor: Actor, lookups: Lookups): Promise<boolean> {
  const row = w.next;
  if (w.table !== 'worktime' || w.current !== null || row === null) return false;
  if (row.operation !== WORK_STOP || str(row.user_id) !== actor.userId) return false;
  const requestId = str(row.service_request_id);
  return requestId !== null && (await lookups.hasStarted(actor.userId, requestId));
}

/**
 * Work time, for every role: your own clock, on a request of a company you work for; an admin on any request, and
 * an admin may also stop (never start) someone else's clock and correct anyone's times. Deleting is for admins. The
 * work time of a deleted request is as read-only as the request, for everyone: nothing is logged, corrected or
 * removed until an administrator restores the request. One exception to both: anyone may stop their own clock where
 * they started it, even once the request is removed or they have left its company — it only ends their own time, and
 * starting work elsewhere writes that stop for them (one person, one clock), so refusing it would refuse the start too.
 */
export async function worktimePermission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (await stopsOwnClock(w, actor, lookups)) return null;
  const row = w.next ?? w.current;
  if (w.kind === 'DELETE') {
    if (!actor.isAdmin) return deny('Only an administrator can delete work time');
  } else if (w.current !== null) {
    if (w.current.user_id !== actor.userId && !actor.isAdmin) return deny("Only an administrator can change another person's time");
  } else if (str(row?.user_id) !== actor.userId) {
    if (!actor.isAdmin) return deny('You can only log your own time');
    if (row?.operation !== WORK_STOP) return deny("Nobody can start another person's clock");
  }
  const requestId = str(row?.service_request_id);
  const request = requestId === null ? undefined : await lookups.request(requestId);
  if (request === undefined || !(actor.isAdmin || worksFor(actor, request.companyId))) return REQUEST_NOT_YOURS;
  return request.deleted ? invalid(WORK_OF_DELETED_REQUEST) : null;
}

/** Why a work time that cannot be true is refused (src/domain/clock.ts decides which cannot). */
const WORK_TIME_PROBLEMS: Record<TimeProblem, string> = {
  ahead: "The work time is ahead of the server's clock; check this device's clock",
  'before-parent': 'The work time is before the request was opened',
  'before-floor': 'The work time is before the request was opened',
};

/**
 * Every work record names its start or stop and its time (columns.ts), which must be one that could be true: not ahead of the
 * server's clock, not before its request was opened (each allowing for clock skew). Records are kept, not
 * rewritten: later writes may only correct the time (who, which request and which operation stay). No rule looks at
 * the other records: a stop that arrives before its start, days late, or twice is stored as sent, and
 * src/domain/worktime.ts totals them by time.
 */
export async function worktimeValues(w: Write, lookups: Lookups): Promise<Refusal | null> {
  const { current, next } = w;
  if (next === null) return null;
  if (current !== null) {
    for (const column of ['user_id', 'service_request_id', 'operation'] as const) {
      if (next[column] !== current[column]) return deny('Only the time of a work record can be corrected');
    }
  }
  const requestId = str(next.service_request_id);
  const opened = requestId === null ? undefined : await lookups.createdAt('service_requests', requestId);
  const problem = timeProblem(ms(next.time), { now: lookups.now().getTime(), parentMadeAt: opened?.getTime() ?? null });
  return problem === null ? null : invalid(WORK_TIME_PROBLEMS[problem]);
}
