import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { helpPath } from '../../app/routes.js';
import type { HelpTopic } from '../../app/routes.js';
import { AboutUsPage } from './AboutUsPage.js';
import { FaqPage } from './FaqPage.js';

export function HelpPage({ topic }: { topic: HelpTopic }) {
  if (topic === 'faq') return <FaqPage />;
  if (topic === 'about-us') return <AboutUsPage />;
  return <HelpIndex />;
}

function HelpIndex() {
  usePageTitle('Help');
  return (
    <section className="page" data-page="help">
      <h1>Help</h1>
      <p>
        Tagbook keeps a vehicle's story behind a QR tag. Scan a tag with the scanner in the bottom bar, or with your
        phone's camera, to open the vehicle it belongs to. A tag nobody has claimed yet opens the registration page
        instead.
      </p>
      <ul>
        <li>
          <Link to={helpPath('faq')}>Frequently asked questions</Link>
        </li>
        <li>
          <Link to={helpPath('about-us')}>About Tagbook</Link>
        </li>
      </ul>
    </section>
  );
}
