/**
 * Times written on devices, checked against the server's clock. A record keeps the time its device gave it (a note
 * written offline on Saturday stays Saturday's), as long as that time could be true.
 */

/**
 * How far a device's clock may be from the server's. Every signed request carries the device's time and the server
 * refuses one further off than this (server/accounts/authenticate.ts), so a device that uploads at all keeps its clock
 * within it; the times it writes are held to the same limit.
 */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** No record of this service was made before this day: an earlier time comes from a clock that was never set. */
export const RECORD_TIME_FLOOR_MS = Date.UTC(2020, 0, 1);

export type TimeProblem = 'ahead' | 'before-parent' | 'before-floor';

export interface TimeBounds {
  /** The server's clock. */
  now: number;
  /** When the row this one belongs to was made (a note's vehicle, a work record's request), when it has one. */
  parentMadeAt?: number | null;
}

/**
 * Why a time written on a device cannot be true, or null when it can: it may run ahead of the server by one clock's
 * skew, and precede its parent by two (each was written on its own device's clock), never precede the floor.
 */
export function timeProblem(at: number, bounds: TimeBounds): TimeProblem | null {
  if (!Number.isFinite(at) || at < RECORD_TIME_FLOOR_MS) return 'before-floor';
  if (at > bounds.now + MAX_CLOCK_SKEW_MS) return 'ahead';
  if (bounds.parentMadeAt != null && at < bounds.parentMadeAt - 2 * MAX_CLOCK_SKEW_MS) return 'before-parent';
  return null;
}
