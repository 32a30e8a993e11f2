import { Suspense, useMemo, useState, type ReactNode } from 'react';
import Car from 'lucide-react/icons/car';
import QrCode from 'lucide-react/icons/qr-code';
import { usePageActions, type PageAction } from '../../app/actions/pageActions.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { HOME_PATH, tagLabelsPath } from '../../app/routes.js';
import type { VehicleSection } from '../../app/routes.js';
import { useHasSynced } from '../../data/firstSync.js';
import { useCurrentUser } from '../../rpc/session.js';
import { Card } from '../../ui/Card.js';
import { Loading } from '../../ui/Loading.js';
import { NotFoundPage } from '../../app/pages/NotFoundPage.js';
import { Button } from '../../ui/Button.js';
import { QrCodeDialog } from '../../ui/qr/QrCodeDialog.js';
import { renameVehicle, useVehicle, useVehicleTags } from './queries.js';
import { VehicleCard } from '../../ui/VehicleCard.js';
import { VehicleNameForm } from './VehicleNameForm.js';

const SECTION_LABELS: Record<VehicleSection['view'], string> = {
  profile: 'Profile',
  info: 'Info',
  'request-services': 'Services',
  'service-request': 'Service request',
  notes: 'Notes',
  'all-notes': 'All notes',
  logbook: 'Logbook',
  'track-support': 'Track Support',
  ownership: 'Ownership',
};

export function VehiclePage({
  vehicleId,
  section,
  linkTag,
  serviceRequests,
}: {
  vehicleId: string;
  section: VehicleSection;
  /** The card that links a new tag to this vehicle, shown on its profile to those who can edit it while it has none. */
  linkTag?: (vehicleId: string) => ReactNode;
  /** The request-services sections: the list (requestId null) or one request. */
  serviceRequests?: (vehicleId: string, requestId: string | null) => ReactNode;
}) {
  const label = SECTION_LABELS[section.view];
  const vehicles = useVehicle(vehicleId);
  const user = useCurrentUser();
  const hasSynced = useHasSynced();
  const vehicle = vehicles.rows[0];
  const canEdit = vehicle !== undefined && user !== null && (user.isAdmin || vehicle.user_id === user.id);
  const name = vehicle ? vehicle.name || 'Unnamed Vehicle' : 'Vehicle';
  // SPEC §2: 'Show QR Code' only when a tag is linked, and only for those who can edit the vehicle.
  const tags = useVehicleTags(vehicleId);
  const tag = tags.rows[0]?.id ?? null;
  const [showingQr, setShowingQr] = useState(false);
  const qrActions = useMemo<PageAction[]>(
    () => (canEdit && tag !== null ? [{ id: 'show-qr-code', label: 'Show QR Code', icon: QrCode, run: () => setShowingQr(true) }] : []),
    [canEdit, tag],
  );
  usePageActions(qrActions);
  usePageTitle(label === 'Profile' ? name : label, {
    icon: Car,
    subtitle: label === 'Profile' || !vehicle ? null : name,
    // SPEC §2: for anyone who is neither the owner nor an admin, Back leads to the public list.
    backTo: canEdit ? null : HOME_PATH,
  });

  if (vehicles.status === 'loading') return <Loading />;
  // A vehicle opened from a tag may not have reached this device yet: wait for its first sync before "not found".
  if (!vehicle && !hasSynced) return <Loading label="Looking for this vehicle…" />;
  if (!vehicle) return <NotFoundPage />;
  return (
    <section className="page" data-page="vehicle" data-section={section.view} data-vehicle-id={vehicleId}>
      <VehicleCard vehicle={vehicle} canEdit={canEdit} />
      {canEdit && tag !== null && (
        <div className="ui-button-row">
          <Button variant="secondary" icon={QrCode} onClick={() => setShowingQr(true)} data-action="show-qr-code">
            Show QR Code
          </Button>
        </div>
      )}
      {showingQr && tag !== null && (
        <QrCodeDialog hash={tag} title={name} printHref={tagLabelsPath([tag])} onClose={() => setShowingQr(false)} />
      )}
      {section.view === 'profile' && canEdit && tags.status === 'ready' && tag === null && linkTag && (
        <Suspense fallback={null}>{linkTag(vehicle.id)}</Suspense>
      )}
      {section.view === 'profile' && canEdit && (
        <Card aria-labelledby="vehicle-name-title">
          <h2 id="vehicle-name-title">Name</h2>
          <VehicleNameForm
            key={vehicle.id}
            formName="rename-vehicle"
            label="Vehicle name"
            submitLabel="Save name"
            savedMessage="Vehicle name saved."
            initial={vehicle.name ?? ''}
            onSubmit={(name) => renameVehicle(vehicle.id, name)}
          />
        </Card>
      )}
      {(section.view === 'request-services' || section.view === 'service-request') && serviceRequests ? (
        <Suspense fallback={<Loading />}>
          {serviceRequests(vehicle.id, section.view === 'service-request' ? section.serviceRequestId : null)}
        </Suspense>
      ) : section.view !== 'profile' && (
        <Card aria-labelledby="vehicle-section-title">
          <h2 id="vehicle-section-title">{label}</h2>
          {section.view === 'service-request' ? (
            <p>
              Service request <code>{section.serviceRequestId}</code>
            </p>
          ) : (
            <p className="ui-muted">Nothing recorded here yet.</p>
          )}
        </Card>
      )}
    </section>
  );
}
