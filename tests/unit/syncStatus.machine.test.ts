// Each rule of how the sync bar moves between its states, on its own, with its timings, on fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncInput } from '../../src/data/syncStatus/derive.js';
import {
  CONNECTING,
  DISCONNECTED,
  IDLE,
  INITIAL_SYNC,
  OFFLINE,
  SYNCING,
  SYNC_ERROR,
  UPLOADING,
  recordedMachine,
} from './support/syncInputs.js';

let rec: ReturnType<typeof recordedMachine>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  rec = recordedMachine();
});

afterEach(() => {
  rec.machine.dispose();
  vi.useRealTimers();
});

/** Feeds `input` at absolute fake time `ms`. */
function feed(ms: number, input: SyncInput) {
  rec.at(ms);
  rec.machine.update(input);
}

describe('connected is shown before initial sync', () => {
  it('from connecting: after connecting had its 1000 ms, connected for 2000 ms, then initial sync', () => {
    feed(0, CONNECTING);
    feed(200, INITIAL_SYNC);
    rec.at(999);
    expect(rec.state()).toBe('connecting');
    rec.at(1000);
    expect(rec.state()).toBe('connected');
    rec.at(2999);
    expect(rec.state()).toBe('connected');
    rec.at(3000);
    expect(rec.state()).toBe('initial-sync');
  });

  it('from start: connected at once, initial sync 2000 ms later', () => {
    feed(0, INITIAL_SYNC);
    expect(rec.state()).toBe('connected');
    rec.at(1999);
    expect(rec.state()).toBe('connected');
    rec.at(2000);
    expect(rec.state()).toBe('initial-sync');
  });

  it('connected keeps its fixed 2000 ms even while progress is moving', () => {
    feed(0, INITIAL_SYNC);
    for (let t = 1200; t <= 1900; t += 100) feed(t, { ...INITIAL_SYNC, progress: t / 10_000 });
    rec.at(2000);
    expect(rec.state()).toBe('initial-sync');
  });

  it('not from other states: after being offline, initial sync shows directly', () => {
    feed(0, OFFLINE);
    feed(10, INITIAL_SYNC);
    expect(rec.state()).toBe('initial-sync');
    expect(rec.shown.map((s) => s.state)).toEqual(['disconnected', 'initial-sync']);
  });
});

describe('synced is shown before idle', () => {
  it('from syncing: synced for 1500 ms, then hidden', () => {
    feed(0, SYNCING);
    rec.at(500);
    expect(rec.state()).toBe('syncing');
    feed(1500, IDLE);
    expect(rec.state()).toBe('synced');
    rec.at(2999);
    expect(rec.state()).toBe('synced');
    rec.at(3000);
    expect(rec.state()).toBe('idle');
  });

  it('from uploading', () => {
    feed(0, UPLOADING);
    feed(1500, IDLE);
    rec.at(5000);
    expect(rec.shown).toEqual([
      { state: 'uploading', at: 500 },
      { state: 'synced', at: 1500 },
      { state: 'idle', at: 3000 },
    ]);
  });

  it('from initial sync', () => {
    feed(0, INITIAL_SYNC);
    feed(3000, IDLE);
    rec.at(5000);
    expect(rec.shown).toEqual([
      { state: 'connected', at: 0 },
      { state: 'initial-sync', at: 2000 },
      { state: 'synced', at: 3000 },
      { state: 'idle', at: 4500 },
    ]);
  });

  it('not from connecting: a device that already holds the data just hides the bar', () => {
    feed(0, CONNECTING);
    feed(100, IDLE);
    rec.at(5000);
    expect(rec.shown).toEqual([
      { state: 'connecting', at: 0 },
      { state: 'idle', at: 1000 },
    ]);
  });

  it('not from error', () => {
    feed(0, SYNC_ERROR);
    feed(100, IDLE);
    rec.at(10_000);
    expect(rec.shown.map((s) => s.state)).toEqual(['error', 'idle']);
  });
});

describe('states are queued and shown one at a time, each for at least its minimum', () => {
  it.each([
    ['connecting', CONNECTING, 0, 1000],
    ['error', SYNC_ERROR, 0, 3000],
    ['syncing', SYNCING, 500, 1000],
    ['uploading', UPLOADING, 500, 1000],
  ] as const)('%s stays %#: its minimum, though the engine moved on', (state, entering, delay, minimum) => {
    feed(0, entering);
    feed(delay, entering);
    expect(rec.state()).toBe(state);
    feed(delay + 1, DISCONNECTED);
    rec.at(delay + minimum - 1);
    expect(rec.state()).toBe(state);
    rec.at(delay + minimum);
    expect(rec.state()).toBe('disconnected');
  });

  it('initial sync stays its 1000 ms', () => {
    feed(0, OFFLINE);
    feed(100, INITIAL_SYNC);
    feed(101, OFFLINE);
    rec.at(1099);
    expect(rec.state()).toBe('initial-sync');
    rec.at(1100);
    expect(rec.state()).toBe('disconnected');
  });

  it('shows the queued states in arrival order, each after the previous one had its time', () => {
    feed(0, CONNECTING);
    feed(100, SYNC_ERROR);
    feed(200, DISCONNECTED);
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'connecting', at: 0 },
      { state: 'error', at: 1000 },
      { state: 'disconnected', at: 4000 },
    ]);
  });

  it('a state without a minimum gives way at once', () => {
    feed(0, DISCONNECTED);
    feed(1, CONNECTING);
    expect(rec.state()).toBe('connecting');
  });
});

describe('syncing and uploading appear only after 500 ms', () => {
  it.each([
    ['syncing', SYNCING],
    ['uploading', UPLOADING],
  ] as const)('%s appears at 500 ms', (state, entering) => {
    feed(0, entering);
    rec.at(499);
    expect(rec.state()).toBe('idle');
    rec.at(500);
    expect(rec.state()).toBe(state);
  });

  it.each([
    ['syncing', SYNCING],
    ['uploading', UPLOADING],
  ] as const)('%s is skipped when it ended within 500 ms', (_state, entering) => {
    feed(0, entering);
    feed(499, IDLE);
    rec.at(10_000);
    expect(rec.shown).toEqual([]);
  });

  it('the delay belongs to the state: a switch to another delayed state starts a new one', () => {
    feed(0, SYNCING);
    feed(300, UPLOADING);
    rec.at(799);
    expect(rec.state()).toBe('idle');
    rec.at(800);
    expect(rec.state()).toBe('uploading');
    expect(rec.shown.map((s) => s.state)).toEqual(['uploading']);
  });

  it('progress reports during the delay do not restart it', () => {
    feed(0, { ...SYNCING, progress: 0.1 });
    feed(200, { ...SYNCING, progress: 0.2 });
    feed(400, { ...SYNCING, progress: 0.3 });
    rec.at(500);
    expect(rec.state()).toBe('syncing');
  });
});

describe('a state stays while progress changed within the last second', () => {
  function intoInitialSync() {
    feed(0, INITIAL_SYNC);
    rec.at(2000);
    expect(rec.state()).toBe('initial-sync');
  }

  it('held 1 s past the last progress change, though its minimum is over and the next state waits', () => {
    intoInitialSync();
    feed(2500, { ...INITIAL_SYNC, progress: 0.5 });
    feed(3000, IDLE);
    rec.at(3499);
    expect(rec.state()).toBe('initial-sync');
    rec.at(3500);
    expect(rec.state()).toBe('synced');
  });

  it('held as long as progress keeps moving', () => {
    intoInitialSync();
    feed(3000, { ...INITIAL_SYNC, progress: 0.1 });
    feed(3400, { ...INITIAL_SYNC, progress: 0.2 });
    feed(3800, { ...INITIAL_SYNC, progress: 0.3 });
    feed(3900, IDLE);
    rec.at(4799);
    expect(rec.state()).toBe('initial-sync');
    rec.at(4800);
    expect(rec.state()).toBe('synced');
  });

  it('a repeated, unchanged progress value does not hold it', () => {
    intoInitialSync();
    feed(2500, { ...INITIAL_SYNC, progress: 0.5 });
    feed(2900, { ...INITIAL_SYNC, progress: 0.5 });
    feed(3000, IDLE);
    rec.at(3500);
    expect(rec.state()).toBe('synced');
  });

  it('syncing is held the same way', () => {
    feed(0, { ...SYNCING, progress: 0.2 });
    feed(1400, { ...SYNCING, progress: 0.9 });
    feed(1500, IDLE);
    rec.at(2399);
    expect(rec.state()).toBe('syncing');
    rec.at(2400);
    expect(rec.state()).toBe('synced');
  });
});

describe('duplicate queued states are dropped', () => {
  it('a flapping connection queues each state once', () => {
    feed(0, CONNECTING);
    feed(100, DISCONNECTED);
    feed(200, CONNECTING);
    feed(300, DISCONNECTED);
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'connecting', at: 0 },
      { state: 'disconnected', at: 1000 },
    ]);
  });

  it('a state queued again is shown once, for one minimum', () => {
    feed(0, CONNECTING);
    feed(100, SYNC_ERROR);
    feed(200, DISCONNECTED);
    feed(300, { ...SYNC_ERROR, downloadError: 'Another failure' });
    feed(400, IDLE);
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'connecting', at: 0 },
      { state: 'error', at: 1000 },
      { state: 'idle', at: 4000 },
    ]);
  });

  it('a state queued twice behind the one on screen is shown once', () => {
    feed(0, SYNC_ERROR);
    feed(100, CONNECTING);
    feed(200, DISCONNECTED);
    feed(300, CONNECTING);
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'error', at: 0 },
      { state: 'connecting', at: 3000 },
    ]);
  });

  it('returning to the state on screen drops what was queued behind it', () => {
    feed(0, SYNCING);
    rec.at(500);
    feed(600, IDLE);
    feed(700, SYNCING);
    rec.at(10_000);
    expect(rec.shown.map((s) => s.state)).toEqual(['syncing']);
  });
});
