import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  AuthError,
  FORM_ERRORS,
  NO_ERRORS,
  errorMessages,
  hasError,
  validateChangePassword,
} from '../../domain/authForm.js';
import { changePassword } from '../../rpc/auth.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { Alert } from '../../ui/Alert.js';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

// The mask's password flags split between the two fields (see validateChangePassword).
const CURRENT_ERRORS = AuthError.PasswordRequired | AuthError.WrongPassword;
const NEW_ERRORS = AuthError.PasswordTooShort;
const REPEAT_ERRORS = AuthError.PasswordsDiffer;

export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [mask, setMask] = useState(NO_ERRORS);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMask(NO_ERRORS);
    setAlert(null);
    setDone(false);
  };

  const show = (next: number) => {
    setMask(next);
    if (hasError(next, CURRENT_ERRORS)) currentRef.current?.focus();
    else if (hasError(next, NEW_ERRORS)) newRef.current?.focus();
    else if (hasError(next, REPEAT_ERRORS)) repeatRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setDone(false);
    const invalid = validateChangePassword({ currentPassword, newPassword, repeatPassword });
    if (invalid !== NO_ERRORS) return show(invalid);
    setBusy(true);
    try {
      await changePassword(currentPassword, newPassword);
      setCurrentPassword('');
      setNewPassword('');
      setRepeatPassword('');
      setDone(true);
    } catch (error) {
      const failure = describeFailure(error, AuthError.WrongPassword);
      show(failure.mask);
      setAlert(failure.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ui-form form" data-form="change-password" noValidate onSubmit={submit} aria-busy={busy}>
      <FormField
        id="current-password"
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={edit(setCurrentPassword)}
        errors={errorMessages(mask, CURRENT_ERRORS)}
        inputRef={currentRef}
      />
      <FormField
        id="new-password"
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={edit(setNewPassword)}
        errors={errorMessages(mask, NEW_ERRORS)}
        inputRef={newRef}
      />
      <FormField
        id="repeat-new-password"
        name="repeatPassword"
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        value={repeatPassword}
        onChange={edit(setRepeatPassword)}
        errors={errorMessages(mask, REPEAT_ERRORS)}
        inputRef={repeatRef}
      />
      <FormAlert messages={[...errorMessages(mask, FORM_ERRORS), ...(alert ? [alert] : [])]} />
      <Alert tone="success" className="form-notice" role="status" data-status={done ? 'password-changed' : undefined}>
        {done ? PASSWORD_CHANGED_MESSAGE : ''}
      </Alert>
      <div className="ui-button-row form-actions">
        <Button type="submit" busy={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}
