import { usePageTitle } from '../../app/pageTitle.js';

export function PublicVehiclesPage() {
  usePageTitle('Latest vehicles');
  return (
    <section className="page" data-page="public-vehicles">
      <h1>Latest vehicles</h1>
    </section>
  );
}
