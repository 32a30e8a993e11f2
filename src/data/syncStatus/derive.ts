// The sync bar's display states: which state the bar should be heading for, from one snapshot of the sync engine.
// Plain data in and out, so the rules are testable without the SDK and the shell can load them before it.

export type SyncDisplayState =
  | 'connecting'
  | 'connected'
  | 'disconnected'
  | 'unreachable'
  | 'initial-sync'
  | 'syncing'
  | 'uploading'
  | 'synced'
  | 'error'
  | 'idle';

export interface SyncInput {
  connected: boolean;
  connecting: boolean;
  hasSynced: boolean;
  /** The engine has been connected at least once since the page loaded. */
  everConnected: boolean;
  downloading: boolean;
  uploading: boolean;
  downloadError?: string;
  uploadError?: string;
  /** Download progress of the current sync, 0..1; absent when nothing is downloading. */
  progress?: number;
  /** The browser reports a network (navigator.onLine); absent means it does. */
  browserOnline?: boolean;
}

// An error whose message holds one of these is the network's. The short ones already cover the long ones, but the
// list keeps all four as the rule names them, so it can be checked against the rule word for word.
const NETWORK_ERROR_WORDS = ['fetch', 'network', 'failed to fetch', 'networkerror'];

/** A failure of the network itself (its message says fetch or network): the bar shows offline, not a sync error. */
export function isNetworkError(message: string): boolean {
  const lower = message.toLowerCase();
  return NETWORK_ERROR_WORDS.some((word) => lower.includes(word));
}

function isSyncError(message: string | undefined): message is string {
  return message !== undefined && !isNetworkError(message);
}

function hasNetworkError(input: SyncInput): boolean {
  return [input.downloadError, input.uploadError].some((m) => m !== undefined && isNetworkError(m));
}

export function deriveSyncState(input: SyncInput): SyncDisplayState {
  if (isSyncError(input.downloadError) || isSyncError(input.uploadError)) return 'error';
  if (input.connected) {
    if (!input.hasSynced) return 'initial-sync';
    if (input.downloading) return 'syncing';
    if (input.uploading) return 'uploading';
    return 'idle';
  }
  // Without a network the app does not try to connect (data/connectionLifecycle.ts): that is offline mode.
  if (input.browserOnline === false) return 'disconnected';
  // A network that does not reach the server (it is down, or the network only claims to work): one steady state
  // while the lifecycle retries, which its attempts do not interrupt — they said 'Connecting...' and 'Offline mode'
  // by turns, once a second.
  if (hasNetworkError(input)) return 'unreachable';
  if (input.connecting) return 'connecting';
  if (input.everConnected) return 'disconnected';
  return 'idle';
}
