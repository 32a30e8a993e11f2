import { Suspense, lazy } from 'react';
import { useSessionSnapshot } from '../rpc/session.js';
import { AUTH_PARAM, authModeOf } from './authLinks.js';
import { useSearchParam } from './router.js';

// The drawer, its forms and the RPC stack load only when someone opens it.
const AuthDrawer = lazy(() => import('../features/auth/AuthDrawer.js').then((m) => ({ default: m.AuthDrawer })));

/** Shows the auth drawer while ?auth=login|register is present and nobody is signed in. */
export function AuthDrawerHost() {
  const mode = authModeOf(useSearchParam(AUTH_PARAM));
  const { status, session } = useSessionSnapshot();
  if (mode === null || status !== 'ready' || session !== null) return null;
  return (
    <Suspense fallback={null}>
      <AuthDrawer mode={mode} />
    </Suspense>
  );
}
