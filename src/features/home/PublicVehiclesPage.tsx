import { Suspense, type ReactNode } from 'react';
import Car from 'lucide-react/icons/car';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Globe from 'lucide-react/icons/globe';
import WifiOff from 'lucide-react/icons/wifi-off';
import { usePageTitle } from '../../app/pageTitle.js';
import { ListItem, ListItemDetail } from '../../ui/ListItem.js';
import { vehiclePath } from '../../app/routes.js';
import { useHasSynced } from '../../data/firstSync.js';
import { useOnline } from '../../data/online.js';
import { usePublicVehicles } from '../../entities/vehicle/queries.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { vehicleDisplayName } from '../../domain/vehicleName.js';
import { Alert } from '../../ui/Alert.js';

/**
 * The home page: the latest listed vehicles, straight from the local database (so it works offline). `before` is what
 * a signed-in user sees first (their work in progress), given by the app shell.
 */
export function PublicVehiclesPage({ before }: { before?: ReactNode }) {
  // The header names the app on its home; the page's own heading says what the list is (never the same words twice).
  usePageTitle('Tagbook', { icon: Globe });
  const vehicles = usePublicVehicles();
  const hasSynced = useHasSynced();
  const online = useOnline();
  // Before this device's first sync an empty list says nothing about the service: on a slow first visit it would
  // claim there are no public vehicles for seconds while they are on their way.
  const empty = vehicles.status === 'ready' && vehicles.rows.length === 0;
  const firstSyncPending = empty && !hasSynced;
  return (
    <section className="page" data-page="public-vehicles">
      {before && <Suspense fallback={null}>{before}</Suspense>}
      <PageHeader icon={Globe} title="Latest vehicles" subtitle="Public vehicles, most recently updated first" />
      <div className="ui-section" data-state={vehicles.status} aria-busy={firstSyncPending && online ? true : undefined}>
        {vehicles.status === 'loading' && <Loading />}
        {vehicles.status === 'error' && (
          <Alert tone="error">
            Could not read vehicles: {vehicles.error}
          </Alert>
        )}
        {empty && hasSynced && (
          <EmptyState icon={Car} title="No public vehicles yet" data-empty="public-vehicles">
            <p>Vehicles their owners make public show up here.</p>
          </EmptyState>
        )}
        {firstSyncPending && online && (
          <EmptyState icon={Car} title="Getting the latest vehicles…" data-empty="first-sync">
            <p>They show up here as soon as this device has them.</p>
          </EmptyState>
        )}
        {firstSyncPending && !online && (
          <EmptyState icon={WifiOff} title="No vehicles on this device yet" data-empty="offline">
            <p>The latest vehicles come in once this device is online.</p>
          </EmptyState>
        )}
        {vehicles.rows.length > 0 && (
          <ul className="vehicle-list ui-list">
            {vehicles.rows.map((v) => (
              <li key={v.id}>
                <ListItem to={vehiclePath(v.id)} icon={Car} title={vehicleDisplayName(v.name)} endIcon={ChevronRight}>
                  {v.description && <ListItemDetail>{v.description}</ListItemDetail>}
                </ListItem>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
