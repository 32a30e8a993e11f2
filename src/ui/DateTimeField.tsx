import { Field } from './Field.js';
import { Input } from './Input.js';

export interface DateTimeFieldProps {
  id: string;
  name: string;
  label: string;
  /** The value as the browser's picker writes it: 'YYYY-MM-DDTHH:mm', or 'YYYY-MM-DD' with `dateOnly`. */
  value: string;
  onChange: (value: string) => void;
  /** A calendar day without a time of day (a track day, a filter's bounds). */
  dateOnly?: boolean;
  hint?: string;
  errors?: readonly string[];
}

/** A labelled date and time (or date) picker in the device's own format, errors under it. */
export function DateTimeField({ id, name, label, value, onChange, dateOnly, hint, errors }: DateTimeFieldProps) {
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors}>
      {(a11y) => (
        <Input
          {...a11y}
          name={name}
          type={dateOnly ? 'date' : 'datetime-local'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
