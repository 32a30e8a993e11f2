import { usePageTitle } from '../../app/pageTitle.js';
import type { VehicleSection } from '../../app/routes.js';

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

export function VehiclePage({ vehicleId, section }: { vehicleId: string; section: VehicleSection }) {
  const label = SECTION_LABELS[section.view];
  usePageTitle(label === 'Profile' ? 'Vehicle' : label);
  return (
    <section className="page" data-page="vehicle" data-section={section.view} data-vehicle-id={vehicleId}>
      <h1>{label}</h1>
      <p>
        Vehicle <code>{vehicleId}</code>
        {section.view === 'service-request' && (
          <>
            , service request <code>{section.serviceRequestId}</code>
          </>
        )}
      </p>
    </section>
  );
}
