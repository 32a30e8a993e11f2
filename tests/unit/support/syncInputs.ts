// Engine snapshots for the sync bar's tests, named for the situation they stand for, plus a recorder of what the
// bar showed and when.
import { vi } from 'vitest';
import type { SyncDisplayState, SyncInput } from '../../../src/data/syncStatus/derive.js';
import { SyncDisplayMachine } from '../../../src/data/syncStatus/machine.js';

const NOTHING: SyncInput = {
  connected: false,
  connecting: false,
  hasSynced: false,
  everConnected: false,
  downloading: false,
  uploading: false,
};

export const input = (over: Partial<SyncInput> = {}): SyncInput => ({ ...NOTHING, ...over });

/** Before the first connect call: nothing to show. */
export const NOT_STARTED = input();
export const CONNECTING = input({ connecting: true });
export const INITIAL_SYNC = input({ connected: true, everConnected: true, downloading: true });
export const IDLE = input({ connected: true, everConnected: true, hasSynced: true });
export const SYNCING = input({ ...IDLE, downloading: true });
export const UPLOADING = input({ ...IDLE, uploading: true });
export const DISCONNECTED = input({ everConnected: true, hasSynced: true });
/** Disconnected because the browser lost its network: offline mode at once. */
export const OFFLINE = input({ ...DISCONNECTED, browserOnline: false });
export const SYNC_ERROR = input({ ...IDLE, downloadError: 'Checksum mismatch' });

export interface Shown {
  state: SyncDisplayState;
  at: number;
}

/** A machine on the fake clock, with the states it showed, in order, stamped with the fake time. */
export function recordedMachine() {
  const machine = new SyncDisplayMachine();
  const shown: Shown[] = [];
  machine.subscribe(() => {
    const { state } = machine.getView();
    if (shown.at(-1)?.state !== state) shown.push({ state, at: Date.now() });
  });
  const state = () => machine.getView().state;
  /** Moves the fake clock to an absolute time. */
  const at = (ms: number) => vi.advanceTimersByTime(ms - Date.now());
  return { machine, shown, state, at };
}
