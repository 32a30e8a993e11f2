/** A start (1) or stop (2) of one person's clock on a service request (SPEC §3 Worktime). */
export interface ClockRecord {
  service_request_id: string;
  user_id: string;
  operation: number;
  time: string;
}

const START = 1;

/**
 * Recorded work per request (SPEC §4): the sum over people of their start-to-stop intervals. A start runs until
 * that person's next record on the request; the latest start, while nothing follows it, runs until `now`.
 */
export function workTotalsMs(records: readonly ClockRecord[], now: number): Map<string, number> {
  const byClock = new Map<string, ClockRecord[]>();
  for (const r of records) {
    const key = `${r.service_request_id}\u0000${r.user_id}`;
    const list = byClock.get(key) ?? [];
    list.push(r);
    byClock.set(key, list);
  }
  const totals = new Map<string, number>();
  for (const list of byClock.values()) {
    list.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    list.forEach((r, i) => {
      if (r.operation !== START) return;
      const end = i + 1 < list.length ? Date.parse(list[i + 1]!.time) : now;
      const span = Math.max(0, end - Date.parse(r.time));
      totals.set(r.service_request_id, (totals.get(r.service_request_id) ?? 0) + span);
    });
  }
  return totals;
}
