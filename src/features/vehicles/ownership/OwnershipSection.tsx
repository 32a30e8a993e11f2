import { useId, useState, type FormEvent } from 'react';
import ArrowRightLeft from 'lucide-react/icons/arrow-right-left';
import UserRound from 'lucide-react/icons/user-round';
import { isValidEmail } from '../../../domain/validation.js';
import { normalizeEmail } from '../../../domain/credentials.js';
import { Button } from '../../../ui/Button.js';
import { Card } from '../../../ui/Card.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { FormField } from '../../../ui/FormField.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { useUser } from '../../../entities/person/queries.js';
import { findNewOwner, transferOwnership, type TransferResult } from '../data/ownership.js';
import type { VehicleArea } from '../data/useVehicleArea.js';
import { vehicleDisplayName } from '../../../domain/vehicleName.js';
import './ownership.css';

const REASONS: Record<Exclude<TransferResult, { ok: true }>['reason'], string> = {
  'no-account': 'No account uses this email. The new owner must register first.',
  'already-owner': 'This account already owns the vehicle.',
  'vehicle-gone': 'This vehicle no longer exists.',
  denied: 'Only administrators can move a vehicle to another owner.',
  offline: 'Moving a vehicle needs the network: try again when you are online.',
  failed: 'The vehicle could not be moved. Try again.',
};

/**
 * Ownership (admins only): who owns the vehicle, and moving it to another account found by email. The
 * server moves it; the previous owner's devices lose it and the new owner's gain it as they sync, and the move is
 * written to the logbook.
 */
export function OwnershipSection({ area }: { area: VehicleArea }) {
  const id = useId();
  const vehicle = area.vehicle;
  const localOwner = useUser(vehicle?.user_id ?? null).rows[0] ?? null;
  const owner = area.snapshot?.owner ?? localOwner;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ displayName: string; email: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (vehicle === null) return null;
  const name = vehicleDisplayName(vehicle.name);

  // The address is checked before the confirmation: nobody confirms a move that cannot happen.
  async function ask(event: FormEvent) {
    event.preventDefault();
    const clean = normalizeEmail(email);
    if (!isValidEmail(clean)) return setError('Type the email the new owner signs in with');
    setChecking(true);
    try {
      const found = await findNewOwner(clean, vehicle!.user_id ?? null);
      if (!found.ok) return setError(REASONS[found.reason]);
      setConfirming(found.owner);
    } finally {
      setChecking(false);
    }
  }

  async function move() {
    setBusy(true);
    try {
      const result = await transferOwnership(vehicle!.id, normalizeEmail(email));
      setConfirming(null);
      if (!result.ok) return setError(REASONS[result.reason]);
      setEmail('');
      showSnackbar({ severity: 'success', message: `${name} now belongs to ${result.owner.displayName || result.owner.email}.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Card aria-labelledby={`${id}-owner`} data-ownership="current">
        <h2 id={`${id}-owner`}>Owner</h2>
        {owner ? (
          <p className="ownership-owner" data-owner-email={owner.email}>
            <UserRound size={22} aria-hidden="true" />
            <span>
              <strong>{owner.display_name || owner.email}</strong>
              <span className="ui-muted"> · {owner.email}</span>
            </span>
          </p>
        ) : (
          <p className="ui-muted">{vehicle.user_id ? 'The owner’s account is not on this device.' : 'Nobody owns this vehicle yet.'}</p>
        )}
      </Card>
      <Card aria-labelledby={`${id}-move`}>
        <h2 id={`${id}-move`}>Move to another owner</h2>
        <p className="ui-muted">
          The vehicle, its info, notes, track days and history go to the new owner, and leave the current owner’s devices.
        </p>
        <form className="inline-form" data-form="transfer-ownership" onSubmit={(e) => void ask(e)} noValidate>
          <FormField
            id={`${id}-email`}
            name="new-owner-email"
            label="New owner's email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(v) => {
              setEmail(v);
              setError(null);
            }}
            errors={error ? [error] : []}
          />
          <Button type="submit" icon={ArrowRightLeft} busy={checking} data-action="transfer-ownership">
            Move vehicle
          </Button>
        </form>
      </Card>
      {confirming !== null && (
        <ConfirmDialog
          title="Move this vehicle?"
          name="confirm-transfer"
          confirmLabel="Move vehicle"
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void move()}
        >
          <p>
            <strong>{name}</strong> will belong to <strong>{confirming.displayName || confirming.email}</strong>
            {confirming.displayName ? <> ({confirming.email})</> : null}
            {owner ? <> instead of {owner.display_name || owner.email}</> : null}.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
