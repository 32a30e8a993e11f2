import { usePageTitle } from '../../app/pageTitle.js';
import type { VehicleSection } from '../../app/routes.js';
import { useCurrentUser } from '../../rpc/session.js';
import { NotFoundPage } from '../common/NotFoundPage.js';
import { renameVehicle, useVehicle, type VehicleSummary } from './queries.js';
import { VehicleNameForm } from './VehicleNameForm.js';

const SECTION_LABELS: Record<VehicleSection['view'], string> = {
  profile: 'Profile',
  info: 'Info',
  'request-services': 'Services',
  'service-request': 'Service request',
  notes: 'Notes',
  'all-notes': 'All notes',
  logbook: 'Logbook',
  'track-support': 'Track Support',
  ownership: 'Ownership',
};

/** SPEC §2: the card above every vehicle page — public (globe) or private (lock), and the name. */
function VehicleCard({ vehicle }: { vehicle: VehicleSummary }) {
  return (
    <header className="vehicle-card" data-vehicle-card={vehicle.id}>
      <h1>
        <span aria-label={vehicle.is_public ? 'Public' : 'Private'}>{vehicle.is_public ? '🌐' : '🔒'}</span>{' '}
        <span data-field="vehicle-name">{vehicle.name || 'Unnamed Vehicle'}</span>
      </h1>
      {vehicle.description && <p>{vehicle.description}</p>}
    </header>
  );
}

export function VehiclePage({ vehicleId, section }: { vehicleId: string; section: VehicleSection }) {
  const label = SECTION_LABELS[section.view];
  const vehicles = useVehicle(vehicleId);
  const user = useCurrentUser();
  const vehicle = vehicles.rows[0];
  usePageTitle(label === 'Profile' ? (vehicle?.name || 'Vehicle') : label);

  if (vehicles.status === 'loading') return <p className="app-page-loading">Loading…</p>;
  if (!vehicle) return <NotFoundPage />;
  const canEdit = user !== null && (user.isAdmin || vehicle.user_id === user.id);
  return (
    <section className="page" data-page="vehicle" data-section={section.view} data-vehicle-id={vehicleId}>
      <VehicleCard vehicle={vehicle} />
      {section.view === 'profile' && canEdit && (
        <VehicleNameForm
          key={vehicle.id}
          formName="rename-vehicle"
          label="Vehicle name"
          submitLabel="Save name"
          initial={vehicle.name ?? ''}
          onSubmit={(name) => renameVehicle(vehicle.id, name)}
        />
      )}
      {section.view !== 'profile' && <h2>{label}</h2>}
      {section.view === 'service-request' && (
        <p>
          Service request <code>{section.serviceRequestId}</code>
        </p>
      )}
    </section>
  );
}
