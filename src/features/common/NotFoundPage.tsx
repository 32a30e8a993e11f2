import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { HOME_PATH } from '../../app/routes.js';

export function NotFoundPage() {
  usePageTitle('Not found');
  return (
    <section className="page" data-page="not-found">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. If you scanned a tag, check that the whole code was read; otherwise the
        link may be mistyped or the page may have moved.
      </p>
      <p>
        <Link to={HOME_PATH}>Go to the latest vehicles</Link>
      </p>
    </section>
  );
}
