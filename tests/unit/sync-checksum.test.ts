// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addChecksums, putChecksum, removeChecksum, sumChecksums } from '../../server/sync/checksum.js';

describe('op checksums', () => {
  it('match the PowerSync Service for PUT (values replayed to the official client)', () => {
    const c1 = putChecksum('todos', 't1', '{"id":"t1","description":"Buy milk","done":0}');
    const c2 = putChecksum('todos', 't2', '{"id":"t2","description":"Walk dog","done":0}');
    expect(c1).toBe(3377212916);
    expect(c2).toBe(2853750393);
    expect(addChecksums(c1, c2)).toBe(1935996013);
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
