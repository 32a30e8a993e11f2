import { usePageTitle } from '../../app/pageTitle.js';

export function RegisterPage({ hash }: { hash: string | null }) {
  usePageTitle(hash === null ? 'Register' : 'Register tag');
  return (
    <section className="page" data-page="register" data-hash={hash ?? undefined}>
      <h1>{hash === null ? 'Register' : 'Register tag'}</h1>
      {hash !== null && (
        <p>
          Tag <code data-testid="register-hash">{hash}</code> is not linked to a vehicle yet.
        </p>
      )}
    </section>
  );
}
