import { useId, useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import { TRACK_CONDITIONS, TRACK_LIMITS } from '../../../domain/vehicleRecords.js';
import { Button } from '../../../ui/Button.js';
import { Field } from '../../../ui/Field.js';
import { NumberField } from '../../../ui/NumberField.js';
import { Select } from '../../../ui/Select.js';
import { TextArea } from '../../../ui/TextArea.js';
import { showSnackbar } from '../../../ui/snackbar/store.js';
import { addTrackSession } from '../data/writes.js';
import { addReading } from '../data/maintenanceWrites.js';
import { ODOMETER_LIMITS, type DistanceUnit } from '../../../domain/odometer.js';
import { unitShort } from '../../../entities/maintenance/format.js';
import { emptyTrackForm, parseTrackForm, type TrackForm, type TrackFormErrors } from './trackForm.js';
import { Input } from '../../../ui/Input.js';
import { DateTimeField } from '../../../ui/DateTimeField.js';

const CONDITION_OPTIONS = [{ value: '', label: 'Not recorded' }, ...TRACK_CONDITIONS.map((c) => ({ value: c.value, label: c.label }))];

/** Recording a track day: offline first, like every write. */
export function TrackSessionForm({
  vehicleId,
  userId,
  circuits,
  unit,
  onDone,
}: {
  vehicleId: string;
  userId: string;
  circuits: readonly string[];
  /** The unit the person reads their odometer in. */
  unit: DistanceUnit;
  onDone: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<TrackForm>(emptyTrackForm);
  const [errors, setErrors] = useState<TrackFormErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof TrackForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errs = (key: keyof TrackForm) => (errors[key] ? [errors[key]] : []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseTrackForm(form);
    if ('errors' in parsed) return setErrors(parsed.errors);
    setBusy(true);
    try {
      await addTrackSession(vehicleId, userId, parsed.values);
      // The odometer that day joins the vehicle's readings, where reminders by distance count from it.
      if (parsed.odometer !== null) {
        await addReading(vehicleId, userId, { read_on: parsed.values.held_on ?? '', value: parsed.odometer, unit, note: `Track day at ${parsed.values.circuit ?? ''}` });
      }
      showSnackbar({ severity: 'success', message: 'Track session saved.' });
      setForm(emptyTrackForm());
      onDone();
    } catch (error) {
      console.error('Could not save the track session', error);
      showSnackbar({ severity: 'error', message: 'The session could not be saved. Try again.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="track-form" data-form="track-session" onSubmit={(e) => void submit(e)} noValidate>
      <div className="track-form__grid">
        <DateTimeField id={`${id}-date`} name="held_on" label="Date" dateOnly errors={errs('heldOn')} value={form.heldOn} onChange={(v) => set('heldOn', v)} />
        <Field id={`${id}-circuit`} name="circuit" label="Circuit" errors={errs('circuit')}>
          {(a11y) => (
            <>
              <Input
                {...a11y}
                list={`${id}-circuits`}
                maxLength={TRACK_LIMITS.circuit}
                value={form.circuit}
                onChange={(e) => set('circuit', e.target.value)}
              />
              <datalist id={`${id}-circuits`}>
                {circuits.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <NumberField id={`${id}-laps`} name="laps" label="Laps" value={form.laps} onChange={(v) => set('laps', v)} rule={TRACK_LIMITS.laps} errors={errs('laps')} />
        <Field id={`${id}-best`} name="best_lap" label="Best lap" hint="Like 1:42.357" errors={errs('bestLap')}>
          {(a11y) => (
            <Input {...a11y} inputMode="decimal" autoComplete="off" value={form.bestLap} onChange={(e) => set('bestLap', e.target.value)} />
          )}
        </Field>
        <Select id={`${id}-conditions`} name="conditions" label="Conditions" value={form.conditions} options={CONDITION_OPTIONS} onChange={(v) => set('conditions', v)} />
        <Field id={`${id}-tires`} name="tires" label="Tires" errors={[]}>
          {(a11y) => <Input {...a11y} maxLength={TRACK_LIMITS.tires} value={form.tires} onChange={(e) => set('tires', e.target.value)} />}
        </Field>
        <NumberField id={`${id}-front`} name="tire_pressure_front" label="Front pressure, cold" value={form.front} onChange={(v) => set('front', v)} rule={TRACK_LIMITS.pressure} errors={errs('front')} />
        <NumberField id={`${id}-rear`} name="tire_pressure_rear" label="Rear pressure, cold" value={form.rear} onChange={(v) => set('rear', v)} rule={TRACK_LIMITS.pressure} errors={errs('rear')} />
        <NumberField id={`${id}-odometer`} name="odometer" label="Odometer" hint="Optional; kept with the vehicle's readings" value={form.odometer} onChange={(v) => set('odometer', v)} rule={ODOMETER_LIMITS.value} suffix={unitShort(unit)} errors={errs('odometer')} />
      </div>
      <TextArea id={`${id}-notes`} name="notes" label="Notes" rows={3} maxLength={TRACK_LIMITS.notes} value={form.notes} placeholder="Setup, brakes, what to change next time" onChange={(v) => set('notes', v)} />
      <div className="ui-button-row ui-button-row--end">
        <Button variant="text" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" icon={Plus} busy={busy}>
          Save session
        </Button>
      </div>
    </form>
  );
}
