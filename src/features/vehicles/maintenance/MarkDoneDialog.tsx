import { useId, useState, type FormEvent } from 'react';
import Check from 'lucide-react/icons/check';
import { ODOMETER_LIMITS, type DistanceUnit } from '../../../domain/odometer.js';
import type { ReminderView } from '../../../entities/maintenance/status.js';
import { unitShort } from '../../../entities/maintenance/format.js';
import { Button } from '../../../ui/Button.js';
import { DateTimeField } from '../../../ui/DateTimeField.js';
import { Dialog } from '../../../ui/Dialog.js';
import { NumberField } from '../../../ui/NumberField.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { markReminderDone } from '../data/maintenanceWrites.js';
import { parseDoneForm, type DoneForm, type FormErrors } from './maintenanceForms.js';

/** Marking a reminder done: on which day, and the odometer then (optional; it is kept as a reading). */
export function MarkDoneDialog({ view, userId, unit, today, onClose }: { view: ReminderView; userId: string; unit: DistanceUnit; today: string; onClose: () => void }) {
  const id = useId();
  const [form, setForm] = useState<DoneForm>({ doneOn: today, value: '' });
  const [errors, setErrors] = useState<FormErrors<DoneForm>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof DoneForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const formId = `${id}-form`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseDoneForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setBusy(true);
    try {
      await markReminderDone({ id: view.rule.id, vehicle_id: view.row.vehicle_id ?? '' }, userId, parsed.values, unit, view.rule.title);
      showSnackbar({ severity: 'success', message: `${view.rule.title}: marked done.` });
      onClose();
    } catch (error) {
      console.error('Could not mark the reminder done', error);
      showSnackbar({ severity: 'error', message: 'It could not be saved. Try again.' });
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`${view.rule.title}: done`}
      name="mark-done"
      onClose={onClose}
      footer={
        <>
          <Button variant="text" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} icon={Check} busy={busy}>
            Mark done
          </Button>
        </>
      }
    >
      <form id={formId} className="maintenance-form" onSubmit={(e) => void submit(e)} noValidate>
        <DateTimeField id={`${id}-date`} name="done_on" label="Done on" dateOnly value={form.doneOn} onChange={(v) => set('doneOn', v)} errors={errors.doneOn ? [errors.doneOn] : []} />
        <NumberField
          id={`${id}-value`}
          name="value"
          label="Odometer then"
          hint="Optional; the next one by distance counts from it"
          value={form.value}
          onChange={(v) => set('value', v)}
          rule={ODOMETER_LIMITS.value}
          suffix={unitShort(unit)}
          errors={errors.value ? [errors.value] : []}
        />
      </form>
    </Dialog>
  );
}
