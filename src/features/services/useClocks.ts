import { useMemo } from 'react';
import { summarizeRequests, type RequestClock } from '../../domain/worktime.js';
import type { WorkRow } from './queries.js';

/**
 * The clocks of every request the work rows belong to, each person's time counted once across them
 * (src/domain/worktime.ts does the math).
 */
export function useClocks(rows: readonly WorkRow[]): Map<string, RequestClock> {
  return useMemo(
    () => summarizeRequests(rows.map((r) => ({ id: r.id, requestId: r.service_request_id, userId: r.user_id, operation: r.operation, time: r.time }))),
    [rows],
  );
}

/** Names by user id, as the work rows carry them. */
export function useWorkerNames(rows: readonly WorkRow[]): Map<string, string | null> {
  return useMemo(() => new Map(rows.map((r) => [r.user_id, r.user_name])), [rows]);
}

/** What the work rows say of each request they belong to: a flagged overlap names and links the other request. */
export interface RequestLabel {
  description: string | null;
  vehicleId: string | null;
}

export function useRequestLabels(rows: readonly WorkRow[]): Map<string, RequestLabel> {
  return useMemo(
    () => new Map(rows.map((r) => [r.service_request_id, { description: r.request_description, vehicleId: r.request_vehicle_id }])),
    [rows],
  );
}
