import { Suspense, type ReactNode } from 'react';
import Car from 'lucide-react/icons/car';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Globe from 'lucide-react/icons/globe';
import { usePageTitle } from '../../app/pageTitle.js';
import { Link } from '../../app/router.js';
import { vehiclePath } from '../../app/routes.js';
import { usePublicVehicles } from '../../data/vehicles.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { PageHeader } from '../../ui/PageHeader.js';

/**
 * SPEC §2 "/": the latest listed vehicles, straight from the local database (so it works offline). `before` is what
 * a signed-in user sees first (their work in progress), given by the app shell.
 */
export function PublicVehiclesPage({ before }: { before?: ReactNode }) {
  usePageTitle('Latest vehicles', { icon: Globe });
  const vehicles = usePublicVehicles();
  return (
    <section className="page" data-page="public-vehicles">
      {before && <Suspense fallback={null}>{before}</Suspense>}
      <PageHeader icon={Globe} title="Latest vehicles" subtitle="Public vehicles, most recently updated first" />
      <div className="ui-section" data-state={vehicles.status}>
        {vehicles.status === 'loading' && <Loading />}
        {vehicles.status === 'error' && (
          <p className="ui-alert ui-alert--error" role="alert">
            Could not read vehicles: {vehicles.error}
          </p>
        )}
        {vehicles.status === 'ready' && vehicles.rows.length === 0 && (
          <EmptyState icon={Car} title="No public vehicles yet">
            <p>Vehicles their owners make public show up here.</p>
          </EmptyState>
        )}
        {vehicles.rows.length > 0 && (
          <ul className="vehicle-list ui-list">
            {vehicles.rows.map((v) => (
              <li key={v.id}>
                <Link className="ui-list-item" to={vehiclePath(v.id)}>
                  <Car className="ui-list-item__icon" size={22} aria-hidden="true" />
                  <span className="ui-list-item__text">
                    <span className="ui-list-item__title">{v.name || 'Unnamed Vehicle'}</span>
                    {v.description && <span className="ui-list-item__detail">{v.description}</span>}
                  </span>
                  <ChevronRight className="ui-list-item__end" size={20} aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
