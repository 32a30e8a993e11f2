import { useId, useState, type FormEvent } from 'react';
import Check from 'lucide-react/icons/check';
import { addOdometerReading } from '../../data/odometer.js';
import { ODOMETER_LIMITS, parseOdometerInput } from '../../domain/odometer.js';
import { calendarDateOf } from '../../domain/vehicleRecords.js';
import { unitShort } from '../../entities/maintenance/format.js';
import { useDistanceUnit } from '../../entities/maintenance/queries.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { NumberField } from '../../ui/NumberField.js';

/**
 * Completing a request, with the odometer as the work leaves it (optional): kept as a reading of the vehicle, taken
 * at this request, so the owner's reminders by distance count from it.
 */
export function CompleteDialog({
  userId,
  request,
  onComplete,
  onClose,
}: {
  userId: string;
  request: { id: string; vehicle_id: string | null; description: string | null };
  onComplete: () => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const { unit } = useDistanceUnit(userId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = `${id}-form`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reading = value.trim() === '' ? null : parseOdometerInput(value);
    if (reading && !reading.ok) return setError(reading.error);
    setBusy(true);
    try {
      await onComplete();
      if (reading?.ok && request.vehicle_id) {
        await addOdometerReading({
          vehicle_id: request.vehicle_id, user_id: userId, read_on: calendarDateOf(new Date()), value: reading.value, unit,
          note: `Service: ${request.description ?? ''}`.slice(0, ODOMETER_LIMITS.note), service_request_id: request.id,
        });
      }
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Complete this request?"
      name="complete-request"
      onClose={onClose}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} icon={Check} busy={busy}>
            Complete
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <NumberField
          id={`${id}-odometer`}
          name="odometer"
          label="Odometer now"
          hint="Optional; the owner's reminders by distance count from it"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          rule={ODOMETER_LIMITS.value}
          suffix={unitShort(unit)}
          errors={error ? [error] : []}
        />
      </form>
    </Dialog>
  );
}
