import type { ReactNode } from 'react';
import { useSessionSnapshot } from '../rpc/session.js';
import { authHref } from './authLinks.js';
import { PageLoading } from './PageLoading.js';
import { usePageTitle } from './pageTitle.js';
import { Link, useLocation } from './router.js';

/** SPEC §2: pages marked login-required show 'Restricted Access' to visitors who are not signed in. */
export function RequireLogin({ children, message }: { children: ReactNode; message?: string }) {
  const { status, session } = useSessionSnapshot();
  // Until storage answers, a signed-in user must not see a flash of "Restricted Access".
  if (status === 'loading') return <PageLoading />;
  if (session === null) return <RestrictedAccess message={message} />;
  return children;
}

export function RestrictedAccess({ message }: { message?: string | undefined }) {
  usePageTitle('Restricted Access');
  const location = useLocation();
  return (
    <section className="page" data-page="restricted-access">
      <h1>Restricted Access</h1>
      <p>{message ?? 'You need to sign in to see this page.'}</p>
      <p className="page-actions">
        <Link className="button" to={authHref(location, 'login')} data-action="open-login">
          Sign In
        </Link>
        <Link className="button button-secondary" to={authHref(location, 'register')} data-action="open-register">
          Register
        </Link>
      </p>
    </section>
  );
}
