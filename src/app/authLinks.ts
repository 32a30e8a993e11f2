// The auth drawer lives in the query string (?auth=login|register), so any page can
// link to it, the back button closes it, and a reload keeps it open.
import { getLocation, navigate } from '../ui/navigation.js';
import type { AppLocation } from '../ui/navigation.js';

export type AuthMode = 'login' | 'register';

export const AUTH_PARAM = 'auth';
/** Prefills the drawer's email, e.g. from the recovery page's "Sign in" link. */
export const AUTH_EMAIL_PARAM = 'email';

export function authModeOf(value: string | null): AuthMode | null {
  return value === 'login' || value === 'register' ? value : null;
}

function withParams(location: AppLocation, change: (params: URLSearchParams) => void): string {
  const params = new URLSearchParams(location.search);
  change(params);
  const query = params.toString();
  return location.pathname + (query ? `?${query}` : '') + location.hash;
}

/** The current page with the drawer open in `mode`; other parameters and the hash are kept. */
export function authHref(location: AppLocation, mode: AuthMode, email?: string): string {
  return withParams(location, (params) => {
    params.set(AUTH_PARAM, mode);
    if (email !== undefined) params.set(AUTH_EMAIL_PARAM, email);
  });
}

/** Hides the drawer (also after a successful registration or sign-in). */
export function closeAuthDrawer(): void {
  const location = getLocation();
  const target = withParams(location, (params) => {
    params.delete(AUTH_PARAM);
    params.delete(AUTH_EMAIL_PARAM);
  });
  if (target !== location.pathname + location.search + location.hash) navigate(target, { replace: true });
}
