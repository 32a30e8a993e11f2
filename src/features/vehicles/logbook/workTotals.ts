import { summarizeRequests, totalAt } from '../../../domain/worktime.js';

/** A start (1) or stop (2) of one person's clock on a service request (SPEC §3 Worktime). */
export interface ClockRecord {
  id: string;
  service_request_id: string;
  user_id: string;
  operation: number;
  time: string;
}

/**
 * Recorded work per request at `now`, by the shared work-time rules (src/domain/worktime.ts): the sum over people of
 * their start-to-stop intervals, a clock still running counting until now, each person's moment counted once across
 * the requests of `records` (give every record of the people concerned, not only this vehicle's).
 */
export function workTotalsMs(records: readonly ClockRecord[], now: number): Map<string, number> {
  const clocks = summarizeRequests(
    records.map((r) => ({ id: r.id, requestId: r.service_request_id, userId: r.user_id, operation: r.operation, time: r.time })),
  );
  return new Map([...clocks].map(([requestId, clock]) => [requestId, totalAt(clock, now)]));
}
