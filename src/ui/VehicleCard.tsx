import { LinkifiedText } from './links/LinkifiedText.js';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Link } from './Link.js';
import { VisibilityIcon } from './VisibilityIcon.js';
import { vehicleDisplayName } from '../domain/vehicleName.js';

/** What the card shows of a vehicle: any row with these columns (the device's own, or the server's answer). */
export interface VehicleCardData {
  id: string;
  name: string | null;
  description: string | null;
  /** SQLite's 0/1 or a boolean. */
  is_public: number | boolean | null;
}

/**
 * The card above every vehicle page — public (globe) or private (lock), and the name or 'Unnamed Vehicle'.
 * It leads to `to`: the vehicle's services for those who can work on it, its profile for everyone else.
 */
export function VehicleCard({
  vehicle,
  to,
  showDescription = true,
}: {
  vehicle: VehicleCardData;
  to: string;
  /** Off where the page shows the description itself (the vehicle's own pages). */
  showDescription?: boolean;
}) {
  return (
    <header className="vehicle-card ui-card" data-vehicle-card={vehicle.id}>
      <Link className="vehicle-card__link" to={to}>
        <VisibilityIcon isPublic={!!vehicle.is_public} size={22} />
        <h1 className="vehicle-card__title">
          <span data-field="vehicle-name">{vehicleDisplayName(vehicle.name)}</span>
        </h1>
        <ChevronRight className="vehicle-card__chevron" size={20} aria-hidden="true" />
      </Link>
      {showDescription && vehicle.description && <LinkifiedText className="ui-muted" text={vehicle.description} />}
    </header>
  );
}
