import { getDatabaseState, whenDatabaseReady } from '../data/databaseState.js';
import { announceUpdate } from './feedback/updateNotice.js';

/**
 * Loads the service worker module once the page has loaded, so registering (and the worker's precache downloads)
 * never compete with the first render. Once the database is open, the worker learns which SQLite build to keep.
 * A new version found meanwhile is announced, not forced on the page.
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
        if (database.status === 'ready') await sw.precacheStorage(database.storage);
      })
      .catch((err: unknown) => console.warn('service worker not started:', err));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
