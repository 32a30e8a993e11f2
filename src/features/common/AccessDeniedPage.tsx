import { authHref } from '../../app/authLinks.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { Link, useLocation } from '../../app/router.js';
import { HOME_PATH } from '../../app/routes.js';
import { useCurrentUser } from '../../rpc/session.js';

/**
 * SPEC §2: a page whose access rule says no. Visitors who are not signed in are offered sign-in and register (they
 * may have access once identified); everyone gets a way back to the public list.
 */
export function AccessDeniedPage({ title = 'Access Denied', message }: { title?: string; message?: string }) {
  usePageTitle(title);
  const location = useLocation();
  const signedIn = useCurrentUser() !== null;
  return (
    <section className="page" data-page="access-denied">
      <h1>{title}</h1>
      {message && <p>{message}</p>}
      <p className="page-actions">
        {!signedIn && (
          <>
            <Link className="button" to={authHref(location, 'login')} data-action="open-login">
              Sign In
            </Link>
            <Link className="button button-secondary" to={authHref(location, 'register')} data-action="open-register">
              Register
            </Link>
          </>
        )}
        <Link to={HOME_PATH}>See the latest vehicles</Link>
      </p>
    </section>
  );
}
