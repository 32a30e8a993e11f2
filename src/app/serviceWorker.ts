// Registration (at scope /) and updates of sw/sw.ts. Loaded after the first render: nothing here may
// delay the shell. Every browser dependency comes through ServiceWorkerEnv so the flows run against fakes in tests.
import { isOwnCache, type PageGroup } from '../../sw/manifest.js';

export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';
/** After an update check, the pause before the waiting worker is told to take over. */
export const UPDATE_PAUSE_MS = 500;
/** On reset, 1 s for the worker to answer, 3 s for the unregistration. */
export const RESET_MESSAGE_TIMEOUT_MS = 1000;
export const RESET_UNREGISTER_TIMEOUT_MS = 3000;
/** An installed app can stay open for days; coming back to it after this long checks for a new version. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** A second controller change this soon after a reload is a loop (two workers fighting), not an update. */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_AT_KEY = 'tagbook.swReloadAt';

/** The service worker's error texts, word for word as the product gives them. */
export const SW_ERRORS = {
  notSupported: 'Service Worker not supported',
  noRegistration: 'No service worker registration found',
  lostAfterUpdate: 'Service worker registration lost after update',
  noWaiting: 'No waiting service worker found after update check',
} as const;

export type ServiceWorkerStatus =
  | 'unsupported'
  | 'registering'
  | 'installing'
  | 'installed'
  | 'waiting'
  | 'active'
  | 'controller-changed'
  | 'failed';

export interface ServiceWorkerEnv {
  container: ServiceWorkerContainer | undefined;
  reload(): void;
  /** Survives the reload, so a loop can be noticed; null when storage is unavailable. */
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  caches: Pick<CacheStorage, 'keys' | 'delete'> | undefined;
  now(): number;
}

export function browserEnv(): ServiceWorkerEnv {
  let session: Storage | null = null;
  try {
    session = window.sessionStorage;
  } catch {
    // Storage disabled: no loop guard across reloads, the in-page guard still holds.
  }
  return {
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    reload: () => window.location.reload(),
    session,
    caches: typeof caches === 'undefined' ? undefined : caches,
    now: () => Date.now(),
  };
}

let state: ServiceWorkerStatus = 'registering';
const listeners = new Set<() => void>();

function setState(next: ServiceWorkerStatus): void {
  if (next === state) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

export function getServiceWorkerStatus(): ServiceWorkerStatus {
  return state;
}

export function subscribeServiceWorkerStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves to the promise's value, or to `fallback` after ms; never rejects. */
export function settleWithin<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      () => (clearTimeout(timer), resolve(fallback)),
    );
  });
}

/**
 * Reload when a new worker takes over a page an older one controlled; not when the very first worker claims the page
 * (same code, nothing to refresh), and never twice within RELOAD_GUARD_MS.
 */
export function shouldReload(wasControlled: boolean, lastReloadAt: number | null, now: number): boolean {
  return wasControlled && (lastReloadAt === null || now - lastReloadAt > RELOAD_GUARD_MS || now < lastReloadAt);
}

/**
 * Check for an update, pause 500 ms, tell the waiting worker to take over. The controllerchange listener of
 * startServiceWorker reloads the page once it has.
 */
export async function updateServiceWorker(env: ServiceWorkerEnv = browserEnv()): Promise<void> {
  const { container } = env;
  if (!container) throw new Error(SW_ERRORS.notSupported);
  const registration = await container.getRegistration(SW_SCOPE);
  if (!registration) throw new Error(SW_ERRORS.noRegistration);
  await registration.update();
  const updated = await container.getRegistration(SW_SCOPE);
  if (!updated) throw new Error(SW_ERRORS.lostAfterUpdate);
  await sleep(UPDATE_PAUSE_MS);
  if (!updated.waiting) throw new Error(SW_ERRORS.noWaiting);
  updated.waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * The update check of every start and of long returns: only asks the browser to look. A new worker that installs
 * waits (state 'waiting') until the person chooses to reload, through updateServiceWorker.
 */
async function checkForUpdate(env: ServiceWorkerEnv): Promise<void> {
  try {
    await (await env.container?.getRegistration(SW_SCOPE))?.update();
  } catch (err) {
    console.warn('service worker update check:', err);
  }
}

/**
 * Follows a newly found worker. One that finishes installing while another controls the page waits: the page says
 * "a new version is ready" and takes it when the person reloads (updateServiceWorker), never in the middle of work.
 */
function track(registration: ServiceWorkerRegistration, env: ServiceWorkerEnv): void {
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const onState = () => {
      if (worker.state === 'installing') setState('installing');
      if (worker.state === 'installed') {
        setState('installed');
        if (env.container?.controller) setState('waiting');
      }
      if (worker.state === 'activated' && state !== 'controller-changed') setState('active');
    };
    worker.addEventListener('statechange', onState);
    onState();
  };
  registration.addEventListener('updatefound', () => follow(registration.installing));
  follow(registration.installing ?? registration.waiting);
  if (!registration.installing && !registration.waiting && registration.active) setState('active');
}

/** Registers the worker at scope '/', follows its life cycle and checks for updates now and on long returns. */
export async function startServiceWorker(env: ServiceWorkerEnv = browserEnv()): Promise<void> {
  const { container } = env;
  if (!container) {
    setState('unsupported');
    return;
  }
  let wasControlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    setState('controller-changed');
    const raw = env.session?.getItem(RELOAD_AT_KEY);
    const lastReloadAt = raw ? Number(raw) : null;
    if (!reloading && shouldReload(wasControlled, Number.isFinite(lastReloadAt) ? lastReloadAt : null, env.now())) {
      reloading = true;
      env.session?.setItem(RELOAD_AT_KEY, String(env.now()));
      env.reload();
    }
    wasControlled = true;
  });
  try {
    // updateViaCache 'none': the worker script and its imports are always checked against the server.
    const registration = await container.register(SW_URL, { scope: SW_SCOPE, updateViaCache: 'none' });
    track(registration, env);
    // The first worker's clients.claim() skips a page whose navigation was still in flight when it activated (it was
    // not yet a client); such a page would stay uncontrolled, its lazy chunks unreachable offline, until it navigates
    // again. So a page that finds an active worker but no controller asks that worker to claim it.
    void container.ready.then((ready) => {
      if (!container.controller) ready.active?.postMessage({ type: 'CLAIM' });
    });
  } catch (err) {
    setState('failed');
    console.warn('service worker registration failed:', err);
    return;
  }
  let lastCheck = env.now();
  await checkForUpdate(env);
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || env.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
      lastCheck = env.now();
      void checkForUpdate(env);
    });
  }
}

/**
 * The worker adds a group to its cache (sw/sw.ts PRECACHE): the SQLite build of the storage the database opened, and
 * the signed-in pages once someone has signed in.
 */
export async function precacheGroup(group: PageGroup, env: ServiceWorkerEnv = browserEnv()): Promise<void> {
  const registration = await env.container?.ready;
  registration?.active?.postMessage({ type: 'PRECACHE', group });
}

function ask(worker: ServiceWorker, message: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

export interface ResetReport {
  registrations: number;
  /** Workers that confirmed clearing their caches within 1 s. */
  acknowledged: number;
  /** Registrations removed within 3 s. */
  unregistered: number;
}

/**
 * The "reset app" path: each worker is asked to drop its caches (1 s), then unregistered (3 s). A worker that does
 * not answer in time is not waited for: the caller reloads either way, and a reload without a worker reaches the server.
 */
export async function resetServiceWorker(env: ServiceWorkerEnv = browserEnv()): Promise<ResetReport> {
  const { container } = env;
  if (!container) throw new Error(SW_ERRORS.notSupported);
  const registrations = await container.getRegistrations();
  const report: ResetReport = { registrations: registrations.length, acknowledged: 0, unregistered: 0 };
  for (const registration of registrations) {
    const worker = registration.active ?? registration.waiting ?? registration.installing;
    if (worker && (await settleWithin(ask(worker, { type: 'RESET' }), RESET_MESSAGE_TIMEOUT_MS, null)) !== null) {
      report.acknowledged++;
    }
    if (await settleWithin(registration.unregister(), RESET_UNREGISTER_TIMEOUT_MS, false)) report.unregistered++;
  }
  // Caches outlive their worker (a worker that never answered, or one already gone): the page clears them too.
  for (const name of (await env.caches?.keys()) ?? []) if (isOwnCache(name)) await env.caches?.delete(name);
  return report;
}
