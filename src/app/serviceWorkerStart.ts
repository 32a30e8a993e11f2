import { getDatabaseState, whenDatabaseReady } from '../data/databaseState.js';
import { getSession, subscribeSession } from '../rpc/session.js';
import { announceUpdate } from './feedback/updateNotice.js';

/**
 * Loads the service worker module once the page has loaded, so registering (and the worker's precache downloads)
 * never compete with the first render. Once the database is open, the worker learns which SQLite build to keep, and
 * once someone is signed in, to keep the signed-in pages too. A new version found meanwhile is announced, not forced
 * on the page.
 */
export function startServiceWorkerAfterLoad(): void {
  const start = () => {
    import('./serviceWorker.js')
      .then(async (sw) => {
        // A waiting worker is announced in the notification bar; its Reload runs the update flow.
        const announceWhenWaiting = () => {
          if (sw.getServiceWorkerStatus() === 'waiting') announceUpdate(() => sw.updateServiceWorker());
        };
        sw.subscribeServiceWorkerStatus(announceWhenWaiting);
        void sw.startServiceWorker();
        await whenDatabaseReady().catch(() => undefined); // its failure is reported where it is opened
        const database = getDatabaseState();
        if (database.status === 'ready') await sw.precacheGroup(database.storage);
        whenSignedIn(() => void sw.precacheGroup('member'));
      })
      .catch((err: unknown) => console.warn('service worker not started:', err));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Calls `then` once, as soon as a session exists (at once if one does already). */
function whenSignedIn(then: () => void): void {
  if (getSession() !== null) return then();
  const stop = subscribeSession(() => {
    if (getSession() === null) return;
    stop();
    then();
  });
}
