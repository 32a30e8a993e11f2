import Car from 'lucide-react/icons/car';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CirclePlus from 'lucide-react/icons/circle-plus';
import { usePageActions, type PageAction } from '../../app/actions/pageActions.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { ListItem } from '../../ui/ListItem.js';
import { vehiclePath } from '../../app/routes.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Card } from '../../ui/Card.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { createVehicle } from '../../data/vehicles.js';
import { useMyVehicles } from '../../entities/vehicle/queries.js';
import { VehicleNameForm } from './VehicleNameForm.js';
import { UnsentMark } from '../../ui/UnsentMark.js';
import { VisibilityIcon } from '../../ui/VisibilityIcon.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { Alert } from '../../ui/Alert.js';
import { DueMaintenance } from './DueMaintenance.js';

const ADD_VEHICLE_INPUT_ID = 'add-vehicle-name';

// The page's entry in the Actions tab: jump to the add form (below the list, which can be long).
const PAGE_ACTIONS: readonly PageAction[] = [
  {
    id: 'add-vehicle',
    label: 'Add a vehicle',
    icon: CirclePlus,
    run: () => {
      const input = document.getElementById(ADD_VEHICLE_INPUT_ID);
      input?.scrollIntoView({ block: 'center' });
      input?.focus();
    },
  },
];

/** Rendered inside RequireLogin, so there is always a user here. */
export function MyVehiclesPage() {
  usePageTitle('My Vehicles', { icon: Car });
  usePageActions(PAGE_ACTIONS);
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const vehicles = useMyVehicles(userId);
  return (
    <section className="page" data-page="my-vehicles">
      <PageHeader icon={Car} title="My Vehicles" />
      <DueMaintenance />
      <div className="ui-section" data-state={vehicles.status}>
        {vehicles.status === 'loading' && <Loading />}
        {vehicles.status === 'error' && (
          <Alert tone="error">
            Could not read your vehicles: {vehicles.error}
          </Alert>
        )}
        {vehicles.status === 'ready' && vehicles.rows.length === 0 && (
          <EmptyState icon={Car} title="No Vehicles Found" data-empty="my-vehicles">
            <p>Oops, there are no vehicles associated to your account yet.</p>
            <p>Scan your vehicle QR Code to associate it to your account.</p>
          </EmptyState>
        )}
        {vehicles.rows.length > 0 && (
          <ul className="vehicle-list ui-list">
            {vehicles.rows.map((v) => (
              <li key={v.id} data-vehicle-id={v.id}>
                <ListItem
                  to={vehiclePath(v.id)}
                  icon={<VisibilityIcon isPublic={!!v.is_public} />}
                  title={vehicleDisplayName(v.name)}
                  endIcon={ChevronRight}
                >
                  <UnsentMark table="vehicles" id={v.id} />
                </ListItem>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Card aria-labelledby="add-vehicle-title">
        <h2 id="add-vehicle-title">Add a vehicle</h2>
        <VehicleNameForm
          formName="add-vehicle"
          label="New vehicle name"
          submitLabel="Add vehicle"
          savedMessage="Vehicle added."
          inputId={ADD_VEHICLE_INPUT_ID}
          onSubmit={async (name) => void (await createVehicle(userId, name))}
        />
      </Card>
    </section>
  );
}
