import ChevronRight from 'lucide-react/icons/chevron-right';
import CircleQuestionMark from 'lucide-react/icons/circle-question-mark';
import Info from 'lucide-react/icons/info';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../ui/Link.js';
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
          <Link className="ui-list-item" to={helpPath('faq')}>
            <CircleQuestionMark className="ui-list-item__icon" size={22} aria-hidden="true" />
            <span className="ui-list-item__text">
              <span className="ui-list-item__title">Frequently asked questions</span>
            </span>
            <ChevronRight className="ui-list-item__end" size={20} aria-hidden="true" />
          </Link>
        </li>
        <li>
          <Link className="ui-list-item" to={helpPath('about-us')}>
            <Info className="ui-list-item__icon" size={22} aria-hidden="true" />
            <span className="ui-list-item__text">
              <span className="ui-list-item__title">About Tagbook</span>
            </span>
            <ChevronRight className="ui-list-item__end" size={20} aria-hidden="true" />
          </Link>
        </li>
      </ul>
    </section>
  );
}

