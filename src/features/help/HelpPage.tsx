import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleQuestionMark from 'lucide-react/icons/circle-question-mark';
import Info from 'lucide-react/icons/info';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import { usePageTitle } from '../../app/pageTitle.js';
import { ListItem } from '../../ui/ListItem.js';
import { helpPath } from '../../app/routes.js';
import type { HelpTopic } from '../../app/routes.js';
import { Card } from '../../ui/Card.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { AboutUsPage } from './AboutUsPage.js';
import { FaqPage } from './FaqPage.js';

export function HelpPage({ topic }: { topic: HelpTopic }) {
  if (topic === 'faq') return <FaqPage />;
  if (topic === 'about-us') return <AboutUsPage />;
  return <HelpIndex />;
}

function HelpIndex() {
  usePageTitle('Help', { icon: LifeBuoy });
  return (
    <section className="page" data-page="help">
      <PageHeader icon={LifeBuoy} title="Help" />
      <Card>
        <p>
          Tagbook keeps a vehicle's story behind a QR tag. Scan a tag with your phone's camera to open the vehicle it
          belongs to; a tag nobody has claimed yet opens the registration page instead. The QR button in the bottom
          bar lists the tags recently scanned on this device.
        </p>
      </Card>
      <ul className="ui-list">
        <li>
          <ListItem to={helpPath('faq')} icon={CircleQuestionMark} title="Frequently asked questions" endIcon={ChevronRight} />
        </li>
        <li>
          <ListItem to={helpPath('about-us')} icon={Info} title="About Tagbook" endIcon={ChevronRight} />
        </li>
      </ul>
    </section>
  );
}

