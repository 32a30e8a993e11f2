import type { VehicleServicesProps } from '../../app/slots.js';
import { RequestDetail } from './RequestDetail.js';
import { RequestList } from './RequestList.js';
import './services.css';

/**
 * The vehicle page's request-services section: the list at /vehicle/{id}/request-services, a request at
 * /vehicle/{id}/request-services/{requestId}. App.tsx hands it to the vehicle page, which owns the frame.
 */
export function ServiceRequestsSection({ vehicleId, section }: VehicleServicesProps) {
  return section.view === 'request-services' ? (
    <RequestList vehicleId={vehicleId} />
  ) : (
    <RequestDetail vehicleId={vehicleId} requestId={section.serviceRequestId} />
  );
}
