import { useMemo } from 'react';
import { summarizeWork, type RequestClock } from '../../domain/worktime.js';
import type { WorkRow } from './queries.js';

/** The clocks of every request the work rows belong to (src/domain/worktime.ts does the math). */
export function useClocks(rows: readonly WorkRow[]): Map<string, RequestClock> {
  return useMemo(() => {
    const byRequest = new Map<string, WorkRow[]>();
    for (const row of rows) {
      const list = byRequest.get(row.service_request_id) ?? [];
      list.push(row);
      byRequest.set(row.service_request_id, list);
    }
    return new Map(
      [...byRequest.entries()].map(([id, list]) => [
        id,
        summarizeWork(list.map((r) => ({ id: r.id, userId: r.user_id, operation: r.operation, time: r.time }))),
      ]),
    );
  }, [rows]);
}

/** Names by user id, as the work rows carry them. */
export function useWorkerNames(rows: readonly WorkRow[]): Map<string, string | null> {
  return useMemo(() => new Map(rows.map((r) => [r.user_id, r.user_name])), [rows]);
}
