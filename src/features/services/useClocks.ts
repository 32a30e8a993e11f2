import { useMemo } from 'react';
import type { RequestClock } from '../../domain/worktime.js';
import type { WorkRow } from '../../entities/worktime/queries.js';
import { clocksOf } from '../../entities/worktime/records.js';

/** The clocks of every request the work rows belong to, each person's time counted once across them. */
export function useClocks(rows: readonly WorkRow[]): Map<string, RequestClock> {
  return useMemo(() => clocksOf(rows), [rows]);
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
