import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { closeAuthDrawer } from '../../app/authLinks.js';
import {
  AuthError,
  EMAIL_ERRORS,
  FORM_ERRORS,
  NO_ERRORS,
  PASSWORD_ERRORS,
  errorMessages,
  hasError,
  validateEmail,
  validateSignIn,
} from '../../domain/authForm.js';
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

export const RECOVERY_SENT_MESSAGE = 'Recovery email sent. Please check your inbox.';

/** SPEC §5 sign-in: email and password, 'Trust this device', and the recover-password action. */
export function SignInForm({ email, onEmailChange }: EmailProps) {
  const [password, setPassword] = useState('');
  const [trust, setTrust] = useState(false);
  const [mask, setMask] = useState(NO_ERRORS);
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
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

  const clearMessages = () => {
    setMask(NO_ERRORS);
    setAlert(null);
    setNotice(null);
  };

  const edit = (set: (value: string) => void) => (value: string) => {
    typed.current = true;
    set(value);
    clearMessages();
  };

  const show = (next: number) => {
    setMask(next);
    if (hasError(next, EMAIL_ERRORS)) emailRef.current?.focus();
    else if (hasError(next, PASSWORD_ERRORS)) passwordRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    clearMessages();
    const invalid = validateSignIn({ email, password });
    if (invalid !== NO_ERRORS) return show(invalid);
    const cleanEmail = sanitizeInput(email);
    setBusy(true);
    try {
      await signIn(cleanEmail, password, trust);
      if (trust) void saveCredential(cleanEmail, password);
      closeAuthDrawer();
    } catch (error) {
      const failure = describeFailure(error, AuthError.WrongPassword);
      show(failure.mask);
      setAlert(failure.alert);
    } finally {
      setBusy(false);
    }
  };

  const recover = async () => {
    if (busy) return;
    clearMessages();
    const invalid = validateEmail(email);
    if (invalid !== NO_ERRORS) return show(invalid);
    setBusy(true);
    try {
      await requestRecovery(sanitizeInput(email));
      setNotice(RECOVERY_SENT_MESSAGE);
    } catch (error) {
      // SPEC §8: a failed recovery request marks the email invalid (offline is not the email's fault).
      if (isOfflineError(error)) setAlert(OFFLINE_MESSAGE);
      else show(AuthError.EmailInvalid);
    } finally {
      setBusy(false);
    }
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
        errors={errorMessages(mask, EMAIL_ERRORS)}
        inputRef={emailRef}
      />
      <FormField
        id="sign-in-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={edit(setPassword)}
        errors={errorMessages(mask, PASSWORD_ERRORS)}
        inputRef={passwordRef}
      />
      <Checkbox className="form-check" name="trust" label="Trust this device" checked={trust} onChange={setTrust} />
      <FormAlert messages={[...errorMessages(mask, FORM_ERRORS), ...(alert ? [alert] : [])]} />
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
