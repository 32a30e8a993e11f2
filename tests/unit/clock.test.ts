import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_MS, RECORD_TIME_FLOOR_MS, timeProblem } from '../../src/domain/clock.js';

// Which times written on a device could be true (src/domain/clock.ts): both sides of every bound.
const NOW = Date.parse('2026-03-07T22:26:00.000Z');
const PARENT = Date.parse('2026-03-01T09:00:00.000Z');

describe('a time written on a device', () => {
  it.each<[string, number, ReturnType<typeof timeProblem>]>([
    ['hours before now, after its parent', NOW - 3 * 3_600_000, null],
    ['ahead of the server by the skew allowed', NOW + MAX_CLOCK_SKEW_MS, null],
    ['ahead of the server by more', NOW + MAX_CLOCK_SKEW_MS + 1, 'ahead'],
    ['before its parent by two clocks’ skew', PARENT - 2 * MAX_CLOCK_SKEW_MS, null],
    ['before its parent by more', PARENT - 2 * MAX_CLOCK_SKEW_MS - 1, 'before-parent'],
    ['in 1901', Date.parse('1901-01-01T00:00:00Z'), 'before-floor'],
    ['unreadable', Number.NaN, 'before-floor'],
  ])('%s → %s', (_what, at, problem) => {
    expect(timeProblem(at, { now: NOW, parentMadeAt: PARENT })).toBe(problem);
  });

  it('with no parent, is bounded by the floor and the server clock only', () => {
    expect(timeProblem(RECORD_TIME_FLOOR_MS, { now: NOW })).toBeNull();
    expect(timeProblem(RECORD_TIME_FLOOR_MS - 1, { now: NOW })).toBe('before-floor');
  });
});
