import { RequireLogin } from '../../app/RequireLogin.js';
import { NotFoundPage } from '../../app/pages/NotFoundPage.js';
import { AccountOverview } from './AccountOverview.js';
import { EmailSignInPage } from './EmailSignInPage.js';

/** Route segments arrive raw; a malformed escape is treated as no token rather than thrown. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * /my-account/*: the account itself (sign-in required) and /my-account/sign-in/{token}, the page an emailed
 * sign-in link opens, which is for visitors who are not signed in yet.
 */
export function MyAccountPage({ subPath }: { subPath: string }) {
  if (subPath === '') {
    return (
      <RequireLogin>
        <AccountOverview />
      </RequireLogin>
    );
  }
  const [first, token, ...rest] = subPath.split('/');
  const decoded = token === undefined ? null : decodeSegment(token);
  if (first === 'sign-in' && decoded && rest.length === 0) return <EmailSignInPage token={decoded} />;
  return <NotFoundPage />;
}
