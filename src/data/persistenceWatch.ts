import type { PowerSyncDatabase } from '@powersync/web';
import { subscribeSessionStarted } from '../rpc/session.js';
import { getDatabaseState, subscribeDatabaseState, whenDatabaseReady } from './databaseState.js';
import { askForPersistence, refreshPersistenceNotice } from './persistence.js';

// Asks for persisted storage at the moments it matters (persistenceRules.ts) and keeps the notice true: when this
// tab starts a session, whenever the queue of unsent changes changes, and when an upload ends (one another tab's
// connector ran empties the queue without this tab writing).

let started = false;

/** Starts once, at start: sign-ins at once, the queue once the database opens (and again if it is replaced). */
export function watchPersistence(): void {
  if (started) return;
  started = true;
  let running = false;
  let again = false;
  let attached: PowerSyncDatabase | null = null;
  let detach: (() => void) | null = null;

  // One check at a time; changes during one run it once more afterwards.
  async function check(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const db = attached;
        if (db === null) return;
        const unsent = (await db.get<{ n: number }>('SELECT count(*) AS n FROM ps_crud')).n;
        if (unsent > 0) await askForPersistence('writes-waiting');
        await refreshPersistenceNotice(unsent);
      } while (again);
    } catch (err) {
      console.warn('could not check the unsent changes', err);
    } finally {
      running = false;
    }
  }

  function attach(db: PowerSyncDatabase): void {
    if (db === attached) return;
    detach?.();
    attached = db;
    const stopChanges = db.onChange({ onChange: () => void check() }, { tables: ['ps_crud'], triggerImmediate: true });
    // Only the end of an upload matters here, not every step of a download's progress.
    let uploading = db.currentStatus.uploading;
    const stopStatus = db.registerListener({
      statusChanged: (status) => {
        if (status.uploading === uploading) return;
        uploading = status.uploading;
        if (!uploading) void check();
      },
    });
    detach = () => {
      stopChanges();
      stopStatus();
    };
  }

  function follow(): void {
    if (getDatabaseState().status !== 'ready') {
      detach?.();
      detach = null;
      attached = null;
      return;
    }
    whenDatabaseReady().then(
      (db) => {
        if (getDatabaseState().status === 'ready') attach(db);
      },
      () => {},
    );
  }

  subscribeDatabaseState(follow);
  follow();
  subscribeSessionStarted(() => void askForPersistence('sign-in').then(() => check()));
}
