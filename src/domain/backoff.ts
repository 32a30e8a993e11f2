// How long to wait before trying again after a failure: one rule for every retry the app makes (the sync
// connection and its credentials, uploads of changes, uploads of files), so a server that stops answering sees
// each device's attempts thin out instead of arriving every second, and devices that failed together (an outage)
// do not come back together.

export interface BackoffSchedule {
  /** The step before the first retry. */
  baseMs: number;
  /** Steps double from the base up to this ceiling. */
  capMs: number;
}

/** Connections and uploads of changes: 1 s doubling to a minute, so a device notices a recovery within a minute. */
export const RETRY_SCHEDULE: BackoffSchedule = { baseMs: 1000, capMs: 60_000 };

/** The step before retry number `attempt` (1 = the first retry). */
export function backoffStep(attempt: number, schedule: BackoffSchedule = RETRY_SCHEDULE): number {
  return Math.min(schedule.capMs, schedule.baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * The wait before retry number `attempt`, for a random number in [0, 1): half the step fixed and half at random
 * ("equal jitter"). The random half spreads devices that failed together over half a step; the fixed half bounds
 * how often any one device can try, whatever its random numbers, which is what maxAttemptsWithin counts on.
 */
export function backoffDelay(attempt: number, random: number, schedule: BackoffSchedule = RETRY_SCHEDULE): number {
  const step = backoffStep(attempt, schedule);
  return Math.round(step / 2 + (step / 2) * Math.min(1, Math.max(0, random)));
}

/** The shortest wait before retry number `attempt`: half its step. */
export function shortestDelay(attempt: number, schedule: BackoffSchedule = RETRY_SCHEDULE): number {
  return Math.round(backoffStep(attempt, schedule) / 2);
}

/**
 * The most attempts a device following the schedule can make within `elapsedMs` of its first failure, counting the
 * first attempt: each retry waits at least half its step.
 */
export function maxAttemptsWithin(elapsedMs: number, schedule: BackoffSchedule = RETRY_SCHEDULE): number {
  let attempts = 1;
  let waited = 0;
  for (;;) {
    waited += shortestDelay(attempts, schedule);
    if (waited > elapsedMs) return attempts;
    attempts++;
  }
}

/** A streak of failures: each one lengthens the next wait, a success ends the streak. */
export class Backoff {
  private failures = 0;

  constructor(
    private readonly schedule: BackoffSchedule = RETRY_SCHEDULE,
    private readonly random: () => number = Math.random,
  ) {}

  /** Records a failure; returns how long to wait before the next attempt. */
  failed(): number {
    this.failures++;
    return backoffDelay(this.failures, this.random(), this.schedule);
  }

  /** A success, or a reason to try at once (the network came back, the person asked): the next wait is short again. */
  reset(): void {
    this.failures = 0;
  }

  /** Failures since the last reset. */
  get streak(): number {
    return this.failures;
  }
}
