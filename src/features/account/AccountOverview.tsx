import CircleUser from 'lucide-react/icons/circle-user';
import { usePageTitle } from '../../app/pageTitle.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ChangePasswordForm } from './ChangePasswordForm.js';
import { DistanceUnitChoice } from './DistanceUnitChoice.js';
import { SignOutActions } from './SignOutActions.js';

/** The signed-in user's account: who they are, their password, and signing out. */
export function AccountOverview() {
  usePageTitle('My Account', { icon: CircleUser });
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <section className="page" data-page="my-account">
      <PageHeader icon={CircleUser} title="My Account" subtitle={user.email} />
      <Card aria-labelledby="account-details-title">
        <h2 id="account-details-title">Details</h2>
        <dl className="ui-details account-details">
          <dt>Name</dt>
          <dd data-field="display-name">{user.displayName || '—'}</dd>
          <dt>Email</dt>
          <dd data-field="email">{user.email}</dd>
        </dl>
      </Card>
      <Card aria-labelledby="units-title">
        <h2 id="units-title">Distances</h2>
        <p className="ui-muted">How odometer readings and reminders read and are typed.</p>
        <DistanceUnitChoice userId={user.id} />
      </Card>
      <Card aria-labelledby="change-password-title">
        <h2 id="change-password-title">Change password</h2>
        <ChangePasswordForm />
      </Card>
      <Card aria-labelledby="sign-out-title">
        <h2 id="sign-out-title">Sign out</h2>
        <SignOutActions />
      </Card>
    </section>
  );
}
