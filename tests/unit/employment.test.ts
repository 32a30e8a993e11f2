// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPLOYMENT_CHECK_MAX_MS, nextCheckDelay } from '../../server/db/employment.js';

describe('employment job timing', () => {
  const now = Date.parse('2026-11-24T00:00:00Z');
  it('wakes just after the next start or end when it falls within the cap', () => {
    expect(nextCheckDelay(new Date(now + 1500), now)).toBe(1510);
  });
  it('never sleeps longer than the cap, so links written meanwhile are seen in time', () => {
    expect(nextCheckDelay(new Date(now + 86_400_000), now)).toBe(EMPLOYMENT_CHECK_MAX_MS);
    expect(nextCheckDelay(null, now)).toBe(EMPLOYMENT_CHECK_MAX_MS);
  });
  it('runs again at once for a boundary already passed', () => {
    expect(nextCheckDelay(new Date(now - 5000), now)).toBe(0);
  });
});
