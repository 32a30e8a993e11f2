// The app remembers the last visited path and, when opened at the root in standalone mode, redirects to it. An
// installed app always opens at its start URL ('/'); this puts people back where they were.
import { getLocation, subscribe } from '../ui/navigation.js';
import { HOME_PATH, matchRoute } from './routes.js';

export const LAST_PATH_KEY = 'tagbook.lastPath';

/** Not every page is worth reopening: recovery links hold a secret, and a typo is not a place. */
export function isRememberable(pathname: string): boolean {
  const route = matchRoute(pathname);
  return route.name !== 'recover-account' && route.name !== 'not-found';
}

export interface StartFacts {
  pathname: string;
  search: string;
  hash: string;
  standalone: boolean;
  stored: string | null;
}

/** Where to go instead of the start URL, or null to stay. Only a bare '/' is the start URL: links keep their target. */
export function pathToRestore(facts: StartFacts): string | null {
  const { pathname, search, hash, standalone, stored } = facts;
  if (!standalone || pathname !== HOME_PATH || search !== '' || hash !== '') return null;
  if (!stored || stored === HOME_PATH || !stored.startsWith('/') || stored.startsWith('//')) return null;
  return isRememberable(stored) ? stored : null;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(LAST_PATH_KEY);
  } catch {
    return null;
  }
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches);
}

/** Call before the first render, so the router never shows '/' on its way to the remembered page. */
export function restoreLastPath(): void {
  const { pathname, search, hash } = window.location;
  const target = pathToRestore({ pathname, search, hash, standalone: isStandalone(), stored: readStored() });
  if (target) window.history.replaceState(window.history.state, '', target);
}

/** Keeps the stored path current from now on; returns the unsubscribe function. */
export function rememberLastPath(): () => void {
  const save = () => {
    const { pathname } = getLocation();
    if (!isRememberable(pathname)) return;
    try {
      localStorage.setItem(LAST_PATH_KEY, pathname);
    } catch {
      // Storage full or disabled: the app simply opens at '/' next time.
    }
  };
  save();
  return subscribe(save);
}
