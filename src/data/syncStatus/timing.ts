// How long each state of the sync bar shows, waits or holds, in milliseconds.
import type { SyncDisplayState } from './derive.js';

/** How long a state stays on screen at least; connected and synced leave exactly then (see FIXED_STATES). */
export const DISPLAY_MS: Readonly<Record<SyncDisplayState, number>> = {
  connecting: 1000,
  connected: 2000,
  disconnected: 0,
  unreachable: 0,
  'initial-sync': 1000,
  syncing: 1000,
  uploading: 1000,
  synced: 1500,
  error: 3000,
  idle: 0,
};

/** Syncing and uploading wait this long before they appear, so quick ones never flash. */
export const ACTIVITY_DELAY_MS = 500;
/** 'Offline mode' waits this long while the browser has a network, for the error or retry that usually follows. */
export const DISCONNECT_SETTLE_MS = 500;
/** A state that shows progress stays while progress changed within this window. */
export const PROGRESS_HOLD_MS = 1000;
export const CONNECTING_RECONNECT_AFTER_MS = 6000;
export const DISCONNECTED_RECONNECT_AFTER_MS = 600_000;
export const REFRESH_AFTER_MS = 4000;
export const ERROR_TOAST_MS = 6000;
