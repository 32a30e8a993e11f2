import { describe, expect, it } from 'vitest';
import { Backoff, backoffDelay, backoffStep, maxAttemptsWithin, RETRY_SCHEDULE, shortestDelay } from '../../src/domain/backoff.js';

describe('the retry rule (domain/backoff.ts)', () => {
  it('doubles its step from 1 s to a ceiling of a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => backoffStep(n))).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(RETRY_SCHEDULE).toEqual({ baseMs: 1000, capMs: 60_000 });
  });

  it('waits between half a step and a whole one, spread by the random number', () => {
    expect(backoffDelay(3, 0)).toBe(2000);
    expect(backoffDelay(3, 0.5)).toBe(3000);
    expect(backoffDelay(3, 0.9999)).toBe(4000);
    expect(backoffDelay(20, 0)).toBe(30_000);
    expect(shortestDelay(3)).toBe(2000);
    // Out-of-range numbers stay within the bounds.
    expect(backoffDelay(1, -1)).toBe(500);
    expect(backoffDelay(1, 7)).toBe(1000);
  });

  it('spreads devices that failed together over half a step', () => {
    const delays = Array.from({ length: 1000 }, (_, i) => backoffDelay(6, i / 1000));
    expect(Math.min(...delays)).toBe(16_000);
    expect(Math.max(...delays)).toBeGreaterThan(31_900);
    expect(new Set(delays.map((d) => Math.floor(d / 1600))).size).toBe(10);
  });

  it('bounds the attempts in any stretch of time, whatever the random numbers', () => {
    expect(maxAttemptsWithin(0)).toBe(1);
    expect(maxAttemptsWithin(499)).toBe(1);
    expect(maxAttemptsWithin(500)).toBe(2);
    expect(maxAttemptsWithin(1500)).toBe(3);
    // 6.5 minutes, the outage a device met with 377 requests: at most 18 attempts now.
    expect(maxAttemptsWithin(390_000)).toBe(18);
    // Simulated with the shortest waits the rule allows, the count is met and never passed.
    const fastest = new Backoff(RETRY_SCHEDULE, () => 0);
    let t = 0;
    let attempts = 1;
    for (;;) {
      t += fastest.failed();
      if (t > 390_000) break;
      attempts++;
    }
    expect(attempts).toBe(18);
  });

  it('lengthens with each failure of a streak and starts short again after a reset', () => {
    const backoff = new Backoff(RETRY_SCHEDULE, () => 1);
    expect([backoff.failed(), backoff.failed(), backoff.failed()]).toEqual([1000, 2000, 4000]);
    expect(backoff.streak).toBe(3);
    backoff.reset();
    expect(backoff.streak).toBe(0);
    expect(backoff.failed()).toBe(1000);
  });
});
