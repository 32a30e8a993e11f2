// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable, isDatabaseUnavailable, isTransientDbError } from '../../server/db/errors.js';

describe('database failures: retry or refuse', () => {
  it.each<[string, unknown, boolean]>([
    ['connection failure (08006)', { code: '08006' }, true],
    ['admin shutdown (57P01)', { code: '57P01' }, true],
    ['cannot connect now (57P03)', { code: '57P03' }, true],
    ['lock not available (55P03)', { code: '55P03' }, true],
    ['serialization failure (40001)', { code: '40001' }, true],
    ['deadlock (40P01)', { code: '40P01' }, true],
    ['out of memory (53200)', { code: '53200' }, true],
    ['I/O error (58030)', { code: '58030' }, true],
    ['a dropped connection without SQLSTATE', new Error('Connection terminated unexpectedly'), true],
    ['a closed embedded database', new Error('PGlite is closed'), true],
    ['datetime out of range (22008)', { code: '22008' }, false],
    ['NUL in text (22021)', { code: '22021' }, false],
    ['integer out of range (22003)', { code: '22003' }, false],
    ['foreign key violation (23503)', { code: '23503' }, false],
    ['check violation (23514)', { code: '23514' }, false],
    ['undefined column (42703)', { code: '42703' }, false],
    ['statement time-out (57014)', { code: '57014' }, true],
  ])('%s → transient: %s', (_what, error, transient) => {
    expect(isTransientDbError(error)).toBe(transient);
  });
});

describe('database failures: unavailable (answered Unavailable) or not', () => {
  it.each<[string, unknown, boolean]>([
    ['a lost connection, as the adapter reports it', new DatabaseUnavailable(new Error('Connection terminated unexpectedly')), true],
    ['admin shutdown (57P01)', { code: '57P01' }, true],
    ['connection failure (08006)', { code: '08006' }, true],
    ['deadlock (40P01)', { code: '40P01' }, true],
    ['a fault of ours', new TypeError('x is not a function'), false],
    ['a plain error', new Error('Connection terminated unexpectedly'), false],
    ['foreign key violation (23503)', { code: '23503' }, false],
  ])('%s → unavailable: %s', (_what, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });

  it('keeps what the driver said as the cause', () => {
    const cause = new Error('Connection terminated unexpectedly');
    expect(new DatabaseUnavailable(cause).cause).toBe(cause);
    expect(isTransientDbError(new DatabaseUnavailable(cause))).toBe(true);
  });
});
