// The connector's uploads when the server cannot take them: retried by the app's back-off (domain/backoff.ts), not
// every second; a wait that the lifecycle cuts short when it closes the connection, and starts over when asked.
import { Code, ConnectError } from '@connectrpc/connect';
import type { AbstractPowerSyncDatabase } from '@powersync/web';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TagbookConnector } from '../../src/data/connector.js';
import { Backoff, RETRY_SCHEDULE } from '../../src/domain/backoff.js';

const server = vi.hoisted(() => ({
  calls: [] as number[],
  answer: async (): Promise<unknown> => ({ errors: [], duplicate: false, missingParts: [] }),
}));
vi.mock('../../src/rpc/transport.js', () => ({
  rpcClient: () => ({
    uploadData: () => {
      server.calls.push(Date.now());
      return server.answer();
    },
  }),
}));

const down = async () => {
  throw new ConnectError('Server error.', Code.Unknown, undefined, undefined, new TypeError('Failed to fetch'));
};
const up = async () => ({ errors: [], duplicate: false, missingParts: [] });

/** A local database with `count` queued transactions of one entry each. */
function queue(count: number) {
  let next = 1;
  const completed: number[] = [];
  const db = {
    getClientId: async () => 'client-1',
    getNextCrudTransaction: async () => {
      if (next > count) return null;
      const id = next;
      return {
        transactionId: id,
        crud: [{ clientId: id, id: `row${id}`, op: 'PUT', table: 'vehicle_notes', opData: { body: 'x' }, transactionId: id }],
        complete: async () => {
          completed.push(id);
          next++;
        },
      };
    },
  } as unknown as AbstractPowerSyncDatabase;
  return { db, completed };
}

/** The longest waits the rule allows (random 1), so the schedule is exact. */
const connector = () => new TagbookConnector(new Backoff(RETRY_SCHEDULE, () => 1));

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  server.calls = [];
  server.answer = up;
});
afterEach(() => vi.useRealTimers());

describe('uploads the server cannot take', () => {
  it('are sent again after 1 s, 2 s, 4 s … up to a minute, not every second, and go through when it answers', async () => {
    server.answer = down;
    const { db, completed } = queue(1);
    const c = connector();
    const done = c.uploadData(db);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16_000 + 32_000 + 60_000 + 60_000 - 1);
    expect(server.calls).toEqual([0, 1000, 3000, 7000, 15_000, 31_000, 63_000, 123_000]);
    server.answer = up;
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(server.calls.at(-1)).toBe(183_000);
    expect(completed).toEqual([1]);
  });

  it('start short again once one went through', async () => {
    server.answer = down;
    const { db } = queue(2);
    const c = connector();
    const done = c.uploadData(db);
    await vi.advanceTimersByTimeAsync(3000);
    expect(server.calls).toEqual([0, 1000, 3000]);
    server.answer = up;
    await vi.advanceTimersByTimeAsync(4000);
    await done;
    server.answer = down;
    const { db: later } = queue(1);
    const again = c.uploadData(later);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls.slice(-2)).toEqual([7000, 8000]);
    c.interrupt();
    await expect(again).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stop waiting at once when the connection is closed, and the next upload waits out the rest', async () => {
    server.answer = down;
    const { db } = queue(1);
    const c = connector();
    const first = c.uploadData(db);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 1000);
    c.interrupt();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    // A new connection calls again at 4 s: the 4 s wait that began at 3 s still runs to 7 s.
    const second = c.uploadData(db);
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.calls).toEqual([0, 1000, 3000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual([0, 1000, 3000, 7000]);
    c.interrupt();
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('are sent at once when asked to start over (back online, Reconnect)', async () => {
    server.answer = down;
    const { db } = queue(1);
    const c = connector();
    const first = c.uploadData(db);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000);
    c.interrupt();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    c.startOver();
    server.answer = up;
    await c.uploadData(db);
    expect(server.calls.at(-1)).toBe(15_000);
  });

  it('leave an ended session to the session layer instead of waiting here', async () => {
    server.answer = async () => {
      throw new ConnectError('Server error.', Code.Unauthenticated);
    };
    const { db } = queue(1);
    await expect(connector().uploadData(db)).rejects.toMatchObject({ code: Code.Unauthenticated });
    expect(server.calls).toEqual([0]);
  });
});
