import { useState } from 'react';
import { AuthError, NO_ERRORS, validateChangePassword } from '../../domain/authForm.js';
import { changePassword } from '../../rpc/auth.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { Alert } from '../../ui/Alert.js';
import { useMaskedForm } from '../../ui/useMaskedForm.js';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';

// The mask's password flags split between the two fields (see validateChangePassword).
const CURRENT_ERRORS = AuthError.PasswordRequired | AuthError.WrongPassword;
const NEW_ERRORS = AuthError.PasswordTooShort;
const REPEAT_ERRORS = AuthError.PasswordsDiffer;

export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [done, setDone] = useState(false);
  const form = useMaskedForm({ fields: [CURRENT_ERRORS, NEW_ERRORS, REPEAT_ERRORS], onClear: () => setDone(false) });
  const { busy, edit } = form;

  const submit = form.onSubmit(async () => {
    setDone(false);
    const invalid = validateChangePassword({ currentPassword, newPassword, repeatPassword });
    if (invalid !== NO_ERRORS) return form.show(invalid);
    await form.attempt(
      async () => {
        await changePassword(currentPassword, newPassword);
        setCurrentPassword('');
        setNewPassword('');
        setRepeatPassword('');
        setDone(true);
      },
      (error) => form.fail(describeFailure(error, AuthError.WrongPassword)),
    );
  });

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
        errors={form.errorsFor(CURRENT_ERRORS)}
        inputRef={form.inputRef(0)}
      />
      <FormField
        id="new-password"
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={edit(setNewPassword)}
        errors={form.errorsFor(NEW_ERRORS)}
        inputRef={form.inputRef(1)}
      />
      <FormField
        id="repeat-new-password"
        name="repeatPassword"
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        value={repeatPassword}
        onChange={edit(setRepeatPassword)}
        errors={form.errorsFor(REPEAT_ERRORS)}
        inputRef={form.inputRef(2)}
      />
      <FormAlert messages={form.alertMessages} />
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
