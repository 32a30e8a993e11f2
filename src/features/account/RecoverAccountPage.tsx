import { Code, ConnectError } from '@connectrpc/connect';
import { useState } from 'react';
import { authHref } from '../../app/authLinks.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { HOME_PATH } from '../../app/routes.js';
import { NO_ERRORS, PASSWORD_ERRORS, REPEAT_PASSWORD_ERRORS, validateNewPassword } from '../../domain/authForm.js';
import { recoverPassword } from '../../rpc/auth.js';
import { FormAlert, FormField } from '../../ui/FormField.js';
import { describeFailure } from '../../rpc/formFailure.js';
import { Button } from '../../ui/Button.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useMaskedForm } from '../../ui/useMaskedForm.js';
import LogIn from 'lucide-react/icons/log-in';
import KeyRound from 'lucide-react/icons/key-round';

export const RECOVERY_LINK_INVALID_MESSAGE = 'This recovery link is invalid, expired or already used.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been changed. You can now sign in with it.';

/** /recover_account/{hash}/{email}: choose a new password with the emailed link, then sign in with it. */
export function RecoverAccountPage({ hash, email }: { hash: string; email: string }) {
  usePageTitle('Recover account', { icon: KeyRound });
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [done, setDone] = useState(false);
  const form = useMaskedForm({ fields: [PASSWORD_ERRORS, REPEAT_PASSWORD_ERRORS] });
  const { busy, edit } = form;

  const submit = form.onSubmit(async () => {
    const invalid = validateNewPassword(password, repeatPassword);
    if (invalid !== NO_ERRORS) return form.show(invalid);
    await form.attempt(
      async () => {
        await recoverPassword(hash, email, password);
        setDone(true);
      },
      (error) => {
        if (error instanceof ConnectError && error.code === Code.PermissionDenied) form.setAlert(RECOVERY_LINK_INVALID_MESSAGE);
        // A refused request leaves the focus where it is.
        else form.fail(describeFailure(error), false);
      },
    );
  });

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
              errors={form.errorsFor(PASSWORD_ERRORS)}
              inputRef={form.inputRef(0)}
            />
            <FormField
              id="recover-repeat-password"
              name="repeatPassword"
              label="Repeat password"
              type="password"
              autoComplete="new-password"
              value={repeatPassword}
              onChange={edit(setRepeatPassword)}
              errors={form.errorsFor(REPEAT_PASSWORD_ERRORS)}
              inputRef={form.inputRef(1)}
            />
            <FormAlert messages={form.alertMessages} />
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
