import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionLifecycle, type ConnectionEffects } from '../../src/data/connectionLifecycle.js';

function fakeEffects(overrides: Partial<ConnectionEffects> = {}) {
  const calls: string[] = [];
  const fx: ConnectionEffects = {
    connect: vi.fn(async () => void calls.push(`connect@${Date.now()}`)),
    disconnect: vi.fn(async () => void calls.push(`disconnect@${Date.now()}`)),
    disconnectAndClear: vi.fn(async () => void calls.push(`clear@${Date.now()}`)),
    recreateDatabase: vi.fn(async () => void calls.push(`recreate@${Date.now()}`)),
    hasPendingWrites: vi.fn(async () => false),
    keptFor: memory(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    isOnline: () => true,
    ...overrides,
  };
  return { fx, calls };
}

const never = () => new Promise<void>(() => {});

function memory(initial: string | null = null) {
  let value = initial;
  return { get: () => value, set: (v: string | null) => void (value = v) };
}

describe('the connection lifecycle (SPEC §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('does not try to connect while the browser reports no network, and connects at once when it returns', async () => {
    let online = false;
    const { fx, calls } = fakeEffects({ isOnline: () => online });
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    await vi.advanceTimersByTimeAsync(60_000);
    // Stops whatever connection a shared worker may still be retrying; connects to nothing.
    expect(calls).toEqual(['disconnect@0']);
    const pressed = life.reconnect();
    await vi.advanceTimersByTimeAsync(100);
    await pressed;
    expect(calls).toEqual(['disconnect@0', 'disconnect@60000']);
    online = true;
    const back = life.wentOnline();
    await vi.advanceTimersByTimeAsync(100);
    await back;
    expect(calls).toEqual(['disconnect@0', 'disconnect@60000', 'disconnect@60100', 'connect@60200']);
  });

  it('still clears another user\'s data offline, and connects as the new user once online', async () => {
    let online = false;
    const { fx, calls } = fakeEffects({ isOnline: () => online });
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    const changed = life.userChanged('u2');
    await vi.advanceTimersByTimeAsync(1000);
    await changed;
    expect(calls).toEqual(['disconnect@0', 'clear@0']);
    online = true;
    const back = life.wentOnline();
    await vi.advanceTimersByTimeAsync(100);
    await back;
    expect(calls.at(-1)).toBe('connect@1100');
  });

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

  it('keeps unsent writes when a session ends, and uploads them when the same user returns', async () => {
    const { fx, calls } = fakeEffects({ hasPendingWrites: vi.fn(async () => true) });
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    await life.userChanged(null);
    expect(calls).toEqual(['connect@0', 'disconnect@0']);
    await life.userChanged('u1');
    expect(calls).toEqual(['connect@0', 'disconnect@0', 'connect@0']);
    expect(fx.disconnectAndClear).not.toHaveBeenCalled();
  });

  it('never hands kept writes to another user: a different sign-in clears first', async () => {
    const { fx, calls } = fakeEffects({ hasPendingWrites: vi.fn(async () => true) });
    const life = new ConnectionLifecycle(fx);
    await life.start('u1');
    await life.userChanged(null);
    const done = life.userChanged('u2');
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(calls).toEqual(['connect@0', 'disconnect@0', 'clear@0', 'connect@1000']);
  });

  it('after a reload, does not sync a visitor while a signed-out user\'s writes wait, and uploads them for that user', async () => {
    const kept = memory('u1');
    const visitor = fakeEffects({ keptFor: kept });
    await new ConnectionLifecycle(visitor.fx).start(null);
    expect(visitor.calls).toEqual([]);
    const owner = fakeEffects({ keptFor: kept });
    await new ConnectionLifecycle(owner.fx).start('u1');
    expect(owner.calls).toEqual(['connect@0']);
    expect(kept.get()).toBeNull();
  });

  it('after a reload, clears kept writes before another user syncs', async () => {
    const other = fakeEffects({ keptFor: memory('u1') });
    await new ConnectionLifecycle(other.fx).start('u2');
    expect(other.calls).toEqual(['clear@0', 'connect@0']);
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

describe('a connect that does not settle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('does not hold the "back online" reconnect behind it for more than 3 s', async () => {
    let connects = 0;
    const { fx, calls } = fakeEffects({
      connect: vi.fn(() => {
        connects++;
        calls.push(`connect@${Date.now()}`);
        return connects === 1 ? new Promise<void>(() => {}) : Promise.resolve();
      }),
    });
    const life = new ConnectionLifecycle(fx);
    void life.start('u1');
    void life.wentOnline();
    await vi.advanceTimersByTimeAsync(3000 + 100);
    await life.idle();
    expect(calls).toEqual(['connect@0', 'disconnect@3000', 'connect@3100']);
  });
});
