import { Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import Car from 'lucide-react/icons/car';
import WifiOff from 'lucide-react/icons/wifi-off';
import House from 'lucide-react/icons/house';
import { usePageActions, type PageAction } from '../../app/actions/pageActions.js';
import { navigate } from '../../ui/navigation.js';
import { NotFoundPage } from '../../app/pages/NotFoundPage.js';
import { usePageTitle } from '../../app/pageTitle.js';
import { RestrictedAccess } from '../../app/RequireLogin.js';
import { HOME_PATH, tagLabelsPath, vehiclePath } from '../../app/routes.js';
import type { VehicleSection } from '../../app/routes.js';
import type { VehicleServicesProps } from '../../app/slots.js';
import { useSessionSnapshot } from '../../rpc/session.js';
import { ButtonLink } from '../../ui/ButtonLink.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Loading } from '../../ui/Loading.js';
import { QrCodeDialog } from './qr/QrCodeDialog.js';
import { VehicleCard } from '../../ui/VehicleCard.js';
import { canEdit, sectionGate, vehicleMenu } from './access.js';
import type { VehicleData } from './data/types.js';
import { useVehicleArea, type VehicleArea } from './data/useVehicleArea.js';
import { ProfileSection } from './profile/ProfileSection.js';
import { MENU_ICONS, VehicleMenu } from './VehicleMenu.js';
import './vehicle.css';
import { vehicleDisplayName } from '../../domain/vehicleName.js';

// The pages behind the menu load on demand; the profile (what a scan opens) comes with the page.
const InfoSection = lazy(() => import('./info/InfoSection.js').then((m) => ({ default: m.InfoSection })));
const NotesSection = lazy(() => import('./notes/NotesSection.js').then((m) => ({ default: m.NotesSection })));
const AllNotesSection = lazy(() => import('./notes/NotesSection.js').then((m) => ({ default: m.AllNotesSection })));
const LogbookSection = lazy(() => import('./logbook/LogbookSection.js').then((m) => ({ default: m.LogbookSection })));
const TrackSection = lazy(() => import('./track/TrackSection.js').then((m) => ({ default: m.TrackSection })));
const MaintenanceSection = lazy(() => import('./maintenance/MaintenanceSection.js').then((m) => ({ default: m.MaintenanceSection })));
const VehicleDueMaintenance = lazy(() => import('./DueMaintenance.js').then((m) => ({ default: m.VehicleDueMaintenance })));
const MessagesSection = lazy(() => import('./messages/MessagesSection.js').then((m) => ({ default: m.MessagesSection })));
const ReportSection = lazy(() => import('./report/ReportSection.js').then((m) => ({ default: m.ReportSection })));
const TransferSection = lazy(() => import('./transfer/TransferSection.js').then((m) => ({ default: m.TransferSection })));
const ReplaceTagDialog = lazy(() => import('./qr/ReplaceTagDialog.js').then((m) => ({ default: m.ReplaceTagDialog })));
const OwnershipSection = lazy(() => import('./ownership/OwnershipSection.js').then((m) => ({ default: m.OwnershipSection })));

const SECTION_TITLES: Record<VehicleSection['view'], string> = {
  profile: 'Profile',
  info: 'Info',
  'request-services': 'Services',
  'service-request': 'Service request',
  notes: 'Notes',
  'all-notes': 'All notes',
  logbook: 'Logbook',
  'track-support': 'Track Support',
  maintenance: 'Maintenance',
  messages: 'Messages',
  report: 'History report',
  transfer: 'Transfer',
  ownership: 'Ownership',
};

type ServicesSlot = (props: VehicleServicesProps) => ReactNode;

export function VehiclePage({
  vehicleId,
  section,
  linkTag,
  contactOwner,
  services,
}: {
  vehicleId: string;
  section: VehicleSection;
  /** The card that links a new tag to this vehicle, shown on its profile to those who can edit it while it has none. */
  linkTag?: (vehicleId: string) => ReactNode;
  /** The way for visitors to reach the owner through the vehicle's tag, shown on its profile. */
  contactOwner?: (tagHash: string) => ReactNode;
  /** The service-request pages, which belong to another feature. */
  services: ServicesSlot;
}) {
  const area = useVehicleArea(vehicleId, section.view);
  const session = useSessionSnapshot();
  // Decided before anything of the vehicle is shown: a page the caller may not see reveals not even its title.
  if (area.status === 'loading' || session.status === 'loading') return <Loading label="Looking for this vehicle…" />;
  if (area.status === 'not-found') return <NotFoundPage />;
  if (area.status === 'offline' || area.status === 'error') return <VehicleUnavailable offline={area.status === 'offline'} />;
  const gate = sectionGate(section.view, area.access, session.session !== null);
  if (gate === 'sign-in') return <RestrictedAccess />;
  if (gate === 'not-found' || area.vehicle === null) return <NotFoundPage />;
  return <VehicleShell area={area} vehicle={area.vehicle} vehicleId={vehicleId} section={section} linkTag={linkTag} contactOwner={contactOwner} services={services} />;
}

/** The page of a vehicle the caller may see: its card, its menu for those who can edit, and the section. */
function VehicleShell({
  area,
  vehicle,
  vehicleId,
  section,
  linkTag,
  contactOwner,
  services,
}: {
  area: VehicleArea;
  vehicle: VehicleData;
  vehicleId: string;
  section: VehicleSection;
  linkTag: ((vehicleId: string) => ReactNode) | undefined;
  contactOwner: ((tagHash: string) => ReactNode) | undefined;
  services: ServicesSlot;
}) {
  const editable = canEdit(area.access);
  const name = vehicleDisplayName(vehicle.name);
  const tag = area.tags[0] ?? null;
  const [showingQr, setShowingQr] = useState(false);
  const [replacing, setReplacing] = useState<string | null>(null);
  // Transfer is the owner's own, even when the owner is also an administrator (mayTransferVehicle).
  const ownsIt = area.userId !== null && vehicle.user_id === area.userId;
  const menu = useMemo(() => vehicleMenu(area.access, tag !== null, ownsIt), [area.access, tag, ownsIt]);

  // The menu's entries also sit in the bottom bar's Actions tab, where a phone user looks for a page's actions.
  const actions = useMemo<PageAction[]>(
    () =>
      menu.map((entry) => ({
        id: entry.id,
        label: entry.label,
        icon: MENU_ICONS[entry.id],
        run: entry.view === null ? () => setShowingQr(true) : () => navigate(vehiclePath(vehicleId, entry.view!)),
      })),
    [menu, vehicleId],
  );
  usePageActions(actions);
  usePageTitle(section.view === 'profile' ? name : SECTION_TITLES[section.view], {
    icon: Car,
    subtitle: section.view === 'profile' ? null : name,
    // For anyone who is neither the owner nor an admin, Back leads to the public list.
    backTo: editable ? null : HOME_PATH,
  });

  return (
    <section className="page vehicle-page" data-page="vehicle" data-section={section.view} data-vehicle-id={vehicleId} data-access={area.access}>
      <VehicleCard vehicle={vehicle} to={vehiclePath(vehicle.id, editable ? 'request-services' : 'profile')} showDescription={false} />
      <div className={menu.length > 0 ? 'vehicle-layout vehicle-layout--menu' : 'vehicle-layout'}>
        {menu.length > 0 && <VehicleMenu vehicleId={vehicleId} entries={menu} view={section.view} onShowQr={() => setShowingQr(true)} />}
        <div className="vehicle-layout__main">
          {editable && section.view === 'profile' && (
            <Suspense fallback={null}>
              <VehicleDueMaintenance vehicleId={vehicleId} userId={area.userId} />
            </Suspense>
          )}
          <Suspense fallback={<Loading />}>
            <SectionContent area={area} vehicleId={vehicleId} section={section} linkTag={linkTag} contactOwner={contactOwner} services={services} />
          </Suspense>
        </div>
      </div>
      {showingQr && tag !== null && (
        <QrCodeDialog
          hash={tag}
          title={name}
          printHref={tagLabelsPath([tag])}
          onReplace={
            editable
              ? () => {
                  setShowingQr(false);
                  setReplacing(tag);
                }
              : undefined
          }
          onClose={() => setShowingQr(false)}
        />
      )}
      {replacing !== null && (
        <Suspense fallback={null}>
          <ReplaceTagDialog vehicleId={vehicleId} oldHash={replacing} name={name} onClose={() => setReplacing(null)} />
        </Suspense>
      )}
    </section>
  );
}

function SectionContent({
  area,
  vehicleId,
  section,
  linkTag,
  contactOwner,
  services,
}: {
  area: VehicleArea;
  vehicleId: string;
  section: VehicleSection;
  linkTag: ((vehicleId: string) => ReactNode) | undefined;
  contactOwner: ((tagHash: string) => ReactNode) | undefined;
  services: ServicesSlot;
}) {
  switch (section.view) {
    case 'profile':
      return <ProfileSection area={area} linkTag={linkTag} contactOwner={contactOwner} />;
    case 'info':
      return <InfoSection area={area} vehicleId={vehicleId} />;
    case 'notes':
      return <NotesSection area={area} vehicleId={vehicleId} />;
    case 'all-notes':
      return <AllNotesSection area={area} vehicleId={vehicleId} />;
    case 'logbook':
      return <LogbookSection area={area} vehicleId={vehicleId} />;
    case 'track-support':
      return <TrackSection area={area} vehicleId={vehicleId} />;
    case 'maintenance':
      return <MaintenanceSection area={area} vehicleId={vehicleId} />;
    case 'messages':
      return <MessagesSection area={area} vehicleId={vehicleId} />;
    case 'report':
      return <ReportSection area={area} vehicleId={vehicleId} />;
    case 'transfer':
      return <TransferSection area={area} vehicleId={vehicleId} />;
    case 'ownership':
      return <OwnershipSection area={area} />;
    case 'request-services':
      return services({ vehicleId, section: { view: 'request-services' } });
    case 'service-request':
      return services({ vehicleId, section });
  }
}

/** Not on this device and no answer from the server: said plainly, never as "not found". */
function VehicleUnavailable({ offline }: { offline: boolean }) {
  usePageTitle('Vehicle', { icon: Car, backTo: HOME_PATH });
  return (
    <section className="page" data-page="vehicle-unavailable">
      <EmptyState
        icon={WifiOff}
        title={offline ? "You're offline" : "Couldn't open this vehicle"}
        headingLevel={1}
        actions={
          <ButtonLink to={HOME_PATH} icon={House} variant="secondary">
            Latest vehicles
          </ButtonLink>
        }
      >
        <p>
          {offline
            ? 'This vehicle is not on this device yet, and it can only be looked up online. It opens by itself when the network is back.'
            : 'Something went wrong while looking it up. Try again in a moment.'}
        </p>
      </EmptyState>
    </section>
  );
}
