import { useState } from 'react';
import { closeAuthDrawer } from '../../app/authLinks.js';
import {
  EMAIL_ERRORS,
  NO_ERRORS,
  PASSWORD_ERRORS,
  REPEAT_PASSWORD_ERRORS,
  maskFromCreateAccountErrors,
  validateRegistration,
} from '../../domain/authForm.js';
import { sanitizeInput } from '../../domain/validation.js';
import { register } from '../../rpc/auth.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { useMaskedForm } from '../../ui/useMaskedForm.js';

export interface EmailProps {
  email: string;
  onEmailChange: (email: string) => void;
}

/** Registration: email, password, repeat password; every problem shown at once under its field. */
export function RegistrationForm({ email, onEmailChange }: EmailProps) {
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  // The error state clears as soon as the user edits a field.
  const form = useMaskedForm({ fields: [EMAIL_ERRORS, PASSWORD_ERRORS, REPEAT_PASSWORD_ERRORS] });
  const { busy, edit } = form;

  const submit = form.onSubmit(async () => {
    const invalid = validateRegistration({ email, password, repeatPassword });
    if (invalid !== NO_ERRORS) return form.show(invalid);
    await form.attempt(
      async () => {
        const result = await register(sanitizeInput(email), password, false);
        if (result.ok) {
          closeAuthDrawer();
          return;
        }
        form.show(maskFromCreateAccountErrors(result.errors));
      },
      (error) => form.fail(describeFailure(error)),
    );
  });

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
        errors={form.errorsFor(EMAIL_ERRORS)}
        inputRef={form.inputRef(0)}
      />
      <FormField
        id="register-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={edit(setPassword)}
        errors={form.errorsFor(PASSWORD_ERRORS)}
        inputRef={form.inputRef(1)}
      />
      <FormField
        id="register-repeat-password"
        name="repeatPassword"
        label="Repeat password"
        type="password"
        autoComplete="new-password"
        value={repeatPassword}
        onChange={edit(setRepeatPassword)}
        errors={form.errorsFor(REPEAT_PASSWORD_ERRORS)}
        inputRef={form.inputRef(2)}
      />
      <FormAlert messages={form.alertMessages} />
      <div className="ui-button-row form-actions">
        <Button type="submit" busy={busy}>
          Register
        </Button>
      </div>
    </form>
  );
}
