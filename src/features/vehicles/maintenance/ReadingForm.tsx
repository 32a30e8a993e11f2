import { useId, useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import { ODOMETER_LIMITS, type DistanceUnit } from '../../../domain/odometer.js';
import { unitShort } from '../../../entities/maintenance/format.js';
import { Button } from '../../../ui/Button.js';
import { DateTimeField } from '../../../ui/DateTimeField.js';
import { Field } from '../../../ui/Field.js';
import { Input } from '../../../ui/Input.js';
import { NumberField } from '../../../ui/NumberField.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { addReading } from '../data/maintenanceWrites.js';
import { parseReadingForm, type FormErrors, type ReadingForm as Form } from './maintenanceForms.js';

/** Writing down what the odometer shows: offline first, like every write. */
export function ReadingForm({ vehicleId, userId, unit, today, onDone }: { vehicleId: string; userId: string; unit: DistanceUnit; today: string; onDone: () => void }) {
  const id = useId();
  const [form, setForm] = useState<Form>({ readOn: today, value: '', note: '' });
  const [errors, setErrors] = useState<FormErrors<Form>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errs = (key: keyof Form) => (errors[key] ? [errors[key]] : []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseReadingForm(form, unit);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setBusy(true);
    try {
      await addReading(vehicleId, userId, parsed.values);
      showSnackbar({ severity: 'success', message: 'Reading saved.' });
      onDone();
    } catch (error) {
      console.error('Could not save the reading', error);
      showSnackbar({ severity: 'error', message: 'The reading could not be saved. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="maintenance-form" data-form="odometer-reading" onSubmit={(e) => void submit(e)} noValidate>
      <div className="maintenance-form__grid">
        <NumberField
          id={`${id}-value`}
          name="value"
          label="Odometer"
          value={form.value}
          onChange={(v) => set('value', v)}
          rule={ODOMETER_LIMITS.value}
          suffix={unitShort(unit)}
          errors={errs('value')}
        />
        <DateTimeField id={`${id}-date`} name="read_on" label="Date" dateOnly value={form.readOn} onChange={(v) => set('readOn', v)} errors={errs('readOn')} />
      </div>
      <Field id={`${id}-note`} name="note" label="Note" hint="Optional, like “fuel stop”" errors={[]}>
        {(a11y) => <Input {...a11y} maxLength={ODOMETER_LIMITS.note} value={form.note} onChange={(e) => set('note', e.target.value)} />}
      </Field>
      <div className="ui-button-row ui-button-row--end">
        <Button variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" icon={Plus} busy={busy}>
          Save reading
        </Button>
      </div>
    </form>
  );
}
