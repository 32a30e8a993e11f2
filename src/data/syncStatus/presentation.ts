// What each display state looks like. Colours are theme roles: the bar maps them to the palette.
import type { SyncDisplayState } from './derive.js';

export type SyncColor = 'primary' | 'secondary' | 'success';
export type SyncIcon = 'connecting' | 'connected' | 'offline' | 'download' | 'sync' | 'upload' | 'synced' | 'error';

export interface SyncPresentation {
  label: string;
  color: SyncColor | null;
  icon: SyncIcon | null;
}

export const PRESENTATION: Readonly<Record<SyncDisplayState, SyncPresentation>> = {
  connecting: { label: 'Connecting...', color: 'primary', icon: 'connecting' },
  connected: { label: 'Connected', color: 'success', icon: 'connected' },
  disconnected: { label: 'Offline mode', color: 'primary', icon: 'offline' },
  unreachable: { label: 'Server unreachable', color: 'primary', icon: 'offline' },
  'initial-sync': { label: 'Initial sync...', color: 'primary', icon: 'download' },
  syncing: { label: 'Syncing...', color: 'primary', icon: 'sync' },
  uploading: { label: 'Uploading...', color: 'primary', icon: 'upload' },
  synced: { label: 'Synced', color: 'success', icon: 'synced' },
  error: { label: 'Sync error', color: 'secondary', icon: 'error' },
  idle: { label: '', color: null, icon: null },
};

/** The states whose strip carries a progress bar: the ones downloading. */
export const PROGRESS_STATES: ReadonlySet<SyncDisplayState> = new Set(['initial-sync', 'syncing']);

export interface SyncViewModel {
  state: SyncDisplayState;
  label: string;
  color: SyncColor | null;
  icon: SyncIcon | null;
  /** Whole percent, 0..100, for states in PROGRESS_STATES once the engine reported progress; otherwise null. */
  progressPercent: number | null;
  showRefresh: boolean;
  showReconnect: boolean;
  /** The red toast's text ('Download error: …' / 'Upload error: …'), or null when none is showing. */
  toast: string | null;
}

export function toPercent(fraction: number): number {
  return Math.min(100, Math.max(0, Math.round(fraction * 100)));
}

export function sameView(a: SyncViewModel, b: SyncViewModel): boolean {
  return (
    a.state === b.state &&
    a.progressPercent === b.progressPercent &&
    a.showRefresh === b.showRefresh &&
    a.showReconnect === b.showReconnect &&
    a.toast === b.toast
  );
}
