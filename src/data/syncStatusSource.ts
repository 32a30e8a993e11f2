// Feeds the sync bar from the PowerSync database's status. Only types come from the SDK: the bar renders (hidden)
// before the SDK has loaded, and the database is never opened on the bar's account.
import type { SyncStatus } from '@powersync/web';
import { getConnectionFailure, subscribeConnectionFailure } from './connectionFailure.js';
import { getDatabaseState, subscribeDatabaseState, whenDatabaseReady, type DatabaseState } from './databaseState.js';
import type { SyncInput } from './syncStatus/derive.js';
import { SyncDisplayMachine, systemClock, type Clock } from './syncStatus/machine.js';
import type { SyncViewModel } from './syncStatus/presentation.js';

export type SyncStatusLike = Pick<
  SyncStatus,
  'connected' | 'connecting' | 'hasSynced' | 'downloading' | 'uploading' | 'downloadError' | 'uploadError' | 'downloadProgress'
>;

/** The part of the database the bar reads. */
export interface SyncStatusDatabase {
  readonly currentStatus: SyncStatusLike;
  registerListener(listener: { statusChanged?: (status: SyncStatusLike) => void }): () => void;
}

export interface SyncStatusSourceDeps {
  getDatabaseState(): DatabaseState;
  subscribeDatabaseState(listener: () => void): () => void;
  whenDatabaseReady(): Promise<SyncStatusDatabase>;
  clock?: Clock;
  /** The browser's view of the network; the window's online and offline events by default. */
  network?: BrowserNetwork;
  /** The failure the connection lifecycle backs off from; data/connectionFailure.ts by default. */
  failure?: ConnectionFailureSource;
}

export interface ConnectionFailureSource {
  get(): string | null;
  subscribe(listener: () => void): () => void;
}

const lifecycleFailure: ConnectionFailureSource = { get: getConnectionFailure, subscribe: subscribeConnectionFailure };

export interface BrowserNetwork {
  isOnline(): boolean;
  subscribe(listener: () => void): () => void;
}

const windowNetwork: BrowserNetwork = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => {};
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
};

export type ReconnectHandler = () => unknown;

export interface SyncStatusSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): SyncViewModel;
  /** Plugs in the connection lifecycle's reconnect; until then (or after null) the bar offers no Reconnect button. */
  setReconnectHandler(handler: ReconnectHandler | null): void;
  reconnect(): void;
}

/**
 * What the SDK reports when a disconnect we asked for (going offline, reconnecting, a user change) cuts an upload or
 * a write-checkpoint request short. Crossing the shared worker loses the error's class, so the message counts too.
 */
const REQUESTED_ABORT_MESSAGES = ['Disconnect has been requested'];

/** An interruption the app itself asked for: neither a sync error (no red toast) nor a network failure. */
export function isRequestedAbort(error: Error): boolean {
  return error.name === 'AbortError' || REQUESTED_ABORT_MESSAGES.includes(error.message);
}

/**
 * What the SDK reports while the tabs of one browser hand the shared database and sync connection over, when another
 * tab closes or reloads: the closing tab's port goes away mid-request, its read loop ends, its file handles are not
 * released yet. Nothing is wrong and nothing is lost: the engine reconnects, and the bar says it is connecting.
 */
const TAB_HANDOVER_MESSAGES = ['Remote peer closed with request in flight', 'No iteration is active', 'Access Handles cannot be created'];

export function isTabHandover(message: string): boolean {
  return TAB_HANDOVER_MESSAGES.some((words) => message.includes(words));
}

/** An error worth telling about: none for an interruption the app asked for, nor for another tab's handover. */
export function reportedError(error: Error | undefined): string | undefined {
  if (error === undefined || isRequestedAbort(error) || isTabHandover(error.message)) return undefined;
  return error.message || String(error);
}

/**
 * `failure`: what the connection lifecycle is backing off from. Each retry starts the engine afresh, without the
 * error, so until a connection the failure stands in for it: the bar keeps saying what is wrong between attempts.
 */
export function toSyncInput(status: SyncStatusLike, everConnected: boolean, browserOnline = true, failure: string | null = null): SyncInput {
  const progress = status.downloadProgress?.downloadedFraction;
  return {
    connected: status.connected,
    connecting: status.connecting,
    // undefined means the SDK is still reading it from the database: not known to have synced.
    hasSynced: status.hasSynced === true,
    everConnected: everConnected || status.connected,
    downloading: status.downloading,
    uploading: status.uploading,
    downloadError: reportedError(status.downloadError) ?? (status.connected || failure === null || isTabHandover(failure) ? undefined : failure),
    uploadError: reportedError(status.uploadError),
    progress: status.downloading && progress !== undefined && Number.isFinite(progress) ? progress : undefined,
    browserOnline,
  };
}

export function createSyncStatusSource(deps: SyncStatusSourceDeps): SyncStatusSource {
  const machine = new SyncDisplayMachine(deps.clock ?? systemClock);
  const listeners = new Set<() => void>();
  let reconnectHandler: ReconnectHandler | null = null;
  let snapshot = withHandler(machine.getView());
  let started = false;
  let everConnected = false;
  let attached: SyncStatusDatabase | null = null;
  let detach: (() => void) | null = null;

  function withHandler(view: SyncViewModel): SyncViewModel {
    return view.showReconnect && reconnectHandler === null ? { ...view, showReconnect: false } : view;
  }

  function publish() {
    const next = withHandler(machine.getView());
    if (next === snapshot) return;
    snapshot = next;
    for (const listener of [...listeners]) listener();
  }

  const network = deps.network ?? windowNetwork;
  const failure = deps.failure ?? lifecycleFailure;
  let lastStatus: SyncStatusLike | null = null;

  function feed(status: SyncStatusLike) {
    lastStatus = status;
    everConnected ||= status.connected;
    machine.update(toSyncInput(status, everConnected, network.isOnline(), failure.get()));
  }

  function attach(db: SyncStatusDatabase) {
    if (db === attached) return;
    detach?.();
    attached = db;
    detach = db.registerListener({ statusChanged: feed });
    feed(db.currentStatus);
  }

  // The database may be replaced (reconnect recreates it): follow whichever one is ready now.
  function follow() {
    if (deps.getDatabaseState().status !== 'ready') {
      detach?.();
      detach = null;
      attached = null;
      return;
    }
    deps.whenDatabaseReady().then(
      (db) => {
        if (deps.getDatabaseState().status === 'ready') attach(db);
      },
      () => {},
    );
  }

  function start() {
    if (started) return;
    started = true;
    machine.subscribe(publish);
    // Going offline, or the lifecycle's failure changing, changes what the bar shows even when the engine reports
    // nothing new (it is waiting for its next attempt).
    const refeed = () => {
      if (lastStatus !== null) feed(lastStatus);
    };
    network.subscribe(refeed);
    failure.subscribe(refeed);
    deps.subscribeDatabaseState(follow);
    follow();
  }

  return {
    subscribe(listener) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    setReconnectHandler(handler) {
      reconnectHandler = handler;
      publish();
    },
    reconnect() {
      void Promise.resolve()
        .then(() => reconnectHandler?.())
        .catch((err: unknown) => console.warn('sync reconnect failed', err));
    },
  };
}

// The app's one source. It lives as long as the page: the bar is always mounted, and StrictMode's
// unsubscribe-resubscribe must not restart the clocks.
const source = createSyncStatusSource({ getDatabaseState, subscribeDatabaseState, whenDatabaseReady });

export const subscribeSyncStatus = source.subscribe;
export const getSyncStatusSnapshot = source.getSnapshot;
export const setReconnectHandler = source.setReconnectHandler;
export const requestReconnect = source.reconnect;
