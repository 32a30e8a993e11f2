import { useId, useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import type { DistanceUnit, Odometer } from '../../../domain/odometer.js';
import { REMINDER_LIMITS } from '../../../domain/reminders.js';
import { unitShort } from '../../../entities/maintenance/format.js';
import { Button } from '../../../ui/Button.js';
import { Checkbox } from '../../../ui/Checkbox.js';
import { DateTimeField } from '../../../ui/DateTimeField.js';
import { Field } from '../../../ui/Field.js';
import { Input } from '../../../ui/Input.js';
import { NumberField } from '../../../ui/NumberField.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { addReminder } from '../data/maintenanceWrites.js';
import { COMMON_REMINDERS, parseReminderForm, type FormErrors, type ReminderForm as Form } from './maintenanceForms.js';

const EMPTY: Form = { title: '', everyMonths: '', everyDistance: '', dueOn: '', dueDistance: '', email: true };

/**
 * Setting a reminder: what, how often (months, distance, or both: whichever comes first), and when it is next due
 * (left empty, counted from today and the odometer as last read).
 */
export function ReminderForm({
  vehicleId,
  userId,
  unit,
  today,
  odometer,
  onDone,
}: {
  vehicleId: string;
  userId: string;
  unit: DistanceUnit;
  today: string;
  odometer: Odometer | null;
  onDone: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<Form>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Form, value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errs = (key: keyof Form) => (errors[key] ? [errors[key]] : []);
  const short = unitShort(unit);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseReminderForm(form, unit, today, odometer);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setBusy(true);
    try {
      await addReminder(vehicleId, userId, parsed.values);
      showSnackbar({ severity: 'success', message: 'Reminder set.' });
      onDone();
    } catch (error) {
      console.error('Could not save the reminder', error);
      showSnackbar({ severity: 'error', message: 'The reminder could not be saved. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="maintenance-form" data-form="reminder" onSubmit={(e) => void submit(e)} noValidate>
      <Field id={`${id}-title`} name="title" label="What is due" errors={errs('title')}>
        {(a11y) => (
          <>
            <Input {...a11y} list={`${id}-titles`} maxLength={REMINDER_LIMITS.title} value={form.title} onChange={(e) => set('title', e.target.value)} />
            <datalist id={`${id}-titles`}>
              {COMMON_REMINDERS.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <fieldset className="maintenance-form__group">
        <legend>Repeats every (whichever comes first; leave empty for once)</legend>
        <div className="maintenance-form__grid">
          <NumberField id={`${id}-months`} name="every_months" label="Months" value={form.everyMonths} onChange={(v) => set('everyMonths', v)} rule={REMINDER_LIMITS.everyMonths} errors={errs('everyMonths')} />
          <NumberField id={`${id}-distance`} name="every_distance" label="Distance" value={form.everyDistance} onChange={(v) => set('everyDistance', v)} rule={REMINDER_LIMITS.everyDistance} suffix={short} errors={errs('everyDistance')} />
        </div>
      </fieldset>
      <fieldset className="maintenance-form__group">
        <legend>Next due</legend>
        <div className="maintenance-form__grid">
          <DateTimeField id={`${id}-due-on`} name="due_on" label="On" dateOnly value={form.dueOn} onChange={(v) => set('dueOn', v)} errors={errs('dueOn')} hint="Empty: counted from today" />
          <NumberField id={`${id}-due-distance`} name="due_distance" label="At odometer" value={form.dueDistance} onChange={(v) => set('dueDistance', v)} rule={REMINDER_LIMITS.dueDistance} suffix={short} errors={errs('dueDistance')} hint="Empty: from the last reading" />
        </div>
      </fieldset>
      <Checkbox name="email" label="Email me when it is due" checked={form.email} onChange={(v) => set('email', v)} />
      <div className="ui-button-row ui-button-row--end">
        <Button variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" icon={Plus} busy={busy}>
          Save reminder
        </Button>
      </div>
    </form>
  );
}
