import { useEffect, useRef, useState } from 'react';
import { closeAuthDrawer } from '../../app/authLinks.js';
import { AuthError, EMAIL_ERRORS, NO_ERRORS, PASSWORD_ERRORS, validateEmail, validateSignIn } from '../../domain/authForm.js';
import { sanitizeInput } from '../../domain/validation.js';
import { requestRecovery, signIn } from '../../rpc/auth.js';
import { isOfflineError } from '../../rpc/interceptors.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { loadSavedCredential, saveCredential } from './credentialStore.js';
import { OFFLINE_MESSAGE, describeFailure } from '../../rpc/formFailure.js';
import type { EmailProps } from './RegistrationForm.js';
import { Button } from '../../ui/Button.js';
import { Alert } from '../../ui/Alert.js';
import { Checkbox } from '../../ui/Checkbox.js';
import { useMaskedForm } from '../../ui/useMaskedForm.js';

export const RECOVERY_SENT_MESSAGE = 'Recovery email sent. Please check your inbox.';

/** Sign-in: email and password, 'Trust this device', and the recover-password action. */
export function SignInForm({ email, onEmailChange }: EmailProps) {
  const [password, setPassword] = useState('');
  const [trust, setTrust] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useMaskedForm({ fields: [EMAIL_ERRORS, PASSWORD_ERRORS], onClear: () => setNotice(null) });
  const { busy } = form;
  const typed = useRef(false);

  // A trusted device gets its saved credential back; whatever the user has typed meanwhile wins.
  useEffect(() => {
    let active = true;
    void loadSavedCredential().then((saved) => {
      if (!active || !saved || typed.current) return;
      onEmailChange(saved.email);
      setPassword(saved.password);
      setTrust(true);
    });
    return () => {
      active = false;
    };
    // Once per opening of the form; onEmailChange is the drawer's state setter and never changes.
  }, []);

  const edit = (set: (value: string) => void) =>
    form.edit((value) => {
      typed.current = true;
      set(value);
    });

  const submit = form.onSubmit(async () => {
    form.clear();
    const invalid = validateSignIn({ email, password });
    if (invalid !== NO_ERRORS) return form.show(invalid);
    const cleanEmail = sanitizeInput(email);
    await form.attempt(
      async () => {
        await signIn(cleanEmail, password, trust);
        if (trust) void saveCredential(cleanEmail, password);
        closeAuthDrawer();
      },
      (error) => form.fail(describeFailure(error, AuthError.WrongPassword)),
    );
  });

  const recover = async () => {
    if (busy) return;
    form.clear();
    const invalid = validateEmail(email);
    if (invalid !== NO_ERRORS) return form.show(invalid);
    await form.attempt(
      async () => {
        await requestRecovery(sanitizeInput(email));
        setNotice(RECOVERY_SENT_MESSAGE);
      },
      (error) => {
        // A failed recovery request marks the email invalid (offline is not the email's fault).
        if (isOfflineError(error)) form.setAlert(OFFLINE_MESSAGE);
        else form.show(AuthError.EmailInvalid);
      },
    );
  };

  return (
    <form className="ui-form form" data-form="sign-in" noValidate onSubmit={submit} aria-busy={busy}>
      <FormField
        id="sign-in-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={edit(onEmailChange)}
        errors={form.errorsFor(EMAIL_ERRORS)}
        inputRef={form.inputRef(0)}
      />
      <FormField
        id="sign-in-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={edit(setPassword)}
        errors={form.errorsFor(PASSWORD_ERRORS)}
        inputRef={form.inputRef(1)}
      />
      <Checkbox className="form-check" name="trust" label="Trust this device" checked={trust} onChange={setTrust} />
      <FormAlert messages={form.alertMessages} />
      <Alert tone="success" className="form-notice" role="status" data-status={notice ? 'recovery-sent' : undefined}>
        {notice}
      </Alert>
      <div className="ui-button-row form-actions">
        <Button type="submit" busy={busy}>
          Sign in
        </Button>
        <Button variant="text" data-action="recover-password" disabled={busy} onClick={recover}>
          Recover password
        </Button>
      </div>
    </form>
  );
}
