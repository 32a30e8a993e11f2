import { mayClock, mayStopOthersClock, type Actor } from '../../../src/domain/access.js';
import { timeProblem, type TimeProblem } from '../../../src/domain/clock.js';
import { WORK_STOP } from '../../../src/domain/worktime.js';
import { wasDeleted } from '../../db/softDelete.js';
import { int, needed, ref, REFERENCED, TIME, type PgValue } from '../columns.js';
import { deny, invalid, REQUEST_NOT_YOURS, type Refusal } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { ms, str } from '../values.js';
import type { Lookups, Write } from '../write.js';

/**
 * Work time: start and stop records of a person's clock on a service request. change_time is the
 * server's (migration 0008); time is the device's. A record sent without user_id is its writer's own. A record,
 * once written, can only have its time corrected.
 */
export const worktime = {
  columns: {
    user_id: needed(ref('users'), 'A work record names whose time it is'),
    service_request_id: needed(ref('service_requests'), 'A work record names its service request'),
    operation: needed(int(1, 2), 'A work record is a start (1) or a stop (2)'), time: needed(TIME, 'A work record needs its time'),
  },
  madeOnDevice: { column: 'service_request_id', parent: 'service_requests' },
  serverColumns: (actor, creating, values): Record<string, PgValue> => (creating && values.user_id === undefined ? { user_id: actor.userId } : {}),
  forEveryone: worktimePermission,
  // The rule for everyone says it all: administrators are no exception to it.
  forOthersThanAdmins: () => null,
  values: worktimeValues,
  putsNothingNew: stopsOwnClock,
  missingRow: REQUEST_NOT_YOURS,
} satisfies TableWrites;

const WORK_OF_DELETED_REQUEST = `${wasDeleted(REFERENCED.service_requests)}; its work time cannot change`;

/** A new stop of the writer's own clock on a request where they started it: it ends their time, and adds nothing. */
async function stopsOwnClock(w: Write, actor: Actor, lookups: Lookups): Promise<boolean> {
  const row = w.next;
  if (w.current !== null || row === null) return false;
  if (row.operation !== WORK_STOP || str(row.user_id) !== actor.userId) return false;
  const requestId = str(row.service_request_id);
  return requestId !== null && (await lookups.hasStarted(actor.userId, requestId));
}

/**
 * Work time, for every role: your own clock, on a request of a company you work for (mayClock); an admin on any
 * request, and an admin may also stop (never start) someone else's clock and correct anyone's times
 * (mayStopOthersClock). Deleting is for admins. The work time of a deleted request is as read-only as the request,
 * for everyone: nothing is logged, corrected or removed until an administrator restores the request. One exception
 * to both: anyone may stop their own clock where they started it, even once the request is removed or they have left
 * its company — it only ends their own time, and starting work elsewhere writes that stop for them (one person, one
 * clock), so refusing it would refuse the start too.
 */
async function worktimePermission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (await stopsOwnClock(w, actor, lookups)) return null;
  const row = w.next ?? w.current;
  if (w.kind === 'DELETE') {
    if (!mayStopOthersClock(actor)) return deny('Only an administrator can delete work time');
  } else if (w.current !== null) {
    if (w.current.user_id !== actor.userId && !mayStopOthersClock(actor)) return deny("Only an administrator can change another person's time");
  } else if (str(row?.user_id) !== actor.userId) {
    if (!mayStopOthersClock(actor)) return deny('You can only log your own time');
    if (row?.operation !== WORK_STOP) return deny("Nobody can start another person's clock");
  }
  const requestId = str(row?.service_request_id);
  const request = requestId === null ? undefined : await lookups.request(requestId);
  if (request === undefined || !mayClock(actor, request.companyId)) return REQUEST_NOT_YOURS;
  return request.deleted ? invalid(WORK_OF_DELETED_REQUEST) : null;
}

/** Why a work time that cannot be true is refused (src/domain/clock.ts decides which cannot). */
const WORK_TIME_PROBLEMS: Record<TimeProblem, string> = {
  ahead: "The work time is ahead of the server's clock; check this device's clock",
  'before-parent': 'The work time is before the request was opened',
  'before-floor': 'The work time is before the request was opened',
};

/**
 * Every work record names its start or stop and its time (its columns), which must be one that could be true: not
 * ahead of the server's clock, not before its request was opened (each allowing for clock skew). Records are kept,
 * not rewritten: later writes may only correct the time (who, which request and which operation stay). No rule
 * looks at the other records: a stop that arrives before its start, days late, or twice is stored as sent, and
 * src/domain/worktime.ts totals them by time.
 */
async function worktimeValues(w: Write, lookups: Lookups): Promise<Refusal | null> {
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
