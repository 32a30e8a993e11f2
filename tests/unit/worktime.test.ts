import { describe, expect, it } from 'vitest';
import {
  clockOf,
  correctionError,
  stopTimeFor,
  summarizeRequests,
  summarizeWork,
  totalAt,
  userTotalAt,
  WORK_START,
  WORK_STOP,
  type RequestClock,
  type RequestWorkRecord,
  type WorkRecord,
} from '../../src/domain/worktime.js';
import { formatClockReading } from '../../src/entities/worktime/format.js';

// Work time as start and stop records, and the cases an offline, multi-device clock meets. Times are minutes after 09:00 on one day;
// `S 0 a` is user a starting at 09:00, `T 30 a` user a stopping at 09:30.

const BASE = Date.parse('2026-03-02T09:00:00.000Z');
const MIN = 60_000;
const at = (minutes: number) => BASE + minutes * MIN;

let serial = 0;
function records(script: string): WorkRecord[] {
  return script
    .trim()
    .split(/\s*,\s*/)
    .filter(Boolean)
    .map((step) => {
      const [op, minutes, user = 'a', id = `r${++serial}`] = step.split(/\s+/);
      return { id, userId: user, operation: op === 'S' ? WORK_START : WORK_STOP, time: new Date(at(Number(minutes))).toISOString() };
    });
}

interface Case {
  what: string;
  script: string;
  /** Minutes after 09:00 at which the totals are read. */
  now: number;
  /** Total labour at `now`, in minutes. */
  total: number;
  /** Users whose clock runs at `now`. */
  active: string[];
}

const cases: Case[] = [
  { what: 'nothing recorded', script: '', now: 60, total: 0, active: [] },
  { what: 'one start, still running', script: 'S 0', now: 25, total: 25, active: ['a'] },
  { what: 'one interval', script: 'S 0, T 30', now: 90, total: 30, active: [] },
  { what: 'two intervals of one user add up', script: 'S 0, T 30, S 60, T 75', now: 120, total: 45, active: [] },
  { what: 'intervals of two users add up', script: 'S 0 a, T 30 a, S 10 b, T 50 b', now: 60, total: 70, active: [] },
  { what: 'two active users: the timer runs twice as fast', script: 'S 0 a, S 0 b', now: 30, total: 60, active: ['a', 'b'] },
  { what: 'one active, one done', script: 'S 0 a, S 10 b, T 20 b', now: 30, total: 40, active: ['a'] },
  { what: 'a start while already running changes nothing (the first start stands)', script: 'S 0, S 10, T 30', now: 60, total: 30, active: [] },
  { what: 'a stop without a start adds nothing', script: 'T 10', now: 60, total: 0, active: [] },
  { what: 'a second stop adds nothing', script: 'S 0, T 20, T 40', now: 60, total: 20, active: [] },
  { what: 'a stop before any start is ignored, the later start runs', script: 'T 5, S 10', now: 30, total: 20, active: ['a'] },
  {
    what: 'two devices of one user: the second device started too, one stop ends the one clock',
    script: 'S 0 a phone, S 10 a tablet, T 60 a tablet',
    now: 90,
    total: 60,
    active: [],
  },
  {
    what: 'two devices of one user: the other device stopped later too; the first stop counts',
    script: 'S 0 a, T 30 a, T 45 a',
    now: 90,
    total: 30,
    active: [],
  },
  {
    what: 'a stop uploaded days later still closes its interval (records are ordered by their own time)',
    script: 'S 0 a s1, S 600 a s2, T 60 a t1',
    now: 660,
    total: 120,
    active: ['a'],
  },
  { what: 'a stop and a restart at one instant keep the clock running', script: 'S 0, T 30, S 30', now: 60, total: 60, active: ['a'] },
  { what: 'a start and a stop at one instant, while stopped, leave it stopped', script: 'S 30, T 30', now: 60, total: 0, active: [] },
  { what: 'a clock started ahead of now (a fast device clock) counts zero, not negative', script: 'S 90', now: 60, total: 0, active: ['a'] },
];

describe('worktime: summarizeWork and totalAt', () => {
  it.each(cases)('$what', ({ script, now, total, active }) => {
    const clock = summarizeWork(records(script));
    expect(totalAt(clock, at(now)) / MIN).toBe(total);
    expect(clock.active.map((u) => u.userId)).toEqual(active);
  });

  it.each(cases)('gives the same answer whatever order the records arrive in: $what', ({ script, now }) => {
    const list = records(script);
    const expected = summarizeWork(list);
    for (const shuffled of [[...list].reverse(), [...list.slice(1), ...list.slice(0, 1)]]) {
      const clock = summarizeWork(shuffled);
      expect(totalAt(clock, at(now))).toBe(totalAt(expected, at(now)));
      expect(clock.active.map((u) => u.userId)).toEqual(expected.active.map((u) => u.userId));
    }
  });

  it('ignores records with an unknown operation or an unreadable time', () => {
    const clock = summarizeWork([
      { id: '1', userId: 'a', operation: WORK_START, time: 'not a time' },
      { id: '2', userId: 'a', operation: 7, time: at(0) },
      { id: '3', userId: 'a', operation: WORK_START, time: at(10) },
    ]);
    expect(totalAt(clock, at(30)) / MIN).toBe(20);
  });

  it('keeps each user\'s intervals, the running one open, and names the start record to correct', () => {
    const clock = summarizeWork(records('S 0 a s1, T 30 a t1, S 40 a s2'));
    const a = clockOf(clock, 'a')!;
    expect(a.intervals).toMatchObject([
      { startId: 's1', start: at(0), stopId: 't1', stop: at(30) },
      { startId: 's2', start: at(40), stopId: null, stop: null },
    ]);
    expect(a.running?.startId).toBe('s2');
    expect(userTotalAt(a, at(50)) / MIN).toBe(40);
    expect(clockOf(clock, 'b')).toBeNull();
  });

  it('lists active users in the order their running intervals began', () => {
    const clock = summarizeWork(records('S 0 b, T 5 b, S 10 a, S 20 b'));
    expect(clock.users.map((u) => u.userId)).toEqual(['b', 'a']);
    expect(clock.active.map((u) => u.userId)).toEqual(['a', 'b']);
  });
});

describe('worktime: stopping and correcting', () => {
  it('never records a stop before the start it ends (a device clock behind the one that started)', () => {
    const running = summarizeWork(records('S 30')).active[0]!.running!;
    expect(stopTimeFor(running, at(20))).toBe(at(30));
    expect(stopTimeFor(running, at(45))).toBe(at(45));
  });

  it.each<[string, string, number, number, number, ReturnType<typeof correctionError>]>([
    ['keeps times as they are', 'S 30', 30, 60, 60, null],
    ['moves the start earlier', 'S 30', 10, 60, 60, null],
    ['stop before start', 'S 30', 50, 40, 60, 'stop-before-start'],
    ['stop in the future', 'S 30', 30, 65, 60, 'stop-in-future'],
    ['stop within the minute of grace', 'S 30', 30, 60.5, 60, null],
    ['start before the previous stop', 'S 0, T 20, S 30', 15, 60, 60, 'start-before-previous'],
    ['start right at the previous stop', 'S 0, T 20, S 30', 20, 60, 60, null],
    // The request was opened at 08:00 (minute -60).
    ['start before the request was opened', 'S 30', -120, 60, 60, 'start-before-request'],
    ['start in 1901', 'S 30', (Date.parse('1901-01-01T00:00:00Z') - BASE) / MIN, 60, 60, 'start-before-request'],
    ['start minutes before the request was opened (two clocks)', 'S 30', -65, 60, 60, null],
  ])('%s', (_what, script, start, stop, now, expected) => {
    const clock = clockOf(summarizeWork(records(script)), 'a')!;
    expect(correctionError(clock, at(start), at(stop), at(now), at(-60))).toBe(expected);
  });
});

describe('worktime: formatClockReading (HH:MM:SS)', () => {
  it.each<[number, string]>([
    [0, '00:00:00'],
    [999, '00:00:00'],
    [1000, '00:00:01'],
    [59 * 1000, '00:00:59'],
    [61 * 1000, '00:01:01'],
    [3600 * 1000, '01:00:00'],
    [(3600 * 12 + 34 * 60 + 56) * 1000, '12:34:56'],
    [125 * 3600 * 1000, '125:00:00'],
    [-5000, '00:00:00'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatClockReading(ms)).toBe(text);
  });
});

// One person, one clock: a person's stretches on different requests that overlap (two devices that were offline)
// are flagged on both and their time counts once, for the request whose stretch started last. `S 0 a A` is user a
// starting on request A at 09:00.
describe('worktime: one person across requests', () => {
  function across(script: string): RequestWorkRecord[] {
    return script
      .trim()
      .split(/\s*,\s*/)
      .filter(Boolean)
      .map((step) => {
        const [op, minutes, user, requestId] = step.split(/\s+/) as [string, string, string, string];
        return { id: `x${++serial}`, userId: user, requestId, operation: op === 'S' ? WORK_START : WORK_STOP, time: at(Number(minutes)) };
      });
  }
  const totals = (clocks: Map<string, RequestClock>, now: number) =>
    Object.fromEntries([...clocks].map(([id, clock]) => [id, totalAt(clock, at(now)) / MIN]));

  it.each<[string, string, number, Record<string, number>]>([
    ['one clock at a time: A stopped as B started', 'S 0 a A, T 30 a A, S 30 a B', 60, { A: 30, B: 30 }],
    ['A still running (another device) when B started: B takes over', 'S 0 a A, S 30 a B', 60, { A: 30, B: 30 }],
    ['a stretch on B inside one on A: back on A after it', 'S 0 a A, S 20 a B, T 40 a B, T 60 a A', 90, { A: 40, B: 20 }],
    ['B started during A and ended after it', 'S 0 a A, S 20 a B, T 50 a A, T 60 a B', 90, { A: 20, B: 40 }],
    ['other people’s clocks are their own', 'S 0 a A, S 0 b B, T 30 a A, T 30 b B', 60, { A: 30, B: 30 }],
    ['two requests started at one instant count once', 'S 0 a A, S 0 a B, T 30 a A, T 30 a B', 60, { A: 0, B: 30 }],
    ['a clock B took over counts again once B stops', 'S 0 a A, S 20 a B, T 40 a B', 60, { A: 40, B: 20 }],
  ])('%s', (_what, script, now, expected) => {
    const list = across(script);
    expect(totals(summarizeRequests(list), now)).toEqual(expected);
    expect(totals(summarizeRequests([...list].reverse()), now)).toEqual(expected);
  });

  it('flags the overlap on both requests, saying where it counts', () => {
    const clocks = summarizeRequests(across('S 0 a A, S 30 a B'));
    const onA = clockOf(clocks.get('A')!, 'a')!;
    const onB = clockOf(clocks.get('B')!, 'a')!;
    expect(onA.intervals[0]!.overlaps).toEqual([{ requestId: 'B', start: at(30), stop: null, countedHere: false }]);
    expect(onB.intervals[0]!.overlaps).toEqual([{ requestId: 'A', start: at(30), stop: null, countedHere: true }]);
    // Both clocks run by their records (each must still be stopped), but the person's time goes to B alone.
    expect(clocks.get('A')!.active.map((u) => u.userId)).toEqual(['a']);
    expect(clocks.get('A')!.counting).toEqual([]);
    expect(clocks.get('B')!.counting.map((u) => u.userId)).toEqual(['a']);
    expect(summarizeRequests(across('S 0 a A, T 30 a A, S 30 a B')).get('A')!.users[0]!.intervals[0]!.overlaps).toEqual([]);
  });

  it('never counts a moment of a person twice, and counts every moment they were on some clock', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let run = 0; run < 200; run++) {
      const steps = Array.from({ length: 2 + random(7) }, () => `${random(2) ? 'S' : 'T'} ${random(120)} a ${'ABC'[random(3)]}`);
      const list = across(steps.join(', '));
      const now = 150;
      const total = [...summarizeRequests(list).values()].reduce((sum, clock) => sum + totalAt(clock, at(now)), 0);
      // The moments of the union of the person's stretches, each request folded on its own.
      const stretches = [...summarizeRequests(list).values()].flatMap((c) => c.users.flatMap((u) => u.intervals));
      let covered = 0;
      for (let minute = 0; minute < now; minute++) {
        const t = at(minute) + MIN / 2;
        if (stretches.some((s) => s.start <= t && (s.stop === null || t < s.stop))) covered += MIN;
      }
      expect(total, steps.join(', ')).toBe(covered);
    }
  });
});
