import { useSessionSnapshot } from '../rpc/session.js';
import { authHref } from './authLinks.js';
import { Link, useLocation } from './router.js';
import { HOME_PATH, MY_ACCOUNT_PATH, MY_VEHICLES_PATH, helpPath } from './routes.js';

/** SPEC §2: signed-in users get the navigation bar; everyone else gets Register and Sign In in its place. */
export function BottomBar() {
  const { status, session } = useSessionSnapshot();
  // Same height while the stored session is read, so the page does not jump when the real bar arrives.
  if (status === 'loading') return <div className="app-bottom-nav" aria-hidden="true" />;
  return session === null ? <GuestBar /> : <BottomNav />;
}

function BottomNav() {
  return (
    <nav aria-label="Bottom navigation" className="app-bottom-nav">
      <Link to={HOME_PATH}>Home</Link>
      <Link to={MY_VEHICLES_PATH}>My Vehicles</Link>
      <Link to={MY_ACCOUNT_PATH}>My Account</Link>
      <Link to={helpPath()}>Help</Link>
    </nav>
  );
}

function GuestBar() {
  const location = useLocation();
  return (
    <nav aria-label="Account" className="app-bottom-nav app-guest-bar">
      <Link to={authHref(location, 'register')} data-action="open-register">
        Register
      </Link>
      <Link to={authHref(location, 'login')} data-action="open-login">
        Sign In
      </Link>
    </nav>
  );
}
