import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoutePage } from './app/App.js';
import { AppErrorBoundary } from './app/feedback/AppErrorBoundary.js';
import { DatabaseStatus } from './app/DatabaseStatus.js';
import { rememberLastPath, restoreLastPath } from './app/lastPath.js';
import { getLocation } from './ui/navigation.js';
import { matchRoute } from './app/routes.js';
import { startServiceWorkerAfterLoad } from './app/serviceWorkerStart.js';
import { whenDatabaseReady } from './data/databaseState.js';
import { pageHasFirstAnswer } from './data/firstAnswer.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

restoreLastPath();
// Before the path is remembered or routed: a first scan's page may stand at another address than the tag's.
if (pageHasFirstAnswer(document)) {
  await import('./features/tags/firstScan.js')
    .then((firstScan) => firstScan.openFirstAnswer(document))
    .catch((err: unknown) => console.error('the first answer could not be read', err));
}
rememberLastPath();
// The opened page's chunk travels with the shell (Link preload), so this wait is a task, not a round trip; the first
// render then shows the page itself instead of a fallback. A chunk that fails (offline, missing) is the page's
// error boundary's business: render regardless.
await preloadRoutePage(matchRoute(getLocation().pathname)).catch(() => undefined);

// The shell renders at once; the database (worker + wasm) opens in parallel and queries wait for it.
createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary standalone>
      <App />
    </AppErrorBoundary>
    <DatabaseStatus />
  </StrictMode>,
);
startServiceWorkerAfterLoad();
whenDatabaseReady()
  .then(() => import('./data/sync.js'))
  .then((sync) => sync.startSync())
  .catch((err: unknown) => console.error('local database or sync failed to start', err));
// Unsent changes on storage the browser may clear: ask to keep it when that matters, and say so when refused. Not
// after the database: a person may sign in before it opens, and that is one of the moments to ask.
import('./data/persistenceWatch.js')
  .then((persistence) => persistence.watchPersistence())
  .catch((err: unknown) => console.error('storage persistence watch failed to start', err));
// Files picked earlier (before a reload, offline, or before the server went away) continue uploading.
whenDatabaseReady()
  .then(() => import('./uploads/queue.js'))
  .then((queue) => queue.startUploadQueue())
  .catch((err: unknown) => console.error('upload queue failed to start', err));
