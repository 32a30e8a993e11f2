import { describe, expect, it } from 'vitest';
import { byPriority, diffBuckets } from '../../server/sync/serve/bucket-diff.js';

const state = (checksum: number, count = 1, priority = 3) => ({ checksum, count, priority });

describe('bucket diffs', () => {
  it('list new and changed buckets as updated, vanished ones as removed, and leave the rest out', () => {
    const before = new Map([['a', state(1)], ['b', state(2)], ['c', state(3)], ['d', state(4, 1, 3)]]);
    const after = new Map([['a', state(1)], ['b', state(9)], ['d', state(4, 1, 1)], ['e', state(0, 0)]]);
    expect(diffBuckets(before, after)).toEqual({ updated: ['b', 'd', 'e'], removed: ['c'] });
  });

  it('notice a count change alone (compaction) and nothing when nothing moved', () => {
    expect(diffBuckets(new Map([['a', state(1, 5)]]), new Map([['a', state(1, 2)]]))).toEqual({ updated: ['a'], removed: [] });
    const same = new Map([['a', state(1)]]);
    expect(diffBuckets(same, new Map(same))).toEqual({ updated: [], removed: [] });
  });

  it('groups buckets by priority, highest first', () => {
    const groups = byPriority([['low', state(0, 0, 3)], ['high', state(0, 0, 0)], ['mid', state(0, 0, 1)], ['low2', state(0, 0, 3)]]);
    expect(groups).toEqual([[0, ['high']], [1, ['mid']], [3, ['low', 'low2']]]);
  });
});
