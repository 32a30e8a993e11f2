/**
 * Work time of SPEC §4, shared by the app and the server. Records are append-only start/stop events, each written
 * with the writing device's clock and uploaded whenever there is a network, so they arrive late, out of order and
 * from several devices. Everything here is derived from the records alone, ordered by their own time, never by
 * arrival:
 *
 * - Each user has one clock per request. Total time is the sum of that user's start-to-stop intervals.
 * - A start while the user's clock already runs changes nothing (the first start stands: two devices of one user
 *   that both started count the time once). A stop while it is stopped changes nothing (nothing to end).
 * - Records at the same instant cancel out: a start and a stop at one moment leave the clock as it was, whichever
 *   order they were written in.
 * - A request runs while any user's clock runs; its live total grows by the number of active users per second.
 * - A running interval whose start lies ahead of "now" (a device clock that runs fast) counts as zero until now
 *   reaches it, never as negative time.
 * - Records with an unknown operation or an unreadable time are ignored rather than trusted.
 */

import { timeProblem } from './clock.js';

export const WORK_START = 1;
export const WORK_STOP = 2;

export interface WorkRecord {
  id: string;
  userId: string;
  /** WORK_START or WORK_STOP. */
  operation: number;
  /** ISO-8601 text, or epoch milliseconds. */
  time: string | number;
}

export interface WorkInterval {
  startId: string;
  start: number;
  /** Null while the clock runs. */
  stopId: string | null;
  stop: number | null;
}

export interface UserClock {
  userId: string;
  /** Every interval in time order; only the last can be open. */
  intervals: WorkInterval[];
  /** Milliseconds of closed intervals. */
  closedMs: number;
  /** The open interval, while this user's clock runs. */
  running: WorkInterval | null;
}

export interface RequestClock {
  /** Users in the order they first started. */
  users: UserClock[];
  closedMs: number;
  /** Users whose clock runs, in the order they started the running interval. */
  active: UserClock[];
}

const timeOf = (value: string | number): number => (typeof value === 'number' ? value : Date.parse(value));

/** Orders one user's records at one instant: stops first while the clock runs (stop, then restart), else starts. */
function orderAtInstant(group: Array<{ id: string; operation: number }>, running: boolean) {
  const first = running ? WORK_STOP : WORK_START;
  return [...group.filter((r) => r.operation === first), ...group.filter((r) => r.operation !== first)];
}

function foldUser(userId: string, records: Array<{ id: string; operation: number; at: number }>): UserClock {
  records.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const intervals: WorkInterval[] = [];
  let running: WorkInterval | null = null;
  let closedMs = 0;
  for (let i = 0; i < records.length; ) {
    let j = i;
    while (j < records.length && records[j]!.at === records[i]!.at) j++;
    const at = records[i]!.at;
    for (const record of orderAtInstant(records.slice(i, j), running !== null)) {
      if (record.operation === WORK_START && running === null) {
        running = { startId: record.id, start: at, stopId: null, stop: null };
        intervals.push(running);
      } else if (record.operation === WORK_STOP && running !== null) {
        running.stopId = record.id;
        running.stop = at;
        closedMs += at - running.start;
        running = null;
      }
    }
    i = j;
  }
  return { userId, intervals, closedMs, running };
}

/** The state of one request's clocks from its records, in any order. */
export function summarizeWork(records: readonly WorkRecord[]): RequestClock {
  const byUser = new Map<string, Array<{ id: string; operation: number; at: number }>>();
  for (const record of records) {
    const at = timeOf(record.time);
    if (!Number.isFinite(at) || (record.operation !== WORK_START && record.operation !== WORK_STOP)) continue;
    let list = byUser.get(record.userId);
    if (!list) byUser.set(record.userId, (list = []));
    list.push({ id: record.id, operation: record.operation, at });
  }
  const users = [...byUser.entries()]
    .map(([userId, list]) => foldUser(userId, list))
    .filter((u) => u.intervals.length > 0)
    .sort((a, b) => a.intervals[0]!.start - b.intervals[0]!.start || (a.userId < b.userId ? -1 : 1));
  const active = users.filter((u) => u.running !== null).sort((a, b) => a.running!.start - b.running!.start);
  return { users, closedMs: users.reduce((sum, u) => sum + u.closedMs, 0), active };
}

/** A user's time at `now`: closed intervals plus the running one (never negative). */
export function userTotalAt(clock: UserClock, now: number): number {
  return clock.closedMs + (clock.running ? Math.max(0, now - clock.running.start) : 0);
}

/** The request's total labour at `now`: every user's time, so it runs N times as fast with N active users. */
export function totalAt(clock: RequestClock, now: number): number {
  return clock.users.reduce((sum, user) => sum + userTotalAt(user, now), 0);
}

/** The clock of one user on the request, or null when they never started. */
export function clockOf(clock: RequestClock, userId: string): UserClock | null {
  return clock.users.find((u) => u.userId === userId) ?? null;
}

/** SPEC §9 time format HH:MM:SS; hours keep growing past 99 rather than wrapping. Negative input reads as zero. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/**
 * The time to record for a stop pressed at `now`: never before the start it ends. A device whose clock runs slow
 * (behind the device that started) would otherwise write a stop that sorts before its start and leave the clock
 * running for ever; clamped, the interval is at worst zero and the person stopping can correct it.
 */
export function stopTimeFor(running: WorkInterval, now: number): number {
  return Math.max(now, running.start);
}

export type CorrectionError = 'stop-before-start' | 'stop-in-future' | 'start-before-previous' | 'start-before-request';

/**
 * What is wrong with corrected start and stop times for a running interval, or null when they can be saved: the
 * stop may not precede the start or lie in the future (a minute's grace for clocks), the start may not precede the
 * request's opening (`openedAt`; the server's bound, src/domain/clock.ts) nor move before the user's previous stop
 * on the request (intervals would overlap and reorder the records).
 */
export function correctionError(
  clock: UserClock,
  start: number,
  stop: number,
  now: number,
  openedAt: number | null,
): CorrectionError | null {
  if (stop < start) return 'stop-before-start';
  if (stop > now + 60_000) return 'stop-in-future';
  const problem = timeProblem(start, { now, parentMadeAt: openedAt });
  if (problem === 'before-parent' || problem === 'before-floor') return 'start-before-request';
  const previous = clock.intervals.filter((i) => i !== clock.running && i.stop !== null).at(-1);
  if (previous && start < previous.stop!) return 'start-before-previous';
  return null;
}
