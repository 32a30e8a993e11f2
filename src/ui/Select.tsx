import type { ComponentPropsWithRef } from 'react';
import { Field } from './Field.js';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'name' | 'value' | 'onChange' | 'children'> & {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  hint?: string;
  errors?: readonly string[];
};

/** A labelled drop-down list, errors under it. */
export function Select({ id, name, label, value, options, onChange, hint, errors, className, ...rest }: SelectProps) {
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors}>
      {(a11y) => (
        <select
          {...rest}
          {...a11y}
          name={name}
          value={value}
          className={['ui-field__control', className ?? ''].filter(Boolean).join(' ')}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
