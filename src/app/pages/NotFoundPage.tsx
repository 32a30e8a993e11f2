import SearchX from 'lucide-react/icons/search-x';
import House from 'lucide-react/icons/house';
import { usePageTitle } from '../pageTitle.js';
import { HOME_PATH } from '../routes.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { EmptyState } from '../../ui/EmptyState.js';

export function NotFoundPage() {
  usePageTitle('Not found', { icon: SearchX });
  return (
    <section className="page" data-page="not-found">
      <EmptyState
        icon={SearchX}
        title="Page not found"
        headingLevel={1}
        actions={
          <ButtonLink to={HOME_PATH} icon={House}>
            Go to the latest vehicles
          </ButtonLink>
        }
      >
        <p>
          There is nothing at this address. If you scanned a tag, check that the whole code was read; otherwise the
          link may be mistyped or the page may have moved.
        </p>
      </EmptyState>
    </section>
  );
}
