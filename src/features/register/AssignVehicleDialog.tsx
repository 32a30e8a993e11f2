import { useEffect, useId, useState, type FormEvent } from 'react';
import Link2 from 'lucide-react/icons/link-2';
import { useMyVehicles } from '../../entities/vehicle/queries.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { Field } from '../../ui/Field.js';
import { Loading } from '../../ui/Loading.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { Input } from '../../ui/Input.js';
import { Alert } from '../../ui/Alert.js';
import { RadioOption } from '../../ui/RadioOption.js';

const NEW_VEHICLE = 'new';
/** The longest vehicle name the server stores (server/writes/tables/vehicles.ts). */
const NAME_MAX = 200;

export type AssignChoice = { vehicleId: string; name: string } | { newVehicleName: string };

/**
 * 'Assign Vehicle': which of the user's vehicles the tag is for, or a new one named on the spot (a first-time owner
 * scanning the sticker on their car has no vehicle in the app yet).
 */
export function AssignVehicleDialog({
  hash,
  userId,
  onAssign,
  onClose,
}: {
  hash: string;
  userId: string;
  onAssign: (choice: AssignChoice) => Promise<void>;
  onClose: () => void;
}) {
  const vehicles = useMyVehicles(userId);
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const groupId = useId();
  const nameId = useId();
  const loaded = vehicles.status !== 'loading';
  // Someone without vehicles starts on 'A new vehicle'. Decided once, when the list has loaded, and kept as a choice:
  // a default derived on every render would flip under the user's hand when the list arrives or sync adds a vehicle.
  const noVehicles = loaded && vehicles.rows.length === 0;
  useEffect(() => {
    if (noVehicles) setChoice((current) => current ?? NEW_VEHICLE);
  }, [noVehicles]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (choice === null) return setError('Choose a vehicle for this tag.');
    const trimmed = name.trim();
    if (choice === NEW_VEHICLE && trimmed === '') return setError('Give the new vehicle a name.');
    const vehicle = vehicles.rows.find((v) => v.id === choice);
    setBusy(true);
    try {
      await onAssign(vehicle ? { vehicleId: vehicle.id, name: vehicleDisplayName(vehicle.name) } : { newVehicleName: trimmed });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Assign tag #${hash}`}
      name="assign-vehicle"
      onClose={onClose}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={groupId} icon={Link2} busy={busy}>
            Assign
          </Button>
        </>
      }
    >
      <form id={groupId} className="assign-vehicle" onSubmit={submit} data-form="assign-vehicle" noValidate>
        {!loaded && <Loading />}
        <fieldset className="assign-vehicle__choices" hidden={!loaded}>
          <legend>Which vehicle wears this tag?</legend>
          {vehicles.rows.map((v) => (
            <RadioOption
              key={v.id}
              className="assign-vehicle__choice"
              name="vehicle"
              value={v.id}
              label={vehicleDisplayName(v.name)}
              checked={choice === v.id}
              onChoose={() => {
                setChoice(v.id);
                setError(null);
              }}
            />
          ))}
          <RadioOption
            className="assign-vehicle__choice"
            name="vehicle"
            value={NEW_VEHICLE}
            label="A new vehicle"
            checked={choice === NEW_VEHICLE}
            onChoose={() => {
              setChoice(NEW_VEHICLE);
              setError(null);
            }}
          />
        </fieldset>
        {choice === NEW_VEHICLE && (
          <Field id={nameId} name="new-vehicle-name" label="New vehicle name">
            {(a11y) => (
              <Input
                {...a11y}
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
              />
            )}
          </Field>
        )}
        <Alert tone="error" data-error-for="assign-vehicle">
          {error}
        </Alert>
      </form>
    </Dialog>
  );
}
