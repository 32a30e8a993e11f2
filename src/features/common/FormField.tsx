import type { ChangeEvent, Ref } from 'react';

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
}

/** A labelled input whose errors are announced with it (aria-invalid, aria-describedby) and shown under it. */
export function FormField({ id, name, label, type, value, onChange, errors = [], autoComplete, inputRef }: FormFieldProps) {
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        // Mobile keyboards must not capitalise or "correct" emails and passwords.
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
      {invalid && (
        <p id={errorId} className="form-field-error" data-error-for={name}>
          {errors.map((message) => (
            <span key={message}>
              {message}
              <br />
            </span>
          ))}
        </p>
      )}
    </div>
  );
}

/** Form-level problems (not tied to one field); role=alert so they are read out when they appear. */
export function FormAlert({ messages }: { messages: readonly string[] }) {
  return (
    <p className="form-alert" role="alert" data-form-alert="">
      {messages.join(' ')}
    </p>
  );
}
