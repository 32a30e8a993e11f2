// Whole stories as a device lives them: what the bar shows, and when, for realistic runs of engine statuses.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncInput } from '../../src/data/syncStatus/derive.js';
import { CONNECTING, DISCONNECTED, IDLE, INITIAL_SYNC, NOT_STARTED, SYNCING, UPLOADING, input, recordedMachine } from './support/syncInputs.js';

let rec: ReturnType<typeof recordedMachine>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  rec = recordedMachine();
});

afterEach(() => {
  rec.machine.dispose();
  vi.useRealTimers();
});

function feed(ms: number, next: SyncInput) {
  rec.at(ms);
  rec.machine.update(next);
}

const view = () => rec.machine.getView();

describe('sync bar stories', () => {
  it('first start: connecting, connected, initial sync with its progress, synced, hidden', () => {
    feed(0, NOT_STARTED);
    feed(10, CONNECTING);
    feed(400, { ...INITIAL_SYNC, progress: 0 });
    feed(1500, { ...INITIAL_SYNC, progress: 0.25 });
    feed(2500, { ...INITIAL_SYNC, progress: 0.5 });
    rec.at(3010);
    expect(view()).toMatchObject({ state: 'initial-sync', label: 'Initial sync...', progressPercent: 50 });
    feed(3200, { ...INITIAL_SYNC, progress: 0.754 });
    expect(view().progressPercent).toBe(75);
    feed(3600, { ...INITIAL_SYNC, progress: 1 });
    feed(3700, IDLE);
    rec.at(4599);
    expect(view()).toMatchObject({ state: 'initial-sync', progressPercent: 100 });
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'connecting', at: 10 },
      { state: 'connected', at: 1010 },
      { state: 'initial-sync', at: 3010 },
      { state: 'synced', at: 4600 },
      { state: 'idle', at: 6100 },
    ]);
    expect(view()).toMatchObject({ showRefresh: false, showReconnect: false, toast: null });
  });

  it('going offline: disconnected at once, Refresh after 4 s, Reconnect after 10 minutes; back online it hides', () => {
    feed(0, IDLE);
    feed(1000, { ...DISCONNECTED, downloadError: 'TypeError: Failed to fetch', browserOnline: false });
    expect(view()).toMatchObject({ state: 'disconnected', label: 'Offline mode', toast: null, showRefresh: false });
    rec.at(5000);
    expect(view()).toMatchObject({ showRefresh: true, showReconnect: false });
    rec.at(601_000);
    expect(view()).toMatchObject({ showRefresh: true, showReconnect: true });
    feed(602_000, { ...CONNECTING, everConnected: true, hasSynced: true });
    feed(602_300, IDLE);
    rec.at(700_000);
    expect(rec.shown.map((s) => [s.state, s.at])).toEqual([
      ['disconnected', 1000],
      ['connecting', 602_000],
      ['idle', 603_000],
    ]);
  });

  it('a page opened without a network: a failed attempt shows as offline, not as an error', () => {
    feed(0, NOT_STARTED);
    feed(5, CONNECTING);
    feed(60, input({ downloadError: 'NetworkError when attempting to fetch resource.', browserOnline: false }));
    rec.at(1004);
    expect(view().state).toBe('connecting');
    rec.at(1005);
    expect(view()).toMatchObject({ state: 'disconnected', color: 'primary', toast: null });
    rec.at(30_000);
    expect(rec.shown.map((s) => s.state)).toEqual(['connecting', 'disconnected']);
  });

  it('a real sync error after retries against a server that did not answer: error and its toast, back to work when it clears', () => {
    feed(0, IDLE);
    feed(100, { ...DISCONNECTED, downloadError: 'Failed to fetch' });
    feed(5000, { ...DISCONNECTED, connecting: true, downloadError: 'Failed to fetch' });
    feed(5200, { ...DISCONNECTED, downloadError: 'PSYNC_S2101: Could not verify token' });
    expect(view()).toMatchObject({ state: 'error', label: 'Sync error', color: 'secondary', toast: 'Download error: PSYNC_S2101: Could not verify token' });
    rec.at(6000);
    expect(view()).toMatchObject({ state: 'error', label: 'Sync error', color: 'secondary' });
    feed(7000, IDLE);
    rec.at(8199);
    expect(view().state).toBe('error');
    rec.at(8200);
    expect(view()).toMatchObject({ state: 'idle', toast: 'Download error: PSYNC_S2101: Could not verify token' });
    rec.at(11_200);
    expect(view().toast).toBeNull();
  });

  it('the server stops answering while the browser is online: one steady state through every retry, until it answers', () => {
    feed(0, IDLE);
    // Every attempt fails again; between attempts the lifecycle's failure stands in the status (syncStatusSource).
    const failed = { ...DISCONNECTED, downloadError: 'Network error: Failed to fetch' };
    feed(1000, failed);
    expect(view()).toMatchObject({ state: 'unreachable', label: 'Server unreachable', showRefresh: false, showReconnect: false, toast: null });
    let t = 1000;
    for (const wait of [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]) {
      t += wait;
      feed(t, { ...failed, connecting: true });
      if (t === 4000) expect(view()).toMatchObject({ state: 'unreachable', showRefresh: false });
      if (t === 8000) expect(view()).toMatchObject({ state: 'unreachable', showRefresh: true, showReconnect: true });
      feed(t + 50, failed);
    }
    expect(view()).toMatchObject({ state: 'unreachable', showRefresh: true, showReconnect: true, toast: null });
    feed(t + 1000, { ...failed, connecting: true });
    feed(t + 1200, IDLE);
    rec.at(t + 10_000);
    expect(rec.shown.map((s) => s.state)).toEqual(['unreachable', 'idle']);
  });

  it('a stream that ends without a word while the browser has a network: its error comes next, and only that shows', () => {
    feed(0, IDLE);
    feed(1000, DISCONNECTED);
    feed(1024, { ...DISCONNECTED, downloadError: 'TypeError: network error' });
    rec.at(5000);
    expect(rec.shown.map((s) => s.state)).toEqual(['unreachable']);
  });

  it('a connection that ends and is not followed by anything is offline mode after 500 ms; without a network at once', () => {
    feed(0, IDLE);
    feed(1000, DISCONNECTED);
    rec.at(1499);
    expect(view().state).toBe('idle');
    rec.at(1500);
    expect(view().state).toBe('disconnected');
    feed(2000, IDLE);
    feed(3000, DISCONNECTED);
    feed(3010, { ...DISCONNECTED, browserOnline: false });
    expect(view().state).toBe('disconnected');
  });

  it('a quick local change uploads within 500 ms: the bar never moves', () => {
    feed(0, IDLE);
    feed(1000, UPLOADING);
    feed(1300, IDLE);
    rec.at(10_000);
    expect(rec.shown).toEqual([]);
  });

  it('a slow upload shows uploading for at least 1 s, then synced', () => {
    feed(0, IDLE);
    feed(1000, UPLOADING);
    feed(1700, IDLE);
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'uploading', at: 1500 },
      { state: 'synced', at: 2500 },
      { state: 'idle', at: 4000 },
    ]);
  });

  it('a long download between checkpoints: moving progress keeps syncing on screen through a brief gap', () => {
    feed(0, IDLE);
    for (let t = 1000; t <= 2700; t += 300) feed(t, { ...SYNCING, progress: (t - 1000) / 4000 });
    feed(2750, IDLE);
    for (let t = 2850; t <= 4050; t += 300) feed(t, { ...SYNCING, progress: (t - 2850) / 1200 });
    feed(4100, IDLE);
    rec.at(10_000);
    expect(rec.shown).toEqual([
      { state: 'syncing', at: 1500 },
      { state: 'synced', at: 5050 },
      { state: 'idle', at: 6550 },
    ]);
  });
});
