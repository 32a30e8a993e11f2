import { usePageTitle } from '../../app/pageTitle.js';
import { useCurrentUser } from '../../rpc/session.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { SignOutActions } from './SignOutActions.js';

/** The signed-in user's account: who they are, their password, and signing out. */
export function AccountOverview() {
  usePageTitle('My Account');
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <section className="page" data-page="my-account">
      <h1>My Account</h1>
      <dl className="account-details">
        <dt>Name</dt>
        <dd data-field="display-name">{user.displayName || '—'}</dd>
        <dt>Email</dt>
        <dd data-field="email">{user.email}</dd>
      </dl>
      <section className="account-section" aria-labelledby="change-password-title">
        <h2 id="change-password-title">Change password</h2>
        <ChangePasswordForm />
      </section>
      <section className="account-section" aria-labelledby="sign-out-title">
        <h2 id="sign-out-title">Sign out</h2>
        <SignOutActions />
      </section>
    </section>
  );
}
