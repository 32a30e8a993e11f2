import QrCode from 'lucide-react/icons/qr-code';
import { usePageTitle } from '../../app/pageTitle.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';

export function RegisterPage({ hash }: { hash: string | null }) {
  const title = hash === null ? 'Register' : 'Register tag';
  usePageTitle(title, { icon: QrCode });
  return (
    <section className="page" data-page="register" data-hash={hash ?? undefined}>
      <PageHeader icon={QrCode} title={title} />
      <Card>
        {hash !== null ? (
          <p>
            Tag <code data-testid="register-hash">{hash}</code> is not linked to a vehicle yet.
          </p>
        ) : (
          <p className="ui-muted">Scan an unclaimed tag to link it to a vehicle.</p>
        )}
      </Card>
    </section>
  );
}
