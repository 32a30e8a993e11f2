import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { HOME_PATH } from '../../app/routes.js';
import type { UnderConstructionFeature } from '../../app/routes.js';

export function UnderConstructionPage({ feature }: { feature: UnderConstructionFeature }) {
  usePageTitle('Under construction');
  return (
    <section className="page" data-page="under-construction" data-feature={feature}>
      <h1>Under construction</h1>
      <p>This part of Tagbook is not ready yet. Please check back later.</p>
      <p>
        <Link to={HOME_PATH}>Go to the latest vehicles</Link>
      </p>
    </section>
  );
}
