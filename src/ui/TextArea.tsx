import type { ComponentPropsWithRef } from 'react';
import { Field } from './Field.js';

export type TextAreaProps = Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'name' | 'value' | 'onChange'> & {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  errors?: readonly string[];
};

/** A labelled multi-line text field, errors under it. */
export function TextArea({ id, name, label, value, onChange, hint, errors, className, ...rest }: TextAreaProps) {
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors}>
      {(a11y) => (
        <textarea
          {...rest}
          {...a11y}
          name={name}
          value={value}
          className={['ui-field__control', className ?? ''].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
