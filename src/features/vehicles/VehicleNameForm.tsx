import { useId, useState, type FormEvent } from 'react';
import { sanitizeInput } from '../../domain/validation.js';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { showSnackbar } from '../../ui/snackbar/store.js';
import { VEHICLE_TEXT_LIMITS } from '../../domain/vehicleRecords.js';
import { Input } from '../../ui/Input.js';

/** One text field and a button: used to name a new vehicle and to rename one. */
export function VehicleNameForm(props: {
  formName: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** Said in a snackbar once the name is saved. */
  savedMessage: string;
  onSubmit: (name: string) => Promise<void>;
  inputId?: string;
}) {
  const generatedId = useId();
  const id = props.inputId ?? generatedId;
  const [name, setName] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const clean = sanitizeInput(name);
    if (clean === '') return setError('Give the vehicle a name');
    setBusy(true);
    try {
      await props.onSubmit(clean);
      setError(null);
      showSnackbar({ severity: 'success', message: props.savedMessage });
      if (props.initial === undefined) setName('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form" data-form={props.formName} onSubmit={(e) => void submit(e)} noValidate>
      <Field id={id} name="name" label={props.label} errors={error ? [error] : []}>
        {(a11y) => (
          <Input
            {...a11y}
            value={name}
            maxLength={VEHICLE_TEXT_LIMITS.name}
            onChange={(e) => (setName(e.target.value), setError(null))}
          />
        )}
      </Field>
      <Button type="submit" busy={busy}>
        {props.submitLabel}
      </Button>
    </form>
  );
}
