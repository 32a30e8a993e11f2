import Car from 'lucide-react/icons/car';
import { vehiclePath } from '../../app/routes.js';
import { useVehicleSummary } from '../../entities/vehicle/queries.js';
import { useCurrentUser } from '../../rpc/session.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { VehicleCard } from '../../ui/VehicleCard.js';

/** A linked tag shows its vehicle's card; a vehicle not on this device yet is still one tap away. */
export function LinkedVehicle({ vehicleId }: { vehicleId: string }) {
  const user = useCurrentUser();
  const vehicles = useVehicleSummary(vehicleId);
  const vehicle = vehicles.rows[0];
  if (vehicle) {
    const canEdit = user !== null && (user.isAdmin || vehicle.user_id === user.id);
    return <VehicleCard vehicle={vehicle} to={vehiclePath(vehicle.id, canEdit ? 'request-services' : 'profile')} />;
  }
  return (
    <ButtonLink to={vehiclePath(vehicleId, 'profile')} icon={Car} variant="secondary">
      Open the vehicle
    </ButtonLink>
  );
}
