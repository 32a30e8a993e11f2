import { Code, ConnectError } from '@connectrpc/connect';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { authHref } from '../../app/authLinks.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { HOME_PATH } from '../../app/routes.js';
import {
  FORM_ERRORS,
  NO_ERRORS,
  PASSWORD_ERRORS,
  REPEAT_PASSWORD_ERRORS,
  errorMessages,
  hasError,
  validateNewPassword,
} from '../../domain/authForm.js';
import { recoverPassword } from '../../rpc/auth.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import LogIn from 'lucide-react/icons/log-in';
import KeyRound from 'lucide-react/icons/key-round';

export const RECOVERY_LINK_INVALID_MESSAGE = 'This recovery link is invalid, expired or already used.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been changed. You can now sign in with it.';

/** /recover_account/{hash}/{email}: choose a new password with the emailed link, then sign in with it. */
export function RecoverAccountPage({ hash, email }: { hash: string; email: string }) {
  usePageTitle('Recover account', { icon: KeyRound });
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [mask, setMask] = useState(NO_ERRORS);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setMask(NO_ERRORS);
    setAlert(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateNewPassword(password, repeatPassword);
    if (invalid !== NO_ERRORS) {
      setMask(invalid);
      (hasError(invalid, PASSWORD_ERRORS) ? passwordRef : repeatRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await recoverPassword(hash, email, password);
      setDone(true);
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.PermissionDenied) {
        setAlert(RECOVERY_LINK_INVALID_MESSAGE);
      } else {
        const failure = describeFailure(error);
        setMask(failure.mask);
        setAlert(failure.alert);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page" data-page="recover-account" data-hash={hash}>
      <PageHeader icon={KeyRound} title="Recover account" />
      {done ? (
        <Card>
          <p role="status" data-status="password-reset">
            {PASSWORD_RESET_MESSAGE}
          </p>
          <p className="ui-button-row">
            <ButtonLink
              icon={LogIn}
              to={authHref({ pathname: HOME_PATH, search: '', hash: '' }, 'login', email)}
              data-action="open-login"
            >
              Sign in
            </ButtonLink>
          </p>
        </Card>
      ) : (
        <Card>
          <p>
            Choose a new password for <strong data-field="email">{email}</strong>.
          </p>
          <form className="ui-form form" data-form="recover-password" noValidate onSubmit={submit} aria-busy={busy}>
            {/* Lets password managers file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <FormField
              id="recover-password"
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={edit(setPassword)}
              errors={errorMessages(mask, PASSWORD_ERRORS)}
              inputRef={passwordRef}
            />
            <FormField
              id="recover-repeat-password"
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
                Set new password
              </Button>
            </div>
          </form>
        </Card>
      )}
    </section>
  );
}
