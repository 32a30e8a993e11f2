import Wrench from 'lucide-react/icons/wrench';
import type { VehicleServicesProps } from '../../app/slots.js';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';

/** What the Services pages show until service requests have their own pages. */
export function ServicesPlaceholder({ section, vehicleName }: VehicleServicesProps) {
  const one = section.view === 'service-request';
  return (
    <Card aria-labelledby="services-title" data-services-placeholder="">
      <h2 id="services-title">{one ? 'Service request' : 'Services'}</h2>
      <EmptyState icon={Wrench} title={one ? 'This request is not on this device' : 'No service requests'}>
        <p>
          {one
            ? 'It appears here once it has synced.'
            : `Service requests for ${vehicleName}, and the work logged on them, are listed here.`}
        </p>
      </EmptyState>
    </Card>
  );
}
