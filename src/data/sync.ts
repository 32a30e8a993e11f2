import type { PowerSyncDatabase, SyncStatus } from '@powersync/web';
import { getSession, subscribeSession, whenSessionLoaded } from '../rpc/session.js';
import { setConnectionFailure } from './connectionFailure.js';
import { TagbookConnector } from './connector.js';
import { ConnectionLifecycle, SDK_RETRY_FALLBACK_MS, type EngineStatus } from './connectionLifecycle.js';
import { getDatabase, recreateDatabase } from './databaseState.js';
import { reportedError, setReconnectHandler } from './syncStatusSource.js';

const connector = new TagbookConnector();
let lifecycle: ConnectionLifecycle | null = null;

const engineStatus = (status: SyncStatus): EngineStatus => ({
  connected: status.connected,
  connecting: status.connecting,
  error: reportedError(status.downloadError),
});

/** The lifecycle hears every status of the database it connects; a recreated database is followed at its connect. */
let followed: { db: PowerSyncDatabase; stop: () => void } | null = null;
function follow(db: PowerSyncDatabase, life: ConnectionLifecycle): void {
  if (followed?.db === db) return;
  followed?.stop();
  followed = { db, stop: db.registerListener({ statusChanged: (status) => life.statusChanged(engineStatus(status)) }) };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const KEPT_WRITES_KEY = 'tagbook.keptWritesFor';

/** localStorage, so a reload between a lost session and the next sign-in still knows whose writes wait. */
const keptFor = {
  get(): string | null {
    try {
      return localStorage.getItem(KEPT_WRITES_KEY);
    } catch {
      return null;
    }
  },
  set(userId: string | null): void {
    try {
      if (userId === null) localStorage.removeItem(KEPT_WRITES_KEY);
      else localStorage.setItem(KEPT_WRITES_KEY, userId);
    } catch {
      // Without storage the marker lives only as long as the page: the in-memory path still applies.
    }
  },
};
const currentUserId = () => getSession()?.userId ?? null;

/**
 * Starts syncing once (connect once at start) and wires it to what changes it: the signed-in user, the
 * browser's online and offline events. Loaded after the database opened, off the critical path.
 */
export async function startSync(): Promise<ConnectionLifecycle> {
  if (lifecycle) return lifecycle;
  const db = (): PowerSyncDatabase => getDatabase();
  const life: ConnectionLifecycle = new ConnectionLifecycle({
    connect: () => {
      follow(db(), life);
      return db().connect(connector, { retryDelayMs: SDK_RETRY_FALLBACK_MS });
    },
    // An upload waiting for its next attempt belongs to the connection being closed.
    disconnect: () => {
      connector.interrupt();
      return db().disconnect();
    },
    disconnectAndClear: () => {
      connector.interrupt();
      return db().disconnectAndClear();
    },
    hasPendingWrites: async () => (await db().getNextCrudTransaction()) !== null,
    keptFor,
    recreateDatabase: async () => void (await recreateDatabase()),
    sleep,
    isOnline: () => navigator.onLine,
    setTimer: (callback, ms) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    },
    reportFailure: setConnectionFailure,
    startOver: () => connector.startOver(),
    log: (message, err) => console.warn(message, err),
  });
  lifecycle = life;
  setReconnectHandler(() => void life.reconnect());

  // The first token must be for the right user, so wait for the stored session before connecting.
  await whenSessionLoaded();
  void life.start(currentUserId());
  subscribeSession(() => void life.userChanged(currentUserId()));
  window.addEventListener('offline', () => void life.wentOffline());
  window.addEventListener('online', () => void life.wentOnline());
  return life;
}
