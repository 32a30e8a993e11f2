import { summarizeWork, totalAt, type WorkRecord } from '../../../domain/worktime.js';

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
 * their start-to-stop intervals, a clock still running counting until now.
 */
export function workTotalsMs(records: readonly ClockRecord[], now: number): Map<string, number> {
  const byRequest = new Map<string, WorkRecord[]>();
  for (const r of records) {
    let list = byRequest.get(r.service_request_id);
    if (!list) byRequest.set(r.service_request_id, (list = []));
    list.push({ id: r.id, userId: r.user_id, operation: r.operation, time: r.time });
  }
  return new Map([...byRequest].map(([requestId, list]) => [requestId, totalAt(summarizeWork(list), now)]));
}
