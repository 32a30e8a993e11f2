import { summarizeRequests, totalAt, type RequestClock } from '../../domain/worktime.js';
import type { Row, WithRequired } from '../rows.js';

/** One start or stop of a person's clock on a request, as the clock math reads it (its columns are NOT NULL). */
export type WorkRecordRow = WithRequired<
  Pick<Row<'worktime'>, 'id' | 'service_request_id' | 'user_id' | 'operation' | 'time'>,
  'service_request_id' | 'user_id' | 'operation' | 'time'
>;

/**
 * The clocks of every request the records belong to, each person's time counted once across them
 * (src/domain/worktime.ts does the math).
 */
export function clocksOf(records: readonly WorkRecordRow[]): Map<string, RequestClock> {
  return summarizeRequests(
    records.map((r) => ({ id: r.id, requestId: r.service_request_id, userId: r.user_id, operation: r.operation, time: r.time })),
  );
}

/**
 * Recorded work per request at `now`: the sum over people of their start-to-stop intervals, a clock still running
 * counting until now, each person's moment counted once across the requests of `records` (give every record of the
 * people concerned, not only one vehicle's).
 */
export function workTotalsMs(records: readonly WorkRecordRow[], now: number): Map<string, number> {
  return new Map([...clocksOf(records)].map(([requestId, clock]) => [requestId, totalAt(clock, now)]));
}
