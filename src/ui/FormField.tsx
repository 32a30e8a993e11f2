import type { ChangeEvent, Ref } from 'react';
import { Alert } from './Alert.js';
import { Field } from './Field.js';
import { Input } from './Input.js';

export interface FormFieldProps {
  id: string;
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange: (value: string) => void;
  /** The field's error texts; none means valid. */
  errors?: readonly string[];
  autoComplete?: string;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
}

/** A labelled text input (the kit's TextField) whose errors are announced with it and shown under it. */
export function FormField({
  id,
  name,
  label,
  type,
  value,
  onChange,
  errors = [],
  autoComplete,
  inputRef,
  hint,
}: FormFieldProps) {
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors}>
      {(a11y) => (
        <Input
          {...a11y}
          ref={inputRef}
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          // Mobile keyboards must not capitalise or "correct" emails and passwords.
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** Form-level problems (not tied to one field); role=alert so they are read out when they appear. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  return (
    <Alert tone="error" className="form-alert" data-form-alert="">
      {messages.join(' ')}
    </Alert>
  );
}
