import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { closeAuthDrawer } from '../../app/authLinks.js';
import {
  EMAIL_ERRORS,
  FORM_ERRORS,
  NO_ERRORS,
  PASSWORD_ERRORS,
  REPEAT_PASSWORD_ERRORS,
  errorMessages,
  hasError,
  maskFromCreateAccountErrors,
  validateRegistration,
} from '../../domain/authForm.js';
import { sanitizeInput } from '../../domain/validation.js';
import { register } from '../../rpc/auth.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';

export interface EmailProps {
  email: string;
  onEmailChange: (email: string) => void;
}

/** SPEC §5 registration: email, password, repeat password; every problem shown at once under its field. */
export function RegistrationForm({ email, onEmailChange }: EmailProps) {
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [mask, setMask] = useState(NO_ERRORS);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  // SPEC §4: the error state clears as soon as the user edits a field.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMask(NO_ERRORS);
    setAlert(null);
  };

  const show = (next: number) => {
    setMask(next);
    if (hasError(next, EMAIL_ERRORS)) emailRef.current?.focus();
    else if (hasError(next, PASSWORD_ERRORS)) passwordRef.current?.focus();
    else if (hasError(next, REPEAT_PASSWORD_ERRORS)) repeatRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateRegistration({ email, password, repeatPassword });
    if (invalid !== NO_ERRORS) return show(invalid);
    setBusy(true);
    try {
      const result = await register(sanitizeInput(email), password, false);
      if (result.ok) {
        closeAuthDrawer();
        return;
      }
      show(maskFromCreateAccountErrors(result.errors));
    } catch (error) {
      const failure = describeFailure(error);
      show(failure.mask);
      setAlert(failure.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ui-form form" data-form="register" noValidate onSubmit={submit} aria-busy={busy}>
      <FormField
        id="register-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={edit(onEmailChange)}
        errors={errorMessages(mask, EMAIL_ERRORS)}
        inputRef={emailRef}
      />
      <FormField
        id="register-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={edit(setPassword)}
        errors={errorMessages(mask, PASSWORD_ERRORS)}
        inputRef={passwordRef}
      />
      <FormField
        id="register-repeat-password"
        name="repeatPassword"
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        value={repeatPassword}
        onChange={edit(setRepeatPassword)}
        errors={errorMessages(mask, REPEAT_PASSWORD_ERRORS)}
        inputRef={repeatRef}
      />
      <FormAlert messages={[...errorMessages(mask, FORM_ERRORS), ...(alert ? [alert] : [])]} />
      <div className="ui-button-row form-actions">
        <Button type="submit" busy={busy}>
          Register
        </Button>
      </div>
    </form>
  );
}
