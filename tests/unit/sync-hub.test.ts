import { describe, expect, it } from 'vitest';
import { mergeEvents, SyncHub, type CheckpointEvent } from '../../server/sync/hub.js';

const event = (head: number, position: number, buckets: [string, number][] = [], lookups: string[] = []): CheckpointEvent => ({
  head,
  position,
  buckets: new Map(buckets.map(([b, c]) => [b, { checksum: c, count: 1, lastOp: head }])),
  lookups: new Set(lookups),
});

describe('the sync hub', () => {
  it('delivers each newer event once to every listener and drops what it already has', () => {
    const hub = new SyncHub();
    const seen: number[] = [];
    const stop = hub.subscribe({ onCheckpoint: (e) => seen.push(e.head), onWriteCheckpoint: () => {} });
    hub.publish(event(5, 10));
    hub.publish(event(5, 10));
    hub.publish(event(4, 9));
    hub.publish(event(5, 11)); // a batch without ops still moves the position (write checkpoints wait on it)
    stop();
    hub.publish(event(6, 12));
    expect(seen).toEqual([5, 5]);
    expect(hub.size).toBe(0);
  });

  it('merges events for a busy stream: later bucket states win, lookups add up', () => {
    const merged = mergeEvents(event(5, 10, [['a', 1], ['b', 2]], ['x']), event(7, 12, [['b', 3]], ['y']));
    expect(merged.head).toBe(7);
    expect(merged.position).toBe(12);
    expect([...merged.buckets].map(([b, s]) => [b, s.checksum])).toEqual([['a', 1], ['b', 3]]);
    expect([...merged.lookups]).toEqual(['x', 'y']);
  });
});
