import Car from 'lucide-react/icons/car';
import { vehiclePath } from '../../app/routes.js';
import { Link } from '../../ui/Link.js';
import { seesOwner, type VehicleReader } from '../../domain/vehicleReaders.js';
import type { AdminVehicle } from '../../gen/tagbook/v1/admin_pb.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { Chip } from '../../ui/Chip.js';

const MATCHED: Record<string, string> = {
  vin: 'VIN', vin_last8: 'last 8 of VIN', plate: 'plate', name: 'name', tag: 'tag', owner_email: 'owner email',
};

/**
 * Vehicles as admin and company lists show them: name, make and model, plate, VIN (last 8 stressed) and, for a
 * reader who sees owners (src/domain/vehicleReaders.ts), the owner: a company's employees are never told who owns
 * a vehicle, not even that nobody does.
 */
export function VehicleRows({ vehicles, label, reader }: { vehicles: readonly AdminVehicle[]; label: string; reader: VehicleReader }) {
  const showOwner = seesOwner(reader);
  return (
    <ul className="ui-list" data-list="vehicles" aria-label={label}>
      {vehicles.map((v) => (
        <li key={v.id}>
          <Link to={vehiclePath(v.id)} className="ui-list-item" data-vehicle={v.id}>
            <Car className="ui-list-item__icon" size={20} aria-hidden="true" />
            <span className="ui-list-item__text">
              <span className="ui-list-item__title">{vehicleDisplayName(v.name)}</span>
              <span className="ui-list-item__detail">
                {[v.year || null, v.make, v.model, v.licensePlate].filter(Boolean).join(' · ') || 'No info yet'}
              </span>
              {v.vin && (
                <span className="ui-list-item__detail">
                  VIN {v.vin.slice(0, -8)}
                  <strong>{v.vin.slice(-8)}</strong>
                </span>
              )}
              {showOwner && (
                <span className="ui-list-item__detail" data-owner={v.ownerEmail}>
                  {v.ownerEmail ? `Owner: ${v.ownerEmail}` : 'Unclaimed'}
                </span>
              )}
            </span>
            {v.matched && <Chip data-matched={v.matched}>{MATCHED[v.matched] ?? v.matched}</Chip>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
