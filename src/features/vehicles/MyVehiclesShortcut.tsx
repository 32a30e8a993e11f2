import Car from 'lucide-react/icons/car';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { MY_VEHICLES_PATH } from '../../app/routes.js';
import { counted } from '../../domain/counting.js';
import { useMyVehicles } from '../../entities/vehicle/queries.js';
import { useCurrentUser } from '../../rpc/session.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';

/** The signed-in home's way to one's own vehicles, above the public list: counted from the device, offline too. */
export function MyVehiclesShortcut() {
  const user = useCurrentUser();
  const vehicles = useMyVehicles(user?.id ?? '');
  if (user === null || vehicles.status !== 'ready') return null;
  const count = vehicles.rows.length;
  return (
    <nav className="ui-list" aria-label="Your vehicles" data-my-vehicles-shortcut={count}>
      <ListItem to={MY_VEHICLES_PATH} icon={Car} title="My Vehicles" endIcon={ChevronRight}>
        <ListItemDetail>{count === 0 ? 'Add your first vehicle' : counted(count, 'vehicle')}</ListItemDetail>
      </ListItem>
    </nav>
  );
}
