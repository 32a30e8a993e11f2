import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { vehiclePath } from '../../app/routes.js';
import { usePublicVehicles } from '../../data/vehicles.js';

/** SPEC §2 "/": the latest listed vehicles, straight from the local database (so it works offline). */
export function PublicVehiclesPage() {
  usePageTitle('Latest vehicles');
  const vehicles = usePublicVehicles();
  return (
    <section className="page" data-page="public-vehicles">
      <h1>Latest vehicles</h1>
      <div data-state={vehicles.status}>
        {vehicles.status === 'error' && <p role="alert">Could not read vehicles: {vehicles.error}</p>}
        {vehicles.status === 'ready' && vehicles.rows.length === 0 && <p>No public vehicles yet.</p>}
        {vehicles.rows.length > 0 && (
          <ul className="vehicle-list">
            {vehicles.rows.map((v) => (
              <li key={v.id}>
                <Link to={vehiclePath(v.id)}>{v.name || 'Unnamed Vehicle'}</Link>
                {v.description && <p>{v.description}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
