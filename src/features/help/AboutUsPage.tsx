import Info from 'lucide-react/icons/info';
import { usePageTitle } from '../../app/pageTitle.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';

export function AboutUsPage() {
  usePageTitle('About us', { icon: Info });
  return (
    <section className="page" data-page="help-about-us">
      <PageHeader icon={Info} title="About Tagbook" />
      <Card>
        <p>
          Tagbook gives every vehicle a QR tag and a home for its story: its details, its service history, notes and
          logbook. Owners, shops and clubs scan the tag and see the same record, whether on a fast connection or none at
          all.
        </p>
        <p>
          Tags ship unclaimed. The first scan by their owner links the tag to a vehicle; the printed code never changes,
          only what it opens. Always check that a scanned tag opens on this site before you sign in.
        </p>
      </Card>
    </section>
  );
}
