import { getDatabaseState, whenDatabaseReady } from '../data/databaseState.js';

/**
 * Loads the service worker module once the page has loaded, so registering (and the worker's precache downloads)
 * never compete with the first render. Once the database is open, the worker learns which SQLite build to keep.
 */
export function startServiceWorkerAfterLoad(): void {
  const start = () => {
    import('./serviceWorker.js')
      .then(async (sw) => {
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
