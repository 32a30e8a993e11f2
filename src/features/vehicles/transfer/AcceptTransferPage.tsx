import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import Check from 'lucide-react/icons/check';
import LogIn from 'lucide-react/icons/log-in';
import UserPlus from 'lucide-react/icons/user-plus';
import WifiOff from 'lucide-react/icons/wifi-off';
import { authHref } from '../../../app/authLinks.js';
import { usePageTitle } from '../../../app/pageTitle.js';
import { useLocation } from '../../../app/router.js';
import { vehiclePath } from '../../../app/routes.js';
import { mayAcceptTransfer } from '../../../domain/access.js';
import { useSessionSnapshot } from '../../../rpc/session.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { useServerAnswer } from '../../../rpc/useServerAnswer.js';
import { Alert } from '../../../ui/Alert.js';
import { Button } from '../../../ui/Button.js';
import { ButtonLink } from '../../../ui/ButtonLink.js';
import { Card } from '../../../ui/Card.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { Loading } from '../../../ui/Loading.js';
import { navigate } from '../../../ui/navigation.js';
import { acceptTransfer, getTransfer, type OfferedTransfer } from '../data/handover.js';
import { formatDateTime } from '../format.js';
import './transfer.css';

const ENDED: Record<Exclude<OfferedTransfer['state'], 'pending'>, string> = {
  accepted: 'This transfer was accepted.',
  cancelled: 'The owner cancelled this transfer. The vehicle stays theirs.',
  expired: 'This transfer link has expired. Ask the owner to send it again.',
};

/**
 * /transfer/{token}: the page the mailed link opens. Anyone holding it sees what is offered; the account with the
 * address it was sent to accepts it (mayAcceptTransfer), signing in or creating that account first, and is taken to
 * their new vehicle.
 */
export function AcceptTransferPage({ token }: { token: string }) {
  usePageTitle('Vehicle transfer', { icon: ArrowRightLeft });
  const location = useLocation();
  const { status, session } = useSessionSnapshot();
  const state = useServerAnswer(getTransfer, token);
  const accept = useServerAction(() => undefined);

  if (state.kind === 'loading' || status === 'loading') return <Loading label="Opening the transfer…" />;
  if (state.kind !== 'ready') {
    const says = {
      unknown: { icon: ArrowRightLeft, title: 'This transfer link is not valid', text: 'Check that the whole link was copied from the mail.' },
      offline: { icon: WifiOff, title: "You're offline", text: 'The transfer opens once you are back online.' },
      failed: { icon: ArrowRightLeft, title: "Couldn't open the transfer", text: 'Something went wrong on our side. Try again in a moment.' },
    }[state.kind];
    return (
      <section className="page" data-page="transfer" data-transfer-state={state.kind}>
        <EmptyState icon={says.icon} title={says.title} headingLevel={1}>
          <p>{says.text}</p>
        </EmptyState>
      </section>
    );
  }

  const offer = state.value;
  const user = session?.user ?? null;
  const forMe = mayAcceptTransfer(user, offer.toEmail);

  async function take() {
    await accept.run(async () => {
      const vehicleId = await acceptTransfer(token);
      navigate(vehiclePath(vehicleId));
    });
  }

  return (
    <section className="page" data-page="transfer" data-transfer-state={offer.state}>
      <Card className="transfer-offer" aria-labelledby="transfer-offer-title">
        <h1 id="transfer-offer-title" className="visually-hidden">
          Vehicle transfer
        </h1>
        <p>
          <strong>{offer.fromName}</strong> is handing over their vehicle:
        </p>
        <h2 className="transfer-offer__vehicle" data-transfer-vehicle="">
          {offer.vehicleName}
        </h2>
        {offer.vehicleSummary && <p className="ui-muted">{offer.vehicleSummary}</p>}
        <p>
          With it come its service history, odometer, reminders, track days, photos, public notes and tags.
          {offer.keepPrivateNotes ? ' The owner hands over their private notes too.' : ' The owner’s private notes stay out.'}
        </p>
        {offer.state === 'pending' ? (
          <>
            <p className="ui-muted">
              For <strong>{offer.toEmail}</strong>, until {formatDateTime(new Date(offer.expiresAt).toISOString())}.
            </p>
            {user === null ? (
              <>
                <Alert tone="info">Sign in with {offer.toEmail} to accept, or create an account with that address if you have none.</Alert>
                <div className="ui-button-row">
                  <ButtonLink to={authHref(location, 'register', offer.toEmail)} icon={UserPlus} data-action="transfer-register">
                    Create account
                  </ButtonLink>
                  <ButtonLink to={authHref(location, 'login', offer.toEmail)} icon={LogIn} variant="secondary" data-action="transfer-sign-in">
                    Sign in
                  </ButtonLink>
                </div>
              </>
            ) : forMe ? (
              <>
                {accept.problem && <Alert tone="error">{accept.problem}</Alert>}
                <div className="ui-button-row">
                  <Button icon={Check} busy={accept.busy} onClick={() => void take()} data-action="accept-transfer">
                    Accept the vehicle
                  </Button>
                </div>
              </>
            ) : (
              <Alert tone="error" data-transfer-other-account="">
                You are signed in as {user.email}. This transfer is for {offer.toEmail}: sign out and sign in with that address to accept it.
              </Alert>
            )}
          </>
        ) : (
          <Alert tone={offer.state === 'accepted' ? 'success' : 'info'} data-transfer-ended={offer.state}>
            {ENDED[offer.state]}
          </Alert>
        )}
        {offer.state === 'accepted' && forMe && offer.vehicleId && (
          <div className="ui-button-row">
            <ButtonLink to={vehiclePath(offer.vehicleId)} icon={ArrowRightLeft}>
              Open the vehicle
            </ButtonLink>
          </div>
        )}
      </Card>
    </section>
  );
}
