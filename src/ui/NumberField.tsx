import type { KeyboardEvent } from 'react';
import { formatNumberInput, parseNumberInput, stepNumber, type NumberRule } from '../domain/numberInput.js';
import { Field } from './Field.js';

export interface NumberFieldProps {
  id: string;
  name: string;
  label: string;
  /** The text as typed: the form parses it (parseNumberInput) when it validates and saves. */
  value: string;
  onChange: (text: string) => void;
  rule: NumberRule;
  hint?: string;
  errors?: readonly string[];
  /** The unit shown after the field (psi, bar, laps). */
  suffix?: string;
}

/**
 * A number field: a text input (a number input would refuse the decimal comma some keyboards offer only),
 * the numeric keypad on phones, the user's own decimal separator, empty meaning 0, and Arrow Up/Down stepping by 1
 * or, with Shift, by 10.
 */
export function NumberField({ id, name, label, value, onChange, rule, hint, errors, suffix }: NumberFieldProps) {
  const locale = typeof navigator === 'undefined' ? undefined : navigator.language;
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const current = parseNumberInput(value, { ...rule, min: -Infinity, max: Infinity });
    const base = current.ok ? current.value : 0;
    onChange(formatNumberInput(stepNumber(base, event.key === 'ArrowUp' ? 1 : -1, event.shiftKey, rule), locale));
  }
  return (
    <Field id={id} name={name} label={label} hint={hint} errors={errors}>
      {(a11y) => (
        <span className="ui-number-field">
          <input
            {...a11y}
            className="ui-field__control"
            name={name}
            type="text"
            inputMode={rule.integer ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {suffix && (
            <span className="ui-number-field__suffix" aria-hidden="true">
              {suffix}
            </span>
          )}
        </span>
      )}
    </Field>
  );
}
