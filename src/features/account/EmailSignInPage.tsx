import { Code, ConnectError } from '@connectrpc/connect';
import { useState } from 'react';
import { authHref } from '../../app/authLinks.js';
import { navigate } from '../../ui/navigation.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { useLocation, useSearchParam } from '../../app/router.js';
import { Link } from '../../ui/Link.js';
import { HOME_PATH, MY_ACCOUNT_PATH } from '../../app/routes.js';
import { errorMessages } from '../../domain/authForm.js';
import { signInWithEmailLink } from '../../rpc/auth.js';
import { useSessionSnapshot } from '../../rpc/session.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import LogIn from 'lucide-react/icons/log-in';
import { Alert } from '../../ui/Alert.js';
import { Checkbox } from '../../ui/Checkbox.js';

export const LINK_INVALID_MESSAGE = 'This sign-in link is invalid, expired or already used.';

/**
 * Redeems an emailed sign-in link. It waits for a click rather than signing in on load: mail scanners and link
 * previews open links too, and must not spend a one-time token (or sign anyone in).
 */
export function EmailSignInPage({ token }: { token: string }) {
  usePageTitle('Sign in', { icon: LogIn });
  const location = useLocation();
  const { session } = useSessionSnapshot();
  // The link carries the requester's 'Trust this device' choice as a preselection (LoginEmailRequest.remember).
  const rememberParam = useSearchParam('remember');
  const [trust, setTrust] = useState(rememberParam === '1');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  const redeem = async () => {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      await signInWithEmailLink(token, trust);
      navigate(MY_ACCOUNT_PATH, { replace: true });
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.PermissionDenied) {
        setInvalid(true);
      } else {
        const failure = describeFailure(error);
        setAlert(failure.alert ?? errorMessages(failure.mask).join(' '));
      }
      setBusy(false);
    }
  };

  if (session !== null && !busy) {
    return (
      <section className="page" data-page="email-sign-in" data-state="signed-in">
        <PageHeader icon={LogIn} title="Sign in" />
        <Card>
          <p>You are already signed in.</p>
          <p>
            <Link to={MY_ACCOUNT_PATH}>Go to My Account</Link>
          </p>
        </Card>
      </section>
    );
  }

  return (
    <section className="page" data-page="email-sign-in">
      <PageHeader icon={LogIn} title="Sign in" />
      {invalid ? (
        <Card>
          <p role="alert">{LINK_INVALID_MESSAGE}</p>
          <p className="ui-button-row">
            <ButtonLink icon={LogIn} to={authHref({ ...location, pathname: HOME_PATH, search: '' }, 'login')}>
              Sign In
            </ButtonLink>
          </p>
        </Card>
      ) : (
        <Card className="ui-form form">
          <p>Sign in to Tagbook on this device.</p>
          <Checkbox className="form-check" name="trust" label="Trust this device" checked={trust} onChange={setTrust} />
          <Alert tone="error" className="form-alert">
            {alert}
          </Alert>
          <div className="ui-button-row form-actions">
            <Button data-action="redeem-sign-in-link" busy={busy} onClick={redeem}>
              Sign in
            </Button>
          </div>
        </Card>
      )}
    </section>
  );
}
