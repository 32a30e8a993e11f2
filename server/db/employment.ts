import type { Queryable } from './db.js';

/**
 * SQL for "this link makes its user an employee right now": its start reached, its end not passed, its company not
 * deleted (migration 0018 defines tagbook_link_current), for a company_employees row aliased `alias`. Every
 * server-side check uses it; the sync rules read the stored flag, is_current, which is the same function's answer.
 */
export const currentlyEmployed = (alias: string) =>
  `tagbook_link_current(${alias}.company_id, ${alias}.start_date, ${alias}.end_date)`;

/** How long the job sleeps at most: a link written with a start or end a few seconds ahead is seen in time. */
export const EMPLOYMENT_CHECK_MAX_MS = 5_000;

/**
 * Rewrites the flag of links whose start or end time has passed since it was computed (the BEFORE trigger computes
 * it again), and returns how many changed and when the next start or end falls due.
 */
export async function refreshEmployment(db: Queryable): Promise<{ changed: number; nextBoundary: Date | null }> {
  // Looked for first: an UPDATE statement on a synced table takes the change log's lock even when it matches nothing.
  const stale = await db.query(`select 1 from company_employees e where e.is_current is distinct from ${currentlyEmployed('e')} limit 1`);
  const changed =
    stale.length === 0
      ? []
      : await db.query(
          `update company_employees e set is_current = not e.is_current
            where e.is_current is distinct from ${currentlyEmployed('e')} returning e.id`,
        );
  const [next] = await db.query<{ at: Date | null }>(
    `select least((select min(start_date) from company_employees where start_date > now()),
                  (select min(end_date) from company_employees where end_date > now())) as at`,
  );
  return { changed: changed.length, nextBoundary: next?.at ?? null };
}

/** Delay until the next check: the next boundary (a moment after it), never longer than the cap. */
export function nextCheckDelay(nextBoundary: Date | null, nowMs: number, maxMs = EMPLOYMENT_CHECK_MAX_MS): number {
  if (nextBoundary === null) return maxMs;
  return Math.min(maxMs, Math.max(0, nextBoundary.getTime() - nowMs + 10));
}

/** Runs refreshEmployment on a timer in the process that leads (one writer is enough); returns its stop. */
export function scheduleEmploymentRefresh(db: Queryable, isLeader: () => boolean): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (stopped) return;
    running = (isLeader() ? refreshEmployment(db) : Promise.resolve({ nextBoundary: null }))
      .then(
        (result) => nextCheckDelay(result.nextBoundary, Date.now()),
        (error: unknown) => {
          console.error('employment refresh failed', error);
          return EMPLOYMENT_CHECK_MAX_MS;
        },
      )
      .then((delay) => {
        running = null;
        if (!stopped) timer = setTimeout(tick, delay).unref();
      });
  };
  tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
