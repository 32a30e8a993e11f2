import { usePageTitle } from '../../app/pageTitle.js';

export function MyVehiclesPage() {
  usePageTitle('My Vehicles');
  return (
    <section className="page" data-page="my-vehicles">
      <h1>My Vehicles</h1>
    </section>
  );
}
