import Car from 'lucide-react/icons/car';
import { vehiclePath } from '../../app/routes.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
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
          <ListItem
            to={vehiclePath(v.id)}
            data-vehicle={v.id}
            icon={Car}
            iconSize={20}
            title={vehicleDisplayName(v.name)}
            end={v.matched && <Chip data-matched={v.matched}>{MATCHED[v.matched] ?? v.matched}</Chip>}
          >
            <ListItemDetail>{[v.year || null, v.make, v.model, v.licensePlate].filter(Boolean).join(' · ') || 'No info yet'}</ListItemDetail>
            {v.vin && (
              <ListItemDetail>
                VIN {v.vin.slice(0, -8)}
                <strong>{v.vin.slice(-8)}</strong>
              </ListItemDetail>
            )}
            {showOwner && (
              <ListItemDetail data-owner={v.ownerEmail}>{v.ownerEmail ? `Owner: ${v.ownerEmail}` : 'Unclaimed'}</ListItemDetail>
            )}
          </ListItem>
        </li>
      ))}
    </ul>
  );
}
