import type { PowerSyncDatabase } from '@powersync/web';
import { getSession, subscribeSession, whenSessionLoaded } from '../rpc/session.js';
import { TagbookConnector } from './connector.js';
import { ConnectionLifecycle } from './connectionLifecycle.js';
import { getDatabase, recreateDatabase } from './databaseState.js';
import { setReconnectHandler } from './syncStatusSource.js';

const connector = new TagbookConnector();
let lifecycle: ConnectionLifecycle | null = null;

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
 * Starts syncing once (SPEC §4 connection lifecycle) and wires it to what changes it: the signed-in user, the
 * browser's online and offline events. Loaded after the database opened, off the critical path.
 */
export async function startSync(): Promise<ConnectionLifecycle> {
  if (lifecycle) return lifecycle;
  const db = (): PowerSyncDatabase => getDatabase();
  const life = new ConnectionLifecycle({
    connect: () => db().connect(connector, { retryDelayMs: 1000 }),
    disconnect: () => db().disconnect(),
    disconnectAndClear: () => db().disconnectAndClear(),
    hasPendingWrites: async () => (await db().getNextCrudTransaction()) !== null,
    keptFor,
    recreateDatabase: async () => void (await recreateDatabase()),
    sleep,
    isOnline: () => navigator.onLine,
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
