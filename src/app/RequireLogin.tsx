import type { ReactNode } from 'react';
import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import UserPlus from 'lucide-react/icons/user-plus';
import { useSessionSnapshot } from '../rpc/session.js';
import { ButtonLink } from '../ui/ButtonLink.js';
import { EmptyState } from '../ui/EmptyState.js';
import { authHref } from './authLinks.js';
import { PageLoading } from './PageLoading.js';
import { usePageTitle } from './pageTitle.js';
import { useLocation } from './router.js';

/** Pages marked login-required show 'Restricted Access' to visitors who are not signed in. */
export function RequireLogin({ children, message }: { children: ReactNode; message?: string }) {
  const { status, session } = useSessionSnapshot();
  // Until storage answers, a signed-in user must not see a flash of "Restricted Access".
  if (status === 'loading') return <PageLoading />;
  if (session === null) return <RestrictedAccess message={message} />;
  return children;
}

export function RestrictedAccess({ message }: { message?: string | undefined }) {
  usePageTitle('Restricted Access', { icon: Lock });
  const location = useLocation();
  return (
    <section className="page" data-page="restricted-access">
      <EmptyState
        icon={Lock}
        title="Restricted Access"
        headingLevel={1}
        actions={
          <>
            <ButtonLink to={authHref(location, 'login')} icon={LogIn} data-action="open-login">
              Sign In
            </ButtonLink>
            <ButtonLink to={authHref(location, 'register')} variant="secondary" icon={UserPlus} data-action="open-register">
              Register
            </ButtonLink>
          </>
        }
      >
        <p>{message ?? 'You need to sign in to see this page.'}</p>
      </EmptyState>
    </section>
  );
}
