// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addChecksums, putChecksum, removeChecksum, sumChecksums } from '../../server/sync/checksum.js';

const PUT_T1 = 2932084193;
const REMOVE_T2 = 349657730;

describe('op checksums', () => {
  it('give a PUT a deterministic 32-bit value that depends on its table, row id and op id', () => {
    const c1 = putChecksum('todos', 't1', 7);
    expect(c1).toBe(putChecksum('todos', 't1', 7));
    expect(Number.isInteger(c1) && c1 >= 0 && c1 < 2 ** 32).toBe(true);
    expect(putChecksum('todos', 't1', 8)).not.toBe(c1);
    expect(putChecksum('todos', 't2', 7)).not.toBe(c1);
    expect(putChecksum('lists', 't1', 7)).not.toBe(c1);
    // The parts are kept apart: moving a character from one to the next changes the value.
    expect(putChecksum('ab', 'c', 7)).not.toBe(putChecksum('a', 'bc', 7));
    // Op ids beyond 32 bits: the high word counts too.
    expect(putChecksum('todos', 't1', 7 + 2 ** 32)).not.toBe(c1);
  });

  it('give every version of a row its own PUT checksum (distinct op ids, distinct values)', () => {
    const seen = new Set<number>();
    for (let opId = 2 ** 32 - 10_000; opId < 2 ** 32 + 10_000; opId++) seen.add(putChecksum('vehicles', 'v1', opId));
    expect(seen.size).toBe(20_000);
  });

  it('spread near-identical rows over the whole range (a bucket sum must notice any one op)', () => {
    const seen = new Set<number>();
    let high = 0;
    for (let i = 0; i < 20_000; i++) {
      const c = putChecksum('vehicles', `v${i}`, 1000 + i);
      seen.add(c);
      if (c >= 2 ** 31) high++;
    }
    expect(seen.size).toBeGreaterThan(19_990);
    expect(high / 20_000).toBeGreaterThan(0.45);
    expect(high / 20_000).toBeLessThan(0.55);
  });

  it('are pinned: any value works (each op is summed as stored), but a change should be deliberate', () => {
    expect(putChecksum('todos', 't1', 7)).toBe(PUT_T1);
    expect(removeChecksum('todos', 't2')).toBe(REMOVE_T2);
  });

  it('give REMOVE a deterministic value that depends on the row', () => {
    expect(removeChecksum('todos', 't2')).toBe(removeChecksum('todos', 't2'));
    expect(removeChecksum('todos', 't2')).not.toBe(removeChecksum('todos', 't3'));
  });

  it('sum with 32-bit wraparound, staying unsigned', () => {
    expect(addChecksums(0xffffffff, 2)).toBe(1);
    expect(sumChecksums([0x80000000, 0x80000000, 5])).toBe(5);
    expect(sumChecksums([])).toBe(0);
  });
});
