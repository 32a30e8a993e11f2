import Construction from 'lucide-react/icons/construction';
import House from 'lucide-react/icons/house';
import { usePageTitle } from '../pageTitle.js';
import { HOME_PATH } from '../routes.js';
import type { UnderConstructionFeature } from '../routes.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { EmptyState } from '../../ui/EmptyState.js';

export function UnderConstructionPage({ feature }: { feature: UnderConstructionFeature }) {
  usePageTitle('Under construction', { icon: Construction });
  return (
    <section className="page" data-page="under-construction" data-feature={feature}>
      <EmptyState
        icon={Construction}
        title="Under construction"
        headingLevel={1}
        actions={
          <ButtonLink to={HOME_PATH} variant="secondary" icon={House}>
            Go to the latest vehicles
          </ButtonLink>
        }
      >
        <p>This part of Tagbook is not ready yet. Please check back later.</p>
      </EmptyState>
    </section>
  );
}
