// The browser's history is the single source of truth for where we are; this module only adds change notification
// (pushState fires no event) and a position counter so the back button knows whether history.back() stays in the app.

export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface NavigateOptions {
  /** Replace the current history entry (redirects, query-parameter toggles) instead of adding one. */
  replace?: boolean;
}

const INDEX_KEY = 'tagbookIndex';

const listeners = new Set<() => void>();
let cached: AppLocation | null = null;

/** Stable object while the location is unchanged, as useSyncExternalStore requires. */
export function getLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  if (cached === null || cached.pathname !== pathname || cached.search !== search || cached.hash !== hash) {
    cached = { pathname, search, hash };
  }
  return cached;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

function historyIndex(): number {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null) {
    const value = (state as Record<string, unknown>)[INDEX_KEY];
    if (typeof value === 'number') return value;
  }
  return 0;
}

/** True when an earlier history entry was created by this app, so going back does not leave it. */
export function canGoBack(): boolean {
  return historyIndex() > 0;
}

export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  const { pathname, search, hash } = window.location;
  const here = pathname + search + hash;
  if (options.replace || target === here) {
    // Keep whatever else lives in the entry's state; only our counter is ours to manage.
    const previous: unknown = window.history.state;
    const base = typeof previous === 'object' && previous !== null ? previous : {};
    window.history.replaceState({ ...base, [INDEX_KEY]: historyIndex() }, '', target);
  } else {
    window.history.pushState({ [INDEX_KEY]: historyIndex() + 1 }, '', target);
    if (url.pathname !== pathname) window.scrollTo(0, 0);
  }
  notify();
}

/** Back within the app when possible; otherwise to `fallback`, so a deep link's back button never leaves the site. */
export function goBack(fallback: string): void {
  if (canGoBack()) window.history.back();
  else navigate(fallback, { replace: true });
}

export function getSearchParam(name: string): string | null {
  return new URLSearchParams(getLocation().search).get(name);
}

/** Sets or (with null) removes one query parameter, keeping the path, the other parameters and the hash. */
export function setSearchParam(name: string, value: string | null, options: NavigateOptions = {}): void {
  const { pathname, search, hash } = getLocation();
  const params = new URLSearchParams(search);
  if (params.get(name) === value) return;
  if (value === null) params.delete(name);
  else params.set(name, value);
  const query = params.toString();
  navigate(pathname + (query ? `?${query}` : '') + hash, options);
}
