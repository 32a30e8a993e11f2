// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LogCursor, type LogEntry } from '../../server/sync/replicate/log-cursor.js';

const entry = (seq: number, rowId = `r${seq}`, tx = 'bulk'): LogEntry & { tx: string } => ({ seq, table: 'vehicles', rowId, tx });
const range = (from: number, to: number, tx = 'bulk') => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i, `r${from + i}`, tx));

describe('the replicator’s place in the change log', () => {
  it('takes the log in order and moves the position to the last entry read', () => {
    const cursor = new LogCursor(10, 100);
    const { changes, position, full } = cursor.takeInOrder(range(11, 13), 3);
    expect(changes.map((c) => c.seq)).toEqual([11, 12, 13]);
    expect(position).toBe(13);
    expect(full).toBe(true);
    expect(cursor.takesLive).toBe(false);
  });

  it('finds the end of a bulk load by its transaction, so changes logged right after it are live', () => {
    const cursor = new LogCursor(0, 0);
    const read = cursor.takeInOrder(range(1, 3), 3);
    // The log's tail: the bulk transaction ends at 1000, then one live update (1001) got in before we looked.
    cursor.noteBacklog([...range(998, 1000), entry(1001, 'live', 'other')], 'bulk', read.position);
    cursor.tookInOrder(read.position, 6);
    expect(cursor.takesLive).toBe(true);
    expect(cursor.liveAfter).toBe(1000);
  });

  it('counts the whole log as backlog when the bulk transaction is not among its newest entries', () => {
    const cursor = new LogCursor(0, 0);
    cursor.noteBacklog(range(900, 1000, 'later'), 'bulk', 3);
    expect(cursor.liveAfter).toBe(1000);
    expect(cursor.needsBacklogEnd(500)).toBe(false);
    expect(cursor.needsBacklogEnd(1000)).toBe(true);
  });

  it('never places the backlog’s end below what the in-order read took', () => {
    const cursor = new LogCursor(0, 0);
    cursor.noteBacklog([], 'bulk', 3);
    expect(cursor.liveAfter).toBe(3);
  });

  it('merges live entries with their rows’ older entries in seq order, once each', () => {
    const cursor = new LogCursor(0, 0);
    const live = [entry(1001, 'a'), entry(1002, 'b')];
    const older = [entry(500, 'a'), entry(20, 'a'), entry(1001, 'a')];
    expect(cursor.takeLive(live, older).map((c) => c.seq)).toEqual([20, 500, 1001, 1002]);
    expect(LogCursor.rows(live)).toEqual([{ table: 'vehicles', rowId: 'a' }, { table: 'vehicles', rowId: 'b' }]);
  });

  it('skips entries taken ahead when reading in order, and passes them once it has read the whole log', () => {
    const cursor = new LogCursor(0, 0);
    cursor.noteBacklog(range(1, 10), 'bulk', 4);
    cursor.tookInOrder(4, 4);
    cursor.tookLive([entry(7), entry(11)], 6);
    expect(cursor.headOp).toBe(6);
    expect(cursor.position).toBe(4);
    // Full read: entries 7 is skipped, the position stops at the last entry read.
    const full = cursor.takeInOrder(range(5, 8), 4);
    expect(full.changes.map((c) => c.seq)).toEqual([5, 6, 8]);
    expect(full.position).toBe(8);
    cursor.tookInOrder(full.position, 9);
    // The rest of the log: 9 and 10; 11 went ahead, and the position passes it too.
    const rest = cursor.takeInOrder(range(9, 10), 4);
    expect(rest.full).toBe(false);
    expect(rest.position).toBe(11);
    cursor.tookInOrder(rest.position, 10);
    expect(cursor.takesLive).toBe(false);
    // Nothing left, nothing taken ahead: the position stays.
    expect(cursor.takeInOrder([], 4).position).toBe(11);
  });

  it('alternates: after a live batch the next one is in order, so live changes cannot starve the backlog', () => {
    const cursor = new LogCursor(0, 0);
    cursor.noteBacklog(range(1, 100), 'bulk', 10);
    cursor.tookInOrder(10, 10);
    expect(cursor.takesLive).toBe(true);
    cursor.tookLive([entry(101)], 11);
    expect(cursor.takesLive).toBe(false);
    cursor.tookInOrder(20, 21);
    expect(cursor.takesLive).toBe(true);
    cursor.refuseLive();
    expect(cursor.takesLive).toBe(false);
  });
});
