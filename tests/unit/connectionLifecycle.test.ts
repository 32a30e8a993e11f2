import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionLifecycle, type ConnectionEffects } from '../../src/data/connectionLifecycle.js';

function fakeEffects(overrides: Partial<ConnectionEffects> = {}) {
  const calls: string[] = [];
  const fx: ConnectionEffects = {
    connect: vi.fn(async () => void calls.push(`connect@${Date.now()}`)),
    disconnect: vi.fn(async () => void calls.push(`disconnect@${Date.now()}`)),
    disconnectAndClear: vi.fn(async () => void calls.push(`clear@${Date.now()}`)),
    recreateDatabase: vi.fn(async () => void calls.push(`recreate@${Date.now()}`)),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ...overrides,
  };
  return { fx, calls };
}

const never = () => new Promise<void>(() => {});

describe('the connection lifecycle (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('connects once at start', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    expect(calls).toEqual(['connect@0']);
  });

  it('on a user change clears local data, waits 1 s, then reconnects', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx);
    await life.start(null);
    const done = life.userChanged('u1');
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toEqual(['connect@0', 'clear@0']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(calls).toEqual(['connect@0', 'clear@0', 'connect@1000']);
  });

  it('ignores a "change" to the same user', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    await life.userChanged('u1');
    expect(calls).toEqual(['connect@0']);
  });

  it('going offline disconnects, and gives up waiting after 1 s', async () => {
    const { fx } = fakeEffects({ disconnect: vi.fn(never) });
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    const done = life.wentOffline();
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(fx.disconnect).toHaveBeenCalledTimes(1);
    expect(fx.recreateDatabase).not.toHaveBeenCalled();
  });

  it('back online reconnects: disconnect, 100 ms pause, connect', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    const done = life.wentOnline();
    await vi.advanceTimersByTimeAsync(100);
    await done;
    expect(calls).toEqual(['connect@0', 'disconnect@0', 'connect@100']);
  });

  it('recreates the database when the disconnect hangs for 2 s', async () => {
    const { fx, calls } = fakeEffects({ disconnect: vi.fn(never) });
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    const done = life.reconnect();
    await vi.advanceTimersByTimeAsync(1999);
    expect(fx.recreateDatabase).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(100);
    await done;
    expect(calls).toEqual(['connect@0', 'recreate@2000', 'connect@2100']);
  });

  it('runs transitions one at a time in arrival order', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx);
    void life.start(null);
    void life.wentOffline();
    void life.userChanged('u2');
    void life.wentOnline();
    await vi.advanceTimersByTimeAsync(5000);
    await life.idle();
    expect(calls).toEqual(['connect@0', 'disconnect@0', 'clear@0', 'connect@1000', 'disconnect@1000', 'connect@1100']);
  });

  it('keeps going after a failed step', async () => {
    let fail = true;
    const { fx, calls } = fakeEffects({
      connect: vi.fn(async () => {
        if (fail) {
          fail = false;
          throw new Error('offline');
        }
        calls.push(`connect@${Date.now()}`);
      }),
    });
    const log = vi.fn();
    const life = new ConnectionLifecycle({ ...fx, log });
    await life.start('u1');
    expect(log).toHaveBeenCalledTimes(1);
    const done = life.reconnect();
    await vi.advanceTimersByTimeAsync(100);
    await done;
    expect(calls).toEqual(['disconnect@0', 'connect@100']);
  });
});
