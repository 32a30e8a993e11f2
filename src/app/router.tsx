import { useMemo, useSyncExternalStore } from 'react';
import { getLocation, subscribe } from '../ui/navigation.js';
import type { AppLocation } from '../ui/navigation.js';
import { matchRoute } from './routes.js';
import type { Route } from './routes.js';

// Where the server renders a page (src/app/FirstAnswerFrame.tsx), the page's address is the one it renders.
let serverLocation: AppLocation = { pathname: '/', search: '', hash: '' };

/** Renders as the page at `pathname` (on the server, which has no address bar): synchronous, so no call overlaps. */
export function renderingAt<T>(pathname: string, render: () => T): T {
  const before = serverLocation;
  serverLocation = { pathname, search: '', hash: '' };
  try {
    return render();
  } finally {
    serverLocation = before;
  }
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, getLocation, () => serverLocation);
}

export function useRoute(): Route {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname), [pathname]);
}

export function useSearchParam(name: string): string | null {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search).get(name), [search, name]);
}
