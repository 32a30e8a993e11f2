/**
 * Work time on requests, shared by the app and the server. Records are append-only start/stop events, each written
 * with the writing device's clock and uploaded whenever there is a network, so they arrive late, out of order and
 * from several devices. Everything here is derived from the records alone, ordered by their own time, never by
 * arrival:
 *
 * - Each user has one clock per request, and its stretches are that user's start-to-stop intervals.
 * - A start while the user's clock already runs changes nothing (the first start stands: two devices of one user
 *   that both started count the time once). A stop while it is stopped changes nothing (nothing to end).
 * - Records at the same instant cancel out: a start and a stop at one moment leave the clock as it was, whichever
 *   order they were written in.
 * - One person, one clock: a moment of a person counts once. Where a person's stretches on two requests overlap
 *   (two devices that were offline; the app itself stops the running clock when another starts), the moment counts
 *   for the request whose stretch started last, and the overlap is flagged on both. Totals are the counted time.
 * - A request runs while any user's clock runs; its live total grows by the number of users whose time counts there.
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

export interface RequestWorkRecord extends WorkRecord {
  requestId: string;
}

/** A stretch of time; an open one (stop null) runs until now. */
export interface Span {
  start: number;
  stop: number | null;
}

/** Where a person's stretch overlaps their own stretch on another request. */
export interface Overlap extends Span {
  requestId: string;
  /** Whether the overlapping time counts on this request (its stretch started last) or on the other. */
  countedHere: boolean;
}

export interface WorkInterval extends Span {
  startId: string;
  /** Null while the clock runs. */
  stopId: string | null;
  /** The pieces of the stretch that count for this request: all of it unless it overlaps a later stretch. */
  counted: Span[];
  overlaps: Overlap[];
}

export interface UserClock {
  userId: string;
  /** Every interval in time order; only the last can be open. */
  intervals: WorkInterval[];
  /** Counted milliseconds of closed pieces. */
  closedMs: number;
  /** The open interval, while this user's clock runs here by its records. */
  running: WorkInterval | null;
  /** Since when this user's time counts here, while it does (their running stretch, unless one elsewhere took over). */
  countingSince: number | null;
}

export interface RequestClock {
  /** Users in the order they first started. */
  users: UserClock[];
  closedMs: number;
  /** Users whose clock runs, in the order they started the running interval. */
  active: UserClock[];
  /** Users whose time counts here now, in the same order. */
  counting: UserClock[];
}

const timeOf = (value: string | number): number => (typeof value === 'number' ? value : Date.parse(value));
const endOf = (span: Span) => span.stop ?? Number.POSITIVE_INFINITY;

/** Orders one user's records at one instant: stops first while the clock runs (stop, then restart), else starts. */
function orderAtInstant(group: Array<{ id: string; operation: number }>, running: boolean) {
  const first = running ? WORK_STOP : WORK_START;
  return [...group.filter((r) => r.operation === first), ...group.filter((r) => r.operation !== first)];
}

/** One user's stretches on one request, from their records there. */
function foldUser(records: Array<{ id: string; operation: number; at: number }>): WorkInterval[] {
  records.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const intervals: WorkInterval[] = [];
  let running: WorkInterval | null = null;
  for (let i = 0; i < records.length; ) {
    let j = i;
    while (j < records.length && records[j]!.at === records[i]!.at) j++;
    const at = records[i]!.at;
    for (const record of orderAtInstant(records.slice(i, j), running !== null)) {
      if (record.operation === WORK_START && running === null) {
        running = { startId: record.id, start: at, stopId: null, stop: null, counted: [], overlaps: [] };
        intervals.push(running);
      } else if (record.operation === WORK_STOP && running !== null) {
        running.stopId = record.id;
        running.stop = at;
        running = null;
      }
    }
    i = j;
  }
  return intervals;
}

/** `span` less the parts covered by `cuts`. */
function subtract(span: Span, cuts: Span[]): Span[] {
  const pieces: Span[] = [];
  let from = span.start;
  for (const cut of [...cuts].sort((a, b) => a.start - b.start)) {
    if (endOf(cut) <= from || cut.start >= endOf(span)) continue;
    if (cut.start > from) pieces.push({ start: from, stop: cut.start });
    from = Math.max(from, endOf(cut));
  }
  if (from < endOf(span)) pieces.push({ start: from, stop: span.stop });
  return pieces;
}

/**
 * Fills in what counts of each of one person's stretches, all requests together: a stretch that started later on
 * another request (ties: by request id) takes over the moments both cover, and both are flagged.
 */
function settlePerson(stretches: Array<{ requestId: string; interval: WorkInterval }>) {
  const later = (a: (typeof stretches)[number], b: (typeof stretches)[number]) =>
    b.interval.start > a.interval.start || (b.interval.start === a.interval.start && b.requestId > a.requestId);
  for (const own of stretches) {
    const others = stretches.filter((o) => o.requestId !== own.requestId);
    own.interval.counted = subtract(own.interval, others.filter((o) => later(own, o)).map((o) => o.interval));
    own.interval.overlaps = others.flatMap((o) => {
      const start = Math.max(own.interval.start, o.interval.start);
      const stop = Math.min(endOf(own.interval), endOf(o.interval));
      return start < stop ? [{ requestId: o.requestId, start, stop: Number.isFinite(stop) ? stop : null, countedHere: !later(own, o) }] : [];
    });
  }
}

function userClock(userId: string, intervals: WorkInterval[]): UserClock {
  const pieces = intervals.flatMap((i) => i.counted);
  const open = pieces.find((p) => p.stop === null) ?? null;
  return {
    userId,
    intervals,
    closedMs: pieces.reduce((sum, p) => sum + (p.stop === null ? 0 : p.stop - p.start), 0),
    running: intervals.find((i) => i.stop === null) ?? null,
    countingSince: open?.start ?? null,
  };
}

function requestClock(users: UserClock[]): RequestClock {
  users.sort((a, b) => a.intervals[0]!.start - b.intervals[0]!.start || (a.userId < b.userId ? -1 : 1));
  const active = users.filter((u) => u.running !== null).sort((a, b) => a.running!.start - b.running!.start);
  return { users, closedMs: users.reduce((sum, u) => sum + u.closedMs, 0), active, counting: active.filter((u) => u.countingSince !== null) };
}

/** The clocks of every request the records name, from records in any order, each person's time counted once. */
export function summarizeRequests(records: readonly RequestWorkRecord[]): Map<string, RequestClock> {
  const byPerson = new Map<string, Map<string, Array<{ id: string; operation: number; at: number }>>>();
  for (const record of records) {
    const at = timeOf(record.time);
    if (!Number.isFinite(at) || (record.operation !== WORK_START && record.operation !== WORK_STOP)) continue;
    const requests = byPerson.get(record.userId) ?? new Map<string, Array<{ id: string; operation: number; at: number }>>();
    byPerson.set(record.userId, requests);
    const list = requests.get(record.requestId) ?? [];
    requests.set(record.requestId, list);
    list.push({ id: record.id, operation: record.operation, at });
  }
  const usersByRequest = new Map<string, UserClock[]>();
  for (const [userId, requests] of byPerson) {
    const folded = [...requests].map(([requestId, list]) => ({ requestId, intervals: foldUser(list) }));
    settlePerson(folded.flatMap(({ requestId, intervals }) => intervals.map((interval) => ({ requestId, interval }))));
    for (const { requestId, intervals } of folded) {
      if (intervals.length === 0) continue;
      const users = usersByRequest.get(requestId) ?? [];
      usersByRequest.set(requestId, users);
      users.push(userClock(userId, intervals));
    }
  }
  return new Map([...usersByRequest].map(([requestId, users]) => [requestId, requestClock(users)]));
}

/** The state of one request's clocks from its records alone, in any order. */
export function summarizeWork(records: readonly WorkRecord[]): RequestClock {
  return summarizeRequests(records.map((r) => ({ ...r, requestId: '' }))).get('') ?? requestClock([]);
}

/** A user's counted time at `now`: closed pieces plus the one counting now (never negative). */
export function userTotalAt(clock: UserClock, now: number): number {
  return clock.closedMs + (clock.countingSince !== null ? Math.max(0, now - clock.countingSince) : 0);
}

/** The request's total labour at `now`: every user's counted time, so it runs N times as fast with N counting. */
export function totalAt(clock: RequestClock, now: number): number {
  return clock.users.reduce((sum, user) => sum + userTotalAt(user, now), 0);
}

/** The clock of one user on the request, or null when they never started. */
export function clockOf(clock: RequestClock, userId: string): UserClock | null {
  return clock.users.find((u) => u.userId === userId) ?? null;
}

/** What a stretch counts for its request at `now`. */
export function countedMs(interval: WorkInterval, now: number): number {
  return interval.counted.reduce((sum, p) => sum + (p.stop === null ? Math.max(0, now - p.start) : p.stop - p.start), 0);
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
