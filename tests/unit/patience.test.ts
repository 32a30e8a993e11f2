import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPatience } from '../../src/data/patience.js';

/** A promise settled from outside, as a network answer is. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('withPatience', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the answer when it comes in time, and nothing late', async () => {
    const answer = pending<string>();
    const late = vi.fn();
    const result = withPatience(answer.promise, 3000, 'fallback', late);
    await vi.advanceTimersByTimeAsync(2999);
    answer.resolve('answer');
    await expect(result).resolves.toBe('answer');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(late).not.toHaveBeenCalled();
  });

  it('gives the fallback once the time is up, and the answer to `late` when it comes after all', async () => {
    const answer = pending<string>();
    const late = vi.fn();
    const result = withPatience(answer.promise, 3000, 'fallback', late);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('fallback');
    answer.resolve('answer');
    await vi.advanceTimersByTimeAsync(0);
    expect(late).toHaveBeenCalledWith('answer');
  });

  it('passes a failure in time to the caller, and a late one to `lateFailure` only', async () => {
    const early = pending<string>();
    const first = withPatience(early.promise, 3000, 'fallback', vi.fn());
    early.reject(new Error('refused'));
    await expect(first).rejects.toThrow('refused');

    const slow = pending<string>();
    const lateFailure = vi.fn();
    const second = withPatience(slow.promise, 3000, 'fallback', vi.fn(), lateFailure);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(second).resolves.toBe('fallback');
    slow.reject(new Error('reset'));
    await vi.advanceTimersByTimeAsync(0);
    expect(lateFailure).toHaveBeenCalledWith(new Error('reset'));
  });
});
