import { useId, useState, type FormEvent } from 'react';
import { sanitizeInput } from '../../domain/validation.js';
import { VEHICLE_NAME_MAX } from './queries.js';

/** One text field and a button: used to name a new vehicle and to rename one. */
export function VehicleNameForm(props: {
  formName: string;
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (name: string) => Promise<void>;
}) {
  const id = useId();
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
      if (props.initial === undefined) setName('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="inline-form" data-form={props.formName} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        value={name}
        maxLength={VEHICLE_NAME_MAX}
        onChange={(e) => (setName(e.target.value), setError(null))}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" disabled={busy}>
        {props.submitLabel}
      </button>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
