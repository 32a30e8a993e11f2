import { whenDatabaseReady } from './databaseState.js';

/** Database reset: the page reloads this long after the local data is cleared. */
export const RESET_RELOAD_MS = 100;

/** How many local changes wait to be uploaded (the SDK's queue): what a reset would throw away. */
export async function countUnsentChanges(): Promise<number> {
  const db = await whenDatabaseReady();
  const row = await db.get<{ n: number }>('SELECT count(*) AS n FROM ps_crud');
  return row.n;
}

/** Disconnects and deletes every synced and local row; the next start syncs afresh from the server. */
export async function clearLocalDatabase(): Promise<void> {
  const db = await whenDatabaseReady();
  await db.disconnectAndClear({ clearLocal: true });
}
