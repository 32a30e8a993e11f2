// The view model the bar renders: labels, theme colours, icons, the rounded percentage, and a stable identity.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncDisplayState } from '../../src/data/syncStatus/derive.js';
import { PRESENTATION, toPercent } from '../../src/data/syncStatus/presentation.js';
import { CONNECTING, IDLE, INITIAL_SYNC, SYNCING, UPLOADING, recordedMachine } from './support/syncInputs.js';

let rec: ReturnType<typeof recordedMachine>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  rec = recordedMachine();
});

afterEach(() => {
  rec.machine.dispose();
  vi.useRealTimers();
});

describe('sync view model', () => {
  it('idle is hidden: no label, colour or icon, no buttons, no toast', () => {
    expect(rec.machine.getView()).toEqual({
      state: 'idle',
      label: '',
      color: null,
      icon: null,
      progressPercent: null,
      showRefresh: false,
      showReconnect: false,
      toast: null,
    });
  });

  it('every visible state has a label, an icon and a theme colour: red for errors, green for good news', () => {
    const visible = Object.keys(PRESENTATION).filter((s) => s !== 'idle') as SyncDisplayState[];
    for (const state of visible) {
      expect(PRESENTATION[state].label).not.toBe('');
      expect(PRESENTATION[state].icon).not.toBeNull();
    }
    expect(PRESENTATION.error.color).toBe('secondary');
    expect(PRESENTATION.connected.color).toBe('success');
    expect(PRESENTATION.synced.color).toBe('success');
    for (const state of ['connecting', 'disconnected', 'initial-sync', 'syncing', 'uploading'] as const) {
      expect(PRESENTATION[state].color).toBe('primary');
    }
  });

  it.each([
    [0, 0],
    [0.004, 0],
    [0.005, 1],
    [0.426, 43],
    [0.995, 100],
    [1, 100],
    [1.2, 100],
    [-0.1, 0],
  ])('progress %s shows as %s %%', (fraction, percent) => {
    expect(toPercent(fraction)).toBe(percent);
  });

  it('the percentage belongs to the downloading states only', () => {
    rec.machine.update({ ...SYNCING, progress: 0.426 });
    rec.at(500);
    expect(rec.machine.getView()).toMatchObject({ state: 'syncing', progressPercent: 43 });
    rec.machine.update({ ...UPLOADING, progress: 0.5 });
    rec.at(1500);
    expect(rec.machine.getView()).toMatchObject({ state: 'uploading', progressPercent: null });
  });

  it('no percentage before the engine reports progress', () => {
    rec.machine.update(INITIAL_SYNC);
    rec.at(2000);
    expect(rec.machine.getView()).toMatchObject({ state: 'initial-sync', progressPercent: null });
  });

  it("a new download does not start from the last one's 100 %", () => {
    rec.machine.update({ ...SYNCING, progress: 1 });
    rec.at(500);
    rec.machine.update(IDLE);
    rec.at(5000);
    rec.machine.update(SYNCING);
    rec.at(5500);
    expect(rec.machine.getView()).toMatchObject({ state: 'syncing', progressPercent: null });
  });

  it('keeps the same object while nothing visible changed, and notifies only on change', () => {
    const listener = vi.fn();
    rec.machine.subscribe(listener);
    rec.machine.update(CONNECTING);
    const first = rec.machine.getView();
    expect(listener).toHaveBeenCalledTimes(1);
    rec.machine.update({ ...CONNECTING, uploading: true });
    rec.at(3000);
    expect(rec.machine.getView()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
