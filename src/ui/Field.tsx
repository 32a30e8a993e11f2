import type { ReactNode } from 'react';

export interface FieldA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame every form control sits in: the label above, the control, then a hint and the errors below. The control
 * is rendered by `children` with the ids that tie it to its label and errors, so inputs, text areas and selects
 * share one look and one accessibility wiring.
 */
export function Field({
  id,
  name,
  label,
  hint,
  errors = [],
  children,
}: {
  id: string;
  /** Used for data-error-for, which tests and styles key on. */
  name: string;
  label: string;
  hint?: string;
  errors?: readonly string[];
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = errors.length > 0;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field form-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={errorId} className="ui-field__error form-field-error" data-error-for={name}>
          {errors.map((message) => (
            <span key={message}>{message}</span>
          ))}
        </p>
      )}
    </div>
  );
}

/**
 * Warnings about a field's value that do not stop the form (a VIN whose check digit is off), in amber under the
 * field; the field names `id` in its aria-describedby so they are read with it.
 */
export function FieldWarning({ id, messages, ...data }: { id: string; messages: readonly string[] } & { [key: `data-${string}`]: string }) {
  return (
    <p {...data} id={id} className="ui-field__warning">
      {messages.map((message) => (
        <span key={message}>{message}</span>
      ))}
    </p>
  );
}

/** The title of a group of controls (a fieldset), styled like a field's label. */
export function FieldLegend({ children }: { children: ReactNode }) {
  return <legend className="ui-field__label">{children}</legend>;
}
