import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionLifecycle, type ConnectionEffects, type EngineStatus } from '../../src/data/connectionLifecycle.js';
import { Backoff, RETRY_SCHEDULE } from '../../src/domain/backoff.js';

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
    setTimer: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
    reportFailure: vi.fn(),
    startOver: vi.fn(),
    ...overrides,
  };
  return { fx, calls };
}

const never = () => new Promise<void>(() => {});

function memory(initial: string | null = null) {
  let value = initial;
  return { get: () => value, set: (v: string | null) => void (value = v) };
}

describe('the connection lifecycle', () => {
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

describe('retrying a connection that failed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  const CONNECTING: EngineStatus = { connected: false, connecting: true };
  const FAILED: EngineStatus = { connected: false, connecting: false, error: 'Network error: Failed to fetch' };
  const CONNECTED: EngineStatus = { connected: true, connecting: false };

  /** An engine whose every attempt fails at once, as against a server that does not answer. */
  function failingEngine(overrides: Partial<ConnectionEffects> = {}) {
    let life: ConnectionLifecycle | null = null;
    let failing = true;
    const { fx, calls } = fakeEffects({
      connect: vi.fn(async () => {
        calls.push(`connect@${Date.now()}`);
        life!.statusChanged(CONNECTING);
        life!.statusChanged(failing ? FAILED : CONNECTED);
      }),
      ...overrides,
    });
    // The longest waits the rule allows (random 1): the schedule is then exact.
    life = new ConnectionLifecycle(fx, new Backoff(RETRY_SCHEDULE, () => 1));
    const connects = () => calls.filter((c) => c.startsWith('connect@')).map((c) => Number(c.slice(8)));
    return { life, fx, calls, connects, heal: () => (failing = false), breakAgain: () => (failing = true) };
  }

  it('waits 1 s, then 2, 4, 8 … up to a minute between attempts instead of one a second', async () => {
    const { life, connects } = failingEngine();
    await life.start('u1');
    await vi.advanceTimersByTimeAsync(390_000);
    // Each retry: the wait, then disconnect and the 100 ms pause of a reconnect.
    const gaps = connects().slice(1).map((t, i) => t - connects()[i]!);
    expect(gaps.slice(0, 8)).toEqual([1100, 2100, 4100, 8100, 16_100, 32_100, 60_100, 60_100]);
    expect(connects().length).toBe(12);
  });

  it('tells the bar what it is backing off from, and that it is over once connected', async () => {
    const engine = failingEngine();
    await engine.life.start('u1');
    expect(engine.fx.reportFailure).toHaveBeenLastCalledWith('Network error: Failed to fetch');
    engine.heal();
    await vi.advanceTimersByTimeAsync(1100);
    expect(engine.fx.reportFailure).toHaveBeenLastCalledWith(null);
  });

  it('starts over from 1 s after a connection succeeded, when it fails again later', async () => {
    const engine = failingEngine();
    await engine.life.start('u1');
    await vi.advanceTimersByTimeAsync(1100 + 2100 + 4100);
    expect(engine.connects()).toEqual([0, 1100, 3200, 7300]);
    engine.heal();
    await vi.advanceTimersByTimeAsync(8100);
    expect(engine.connects()).toEqual([0, 1100, 3200, 7300, 15_400]);
    // The stream drops a minute later.
    engine.breakAgain();
    await vi.advanceTimersByTimeAsync(60_000);
    engine.life.statusChanged(FAILED);
    await vi.advanceTimersByTimeAsync(1100);
    expect(engine.connects().at(-1)).toBe(76_500);
  });

  it.each([
    ['the browser comes back online', (life: ConnectionLifecycle) => life.wentOnline()],
    ['the person asks to reconnect', (life: ConnectionLifecycle) => life.reconnect()],
  ])('tries at once, with a short wait again, when %s', async (_what, trigger) => {
    const { life, connects } = failingEngine();
    await life.start('u1');
    await vi.advanceTimersByTimeAsync(1100 + 2100 + 4100 + 8100);
    expect(connects().at(-1)).toBe(15_400);
    void trigger(life);
    await vi.advanceTimersByTimeAsync(100);
    expect(connects().at(-1)).toBe(15_500);
    await vi.advanceTimersByTimeAsync(1100);
    expect(connects().at(-1)).toBe(16_600);
  });

  it('does not retry while the browser is offline, nor once the lifecycle has let go of the connection', async () => {
    let online = true;
    const engine = failingEngine({ isOnline: () => online });
    await engine.life.start('u1');
    online = false;
    await engine.life.wentOffline();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(engine.connects()).toEqual([0]);
    expect(engine.fx.reportFailure).toHaveBeenLastCalledWith(null);
  });

  it('takes the end of an attempt it stopped itself for no failure', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx, new Backoff(RETRY_SCHEDULE, () => 1));
    await life.start('u1');
    life.statusChanged(CONNECTING);
    life.statusChanged(FAILED);
    await vi.advanceTimersByTimeAsync(1100);
    expect(calls).toEqual(['connect@0', 'disconnect@1000', 'connect@1100']);
    // The old connection's last word arrives after the retry's disconnect, still naming the old error.
    life.statusChanged(FAILED);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual(['connect@0', 'disconnect@1000', 'connect@1100']);
  });

  it('does not let a retry already due connect a visitor while a signed-out user\'s writes wait', async () => {
    let connects = 0;
    const { fx, calls } = fakeEffects({
      hasPendingWrites: vi.fn(async () => true),
      // The first connect does not settle: the steps queued behind it wait the 3 s the lifecycle allows it.
      connect: vi.fn(() => {
        calls.push(`connect@${Date.now()}`);
        return connects++ === 0 ? new Promise<void>(() => {}) : Promise.resolve();
      }),
    });
    const life = new ConnectionLifecycle(fx, new Backoff(RETRY_SCHEDULE, () => 1));
    void life.start('u1');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['connect@0']);
    life.statusChanged(CONNECTING);
    life.statusChanged(FAILED);
    await vi.advanceTimersByTimeAsync(500);
    // The session ends with writes unsent; its step waits behind the connect, and the retry falls due behind it.
    void life.userChanged(null);
    await vi.advanceTimersByTimeAsync(120_000);
    await life.idle();
    expect(calls).toEqual(['connect@0', 'disconnect@3000']);
  });

  it('lets waiting uploads go at once on the same occasions, never on its own retries', async () => {
    const engine = failingEngine();
    await engine.life.start('u1');
    expect(engine.fx.startOver).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(engine.fx.startOver).toHaveBeenCalledTimes(1);
    void engine.life.wentOnline();
    void engine.life.reconnect();
    void engine.life.userChanged('u2');
    await vi.advanceTimersByTimeAsync(2000);
    await engine.life.idle();
    expect(engine.fx.startOver).toHaveBeenCalledTimes(4);
  });

  it('lets an attempt that started elsewhere stand for its own retry (tabs sharing one sync worker)', async () => {
    const { fx, calls } = fakeEffects();
    const life = new ConnectionLifecycle(fx, new Backoff(RETRY_SCHEDULE, () => 1));
    await life.start('u1');
    life.statusChanged(CONNECTING);
    life.statusChanged(FAILED);
    // Another tab's retry comes first: the shared connection is connecting again before this tab's wait is over.
    await vi.advanceTimersByTimeAsync(700);
    life.statusChanged(CONNECTING);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(['connect@0']);
    // It fails too: this tab's next wait is its second step.
    life.statusChanged(FAILED);
    await vi.advanceTimersByTimeAsync(2100);
    expect(calls).toEqual(['connect@0', 'disconnect@62700', 'connect@62800']);
  });
});
