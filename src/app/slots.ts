// What one feature's page hands another feature's component it shows (App.tsx connects them), so neither
// feature imports the other.

/** The service-request pages of a vehicle (its list, and one request), shown inside the vehicle area. */
export interface VehicleServicesProps {
  vehicleId: string;
  section: { view: 'request-services' } | { view: 'service-request'; serviceRequestId: string };
}
