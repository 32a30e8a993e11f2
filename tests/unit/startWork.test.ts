import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { WORK_START, WORK_STOP } from '../../src/domain/worktime.js';

// One person, one clock: starting work on a request stops the person's clock running on another, at the same
// moment and in the same local transaction, so the two are uploaded, accepted or refused together.

interface Held {
  id: string;
  service_request_id: string;
  operation: number;
  time: string;
}
let held: Held[] = [];
let transactions: Array<Array<{ sql: string; params: unknown[] }>> = [];

const fakeDb = {
  async writeTransaction<T>(fn: (tx: unknown) => Promise<T>): Promise<T> {
    const calls: Array<{ sql: string; params: unknown[] }> = [];
    transactions.push(calls);
    return fn({
      execute: async (sql: string, params: unknown[] = []) => void calls.push({ sql, params }),
      getAll: async () => held.map((h) => ({ ...h, description: `Request ${h.service_request_id}` })),
    });
  },
};
vi.mock('../../src/data/databaseState.js', () => ({ whenDatabaseReady: async () => fakeDb }));

const { startWork } = await import('../../src/features/services/writes.js');

const NOW = Date.parse('2026-03-07T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const record = (id: string, requestId: string, operation: number, minutesAgo: number): Held =>
  ({ id, service_request_id: requestId, operation, time: iso(NOW - minutesAgo * 60_000) });
/** The work records the transaction wrote, as [request, operation, time]. */
const written = (calls: Array<{ sql: string; params: unknown[] }>) =>
  calls.filter((c) => c.sql.startsWith('INSERT INTO worktime')).map((c) => [c.params[2], c.params[3], c.params[4]]);

describe('starting work', () => {
  beforeEach(() => {
    transactions = [];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });

  it('stops the clock running on another request at the same moment, in the same transaction, and says which', async () => {
    held = [record('a1', 'A', WORK_START, 90), record('a2', 'A', WORK_STOP, 60), record('a3', 'A', WORK_START, 30), record('c1', 'C', WORK_START, 200), record('c2', 'C', WORK_STOP, 100)];
    expect(await startWork('me', { id: 'B', status: REQUEST_STATUS.STARTED, has_started: 1 })).toEqual([{ requestId: 'A', description: 'Request A' }]);
    expect(transactions).toHaveLength(1);
    expect(written(transactions[0]!)).toEqual([
      ['A', WORK_STOP, iso(NOW)],
      ['B', WORK_START, iso(NOW)],
    ]);
  });

  it('stops nothing when no other clock runs, or when the one running is on this request', async () => {
    held = [record('a1', 'A', WORK_START, 90), record('a2', 'A', WORK_STOP, 60)];
    expect(await startWork('me', { id: 'B', status: REQUEST_STATUS.STARTED, has_started: 1 })).toEqual([]);
    held = [record('b1', 'B', WORK_START, 10)];
    expect(await startWork('me', { id: 'B', status: REQUEST_STATUS.STARTED, has_started: 1 })).toEqual([]);
    expect(transactions.map(written)).toEqual([[['B', WORK_START, iso(NOW)]], [['B', WORK_START, iso(NOW)]]]);
  });

  it('never stops a clock before its start (a device whose clock ran ahead started it)', async () => {
    held = [record('a1', 'A', WORK_START, -2)];
    await startWork('me', { id: 'B', status: REQUEST_STATUS.STARTED, has_started: 1 });
    expect(written(transactions[0]!)[0]).toEqual(['A', WORK_STOP, iso(NOW + 2 * 60_000)]);
  });
});
