import { useId, useState, type FormEvent } from 'react';
import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import Send from 'lucide-react/icons/send';
import X from 'lucide-react/icons/x';
import { useOnline } from '../../../data/online.js';
import { normalizeEmail } from '../../../domain/credentials.js';
import { PRIVATE_NOTES_CHOICES, TRANSFER_LIFETIME_DAYS, transferState } from '../../../domain/transfer.js';
import { isValidEmail } from '../../../domain/validation.js';
import { vehicleDisplayName } from '../../../domain/vehicleName.js';
import { useServerAction } from '../../../rpc/useServerAction.js';
import { Alert } from '../../../ui/Alert.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { FormField } from '../../../ui/FormField.js';
import { Loading } from '../../../ui/Loading.js';
import { RadioOption } from '../../../ui/RadioOption.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { cancelTransfer, startTransfer, useVehicleTransfers, type TransferRow } from '../data/handover.js';
import { useHoldsWholeVehicle } from '../data/localQueries.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { formatDateTime } from '../format.js';
import './transfer.css';

type NotesChoice = (typeof PRIVATE_NOTES_CHOICES)[number]['value'];

/**
 * Transfer (the owner only): hand the vehicle to someone by their email. They are mailed a link and accept it,
 * signing up first if they have no account; until then the owner sees it waiting and may cancel it. The vehicle moves
 * with its records, photos and tags; the owner's private notes stay out unless they choose otherwise.
 */
export function TransferSection({ area, vehicleId }: { area: VehicleArea; vehicleId: string }) {
  const transfers = useVehicleTransfers(vehicleId);
  const owns = area.vehicle !== null && area.userId !== null && area.vehicle.user_id === area.userId;
  // A transfer waiting arrives with the vehicle's whole copy: until then this page cannot tell whether one waits.
  const holdsWhole = useHoldsWholeVehicle(vehicleId);
  if (transfers.status === 'loading' || (owns && !holdsWhole)) return <Loading label="Waiting for this vehicle's records…" />;
  if (!owns) {
    return (
      <Card aria-labelledby="transfer-title">
        <h2 id="transfer-title">Transfer</h2>
        <p className="ui-muted">Only the vehicle’s owner hands it over. As an administrator, move it on its Ownership page.</p>
      </Card>
    );
  }
  const now = Date.now();
  const waiting = transfers.rows.find((t) => transferState({ accepted_at: t.accepted_at, cancelled_at: t.cancelled_at, expires_at: t.expires_at ?? '' }, now) === 'pending');
  const name = vehicleDisplayName(area.vehicle!.name);
  return waiting ? <WaitingTransfer transfer={waiting} name={name} /> : <StartTransfer vehicleId={vehicleId} name={name} />;
}

function WaitingTransfer({ transfer, name }: { transfer: TransferRow; name: string }) {
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const cancel = useServerAction(() => {
    setAsking(false);
    showSnackbar({ severity: 'success', message: 'Transfer cancelled' });
  });
  return (
    <Card aria-labelledby="transfer-title" data-transfer="waiting">
      <h2 id="transfer-title">Transfer waiting</h2>
      <p>
        <strong>{name}</strong> goes to <strong data-transfer-to="">{transfer.to_email}</strong> when they accept the link we mailed them.
      </p>
      <dl className="ui-details transfer-facts">
        <dt>Sent</dt>
        <dd>{formatDateTime(transfer.created_at)}</dd>
        <dt>Link works until</dt>
        <dd>{formatDateTime(transfer.expires_at)}</dd>
        <dt>Your private notes</dt>
        <dd>{transfer.keep_private_notes ? 'Handed over' : 'Left out'}</dd>
      </dl>
      {!online && <Alert tone="info">You're offline: cancelling needs the network.</Alert>}
      <div className="ui-button-row">
        <Button variant="secondary" icon={X} disabled={!online} onClick={() => setAsking(true)} data-action="cancel-transfer">
          Cancel transfer
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          title="Cancel this transfer?"
          name="confirm-cancel-transfer"
          confirmLabel="Cancel transfer"
          busy={cancel.busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => void cancel.run(() => cancelTransfer(transfer.id))}
        >
          <p>The link mailed to {transfer.to_email} stops working, and the vehicle stays yours.</p>
          {cancel.problem && <Alert tone="error">{cancel.problem}</Alert>}
        </ConfirmDialog>
      )}
    </Card>
  );
}

function StartTransfer({ vehicleId, name }: { vehicleId: string; name: string }) {
  const id = useId();
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [notes, setNotes] = useState<NotesChoice>('leave');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const send = useServerAction(() => {
    setConfirming(false);
    showSnackbar({ severity: 'success', message: `Transfer sent to ${normalizeEmail(email)}` });
  });

  function ask(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(normalizeEmail(email))) return setError('Type the new owner’s email address');
    setConfirming(true);
  }

  return (
    <Card aria-labelledby="transfer-title" data-transfer="start">
      <h2 id="transfer-title">Transfer to a new owner</h2>
      <p className="ui-muted">
        Selling or giving it away? The new owner gets a link by mail and accepts it, creating an account if they have none. {name} then moves to them with its info, service
        history, odometer, reminders, track days, photos, public notes and tags. The link works for {TRANSFER_LIFETIME_DAYS} days, and you can cancel it until it is accepted.
      </p>
      <form className="transfer-form" data-form="start-transfer" onSubmit={ask} noValidate>
        <FormField
          id={`${id}-email`}
          name="new-owner-email"
          label="New owner’s email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(v) => {
            setEmail(v);
            setError(null);
          }}
          errors={error ? [error] : []}
        />
        <fieldset className="ui-choice-group" data-field="private-notes">
          <legend className="transfer-form__legend">Your private notes</legend>
          {PRIVATE_NOTES_CHOICES.map((c) => (
            <RadioOption
              key={c.value}
              name="private-notes"
              value={c.value}
              checked={notes === c.value}
              onChoose={() => setNotes(c.value)}
              label={
                <>
                  {c.label}
                  <span className="transfer-form__hint ui-muted">{c.hint}</span>
                </>
              }
            />
          ))}
        </fieldset>
        {!online && <Alert tone="info">You're offline: sending a transfer needs the network.</Alert>}
        <div className="ui-button-row ui-button-row--end">
          <Button type="submit" icon={ArrowRightLeft} disabled={!online} data-action="start-transfer">
            Send transfer
          </Button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title="Send this transfer?"
          name="confirm-start-transfer"
          confirmLabel="Send transfer"
          busy={send.busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void send.run(() => startTransfer(vehicleId, normalizeEmail(email), notes === 'keep'))}
        >
          <p>
            <strong>{normalizeEmail(email)}</strong> can accept <strong>{name}</strong> and it becomes theirs; it leaves your devices. Your private notes are{' '}
            {notes === 'keep' ? 'handed over' : 'left out and removed'}.
          </p>
          {send.problem && <Alert tone="error">{send.problem}</Alert>}
        </ConfirmDialog>
      )}
      <p className="transfer-form__icon-note ui-muted">
        <Send size={16} aria-hidden="true" /> Only the account with that email can accept it.
      </p>
    </Card>
  );
}
