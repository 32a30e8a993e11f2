import ShieldX from 'lucide-react/icons/shield-x';
import LogIn from 'lucide-react/icons/log-in';
import UserPlus from 'lucide-react/icons/user-plus';
import { authHref } from '../authLinks.js';
import { usePageTitle } from '../pageTitle.js';
import { useLocation } from '../router.js';
import { Link } from '../../ui/Link.js';
import { HOME_PATH } from '../routes.js';
import { useCurrentUser } from '../../rpc/session.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { EmptyState } from '../../ui/EmptyState.js';

/**
 * A page whose access rule says no. Visitors who are not signed in are offered sign-in and register (they
 * may have access once identified); everyone gets a way back to the public list.
 */
export function AccessDeniedPage({ title = 'Access Denied', message }: { title?: string; message?: string }) {
  usePageTitle(title, { icon: ShieldX });
  const location = useLocation();
  const signedIn = useCurrentUser() !== null;
  return (
    <section className="page" data-page="access-denied">
      <EmptyState
        icon={ShieldX}
        title={title}
        headingLevel={1}
        actions={
          !signedIn && (
            <>
              <ButtonLink to={authHref(location, 'login')} icon={LogIn} data-action="open-login">
                Sign In
              </ButtonLink>
              <ButtonLink to={authHref(location, 'register')} variant="secondary" icon={UserPlus} data-action="open-register">
                Register
              </ButtonLink>
            </>
          )
        }
      >
        {message && <p>{message}</p>}
        <p>
          <Link to={HOME_PATH} data-action="latest-vehicles">
            See the latest vehicles
          </Link>
        </p>
      </EmptyState>
    </section>
  );
}
