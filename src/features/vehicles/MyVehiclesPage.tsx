import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { vehiclePath } from '../../app/routes.js';
import { useCurrentUser } from '../../rpc/session.js';
import { createVehicle, useMyVehicles } from './queries.js';
import { VehicleNameForm } from './VehicleNameForm.js';

/** Rendered inside RequireLogin, so there is always a user here. */
export function MyVehiclesPage() {
  usePageTitle('My Vehicles');
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const vehicles = useMyVehicles(userId);
  return (
    <section className="page" data-page="my-vehicles">
      <h1>My Vehicles</h1>
      <div data-state={vehicles.status}>
        {vehicles.status === 'error' && <p role="alert">Could not read your vehicles: {vehicles.error}</p>}
        {vehicles.status === 'ready' && vehicles.rows.length === 0 && (
          <div className="empty-state" data-empty="my-vehicles">
            <h2>No Vehicles Found</h2>
            <p>Oops, there are no vehicles associated to your account yet.</p>
            <p>Scan your vehicle QR Code to associate it to your account.</p>
          </div>
        )}
        {vehicles.rows.length > 0 && (
          <ul className="vehicle-list">
            {vehicles.rows.map((v) => (
              <li key={v.id} data-vehicle-id={v.id}>
                <span aria-label={v.is_public ? 'Public' : 'Private'}>{v.is_public ? '🌐' : '🔒'}</span>{' '}
                <Link to={vehiclePath(v.id)}>{v.name || 'Unnamed Vehicle'}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <VehicleNameForm
        formName="add-vehicle"
        label="New vehicle name"
        submitLabel="Add vehicle"
        onSubmit={async (name) => void (await createVehicle(userId, name))}
      />
    </section>
  );
}
