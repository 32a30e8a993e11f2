import { usePageTitle } from '../../app/pageTitle.js';

export function RecoverAccountPage({ hash, email }: { hash: string; email: string }) {
  usePageTitle('Recover account');
  return (
    <section className="page" data-page="recover-account" data-hash={hash}>
      <h1>Recover account</h1>
      <p>
        Choose a new password for <strong>{email}</strong>.
      </p>
    </section>
  );
}
