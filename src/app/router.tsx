import { useMemo, useSyncExternalStore } from 'react';
import { getLocation, subscribe } from '../ui/navigation.js';
import type { AppLocation } from '../ui/navigation.js';
import { matchRoute } from './routes.js';
import type { Route } from './routes.js';

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, getLocation);
}

export function useRoute(): Route {
  const { pathname } = useLocation();
  return useMemo(() => matchRoute(pathname), [pathname]);
}

export function useSearchParam(name: string): string | null {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search).get(name), [search, name]);
}
