import { Suspense, lazy } from 'react';
import { lazyPage } from './lazyPage.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { useSessionSnapshot } from '../rpc/session.js';
import { SettingsDialogHost } from './actions/SettingsDialogHost.js';
import { PrintPreview } from './print/PrintPreview.js';
import { printSettings } from './print/printSettings.js';
import { ExternalLinkDialogHost } from '../ui/links/ExternalLinkDialogHost.js';
import { SnackbarHost } from '../ui/snackbar/SnackbarHost.js';
import { AuthDrawerHost } from './AuthDrawerHost.js';
import { AppVersionFooter } from './AppVersionFooter.js';
import { AppHeader } from './chrome/AppHeader.js';
import { BottomBar } from './chrome/BottomBar.js';
import { PageLoading } from './PageLoading.js';
import { RequireLogin } from './RequireLogin.js';
import { useLocation, useRoute } from './router.js';
import { AppErrorBoundary } from './feedback/AppErrorBoundary.js';
import { LoadingOverlay } from './feedback/LoadingOverlay.js';
import { WaitReasonSource } from './feedback/waitReasons.js';
import { OptionalPart } from './feedback/OptionalPart.js';
import { SubmenuHost } from './submenu/SubmenuHost.js';
import { NotificationBar } from './feedback/NotificationBar.js';
import { StorageNotice } from './feedback/StorageNotice.js';
import { SyncStatusBar } from './SyncStatusBar.js';
import type { Route } from './routes.js';
import type { VehicleServicesProps } from './slots.js';
import '../ui/styles/index.css';
import './app.css';
import './auth.css';
import './submenu.css';

// Each feature is its own chunk so the first render ships only the shell and the page it shows. The not-found page
// is tiny and is the fallback for every typo, so it stays in the shell.
/**
 * The page each route renders, one table for rendering (RoutePage) and for preloading the opened route's chunk before
 * the first render (main.tsx); src/app/routeModules.ts names the same modules for the build, and a unit test holds
 * the two together route by route.
 */
const ROUTE_PAGES = {
  'public-vehicles': lazyPage(() => import('../features/home/PublicVehiclesPage.js').then((m) => m.PublicVehiclesPage)),
  'my-vehicles': lazyPage(() => import('../features/vehicles/MyVehiclesPage.js').then((m) => m.MyVehiclesPage)),
  vehicle: lazyPage(() => import('../features/vehicles/VehiclePage.js').then((m) => m.VehiclePage)),
  admin: lazyPage(() => import('../features/admin/AdminPage.js').then((m) => m.AdminPage)),
  company: lazyPage(() => import('../features/admin/company/CompanyPage.js').then((m) => m.CompanyPage)),
  register: lazyPage(() => import('../features/register/RegisterPage.js').then((m) => m.RegisterPage)),
  'under-construction': lazyPage(() => import('./pages/UnderConstructionPage.js').then((m) => m.UnderConstructionPage)),
  'my-account': lazyPage(() => import('../features/account/MyAccountPage.js').then((m) => m.MyAccountPage)),
  'recover-account': lazyPage(() => import('../features/account/RecoverAccountPage.js').then((m) => m.RecoverAccountPage)),
  help: lazyPage(() => import('../features/help/HelpPage.js').then((m) => m.HelpPage)),
  tag: lazyPage(() => import('../features/tags/TagResolverPage.js').then((m) => m.TagResolverPage)),
  'shared-report': lazyPage(() => import('../features/vehicles/report/SharedReportPage.js').then((m) => m.SharedReportPage)),
  transfer: lazyPage(() => import('../features/vehicles/transfer/AcceptTransferPage.js').then((m) => m.AcceptTransferPage)),
  'request-status': lazyPage(() => import('../features/services/RequestStatusPage.js').then((m) => m.RequestStatusPage)),
} satisfies Record<Exclude<Route['name'], 'not-found'>, { preload(): Promise<unknown> }>;
const {
  'public-vehicles': PublicVehiclesPage,
  'my-vehicles': MyVehiclesPage,
  vehicle: VehiclePage,
  admin: AdminPage,
  company: CompanyPage,
  register: RegisterPage,
  'under-construction': UnderConstructionPage,
  'my-account': MyAccountPage,
  'recover-account': RecoverAccountPage,
  help: HelpPage,
  tag: TagResolverPage,
  'shared-report': SharedReportPage,
  transfer: AcceptTransferPage,
  'request-status': RequestStatusPage,
} = ROUTE_PAGES;
// The tag-linking card belongs to the tag feature; the vehicle page only gives it a place.
const LinkTagCard = lazy(() => import('../features/register/LinkTagCard.js').then((m) => ({ default: m.LinkTagCard })));
const linkTagCard = (vehicleId: string) => <LinkTagCard vehicleId={vehicleId} />;
// So does the way for a visitor to reach a vehicle's owner through its tag.
const ContactOwnerCard = lazy(() => import('../features/tags/ContactOwnerCard.js').then((m) => ({ default: m.ContactOwnerCard })));
const contactOwnerCard = (tagHash: string) => <ContactOwnerCard tagHash={tagHash} />;
// Service requests and work time belong to the services feature: the vehicle page gives them its request-services
// sections, the signed-in home its work lists, and the shell carries the active-request banner.
const ServiceRequestsSection = lazy(() =>
  import('../features/services/ServiceRequestsSection.js').then((m) => ({ default: m.ServiceRequestsSection })),
);
const vehicleServices = (props: VehicleServicesProps) => <ServiceRequestsSection {...props} />;
const MyWork = lazy(() => import('../features/services/MyWork.js').then((m) => ({ default: m.MyWork })));
const NewMessages = lazy(() => import('../features/vehicles/messages/NewMessages.js').then((m) => ({ default: m.NewMessages })));
const DueMaintenance = lazy(() => import('../features/vehicles/DueMaintenance.js').then((m) => ({ default: m.DueMaintenance })));
const MyVehiclesShortcut = lazy(() => import('../features/vehicles/MyVehiclesShortcut.js').then((m) => ({ default: m.MyVehiclesShortcut })));
const ActiveRequestBanner = lazy(() =>
  import('../features/services/ActiveRequestBanner.js').then((m) => ({ default: m.ActiveRequestBanner })),
);

/** Loads the chunk of the page `route` shows; resolves at once for the not-found page. */
export function preloadRoutePage(route: Route): Promise<unknown> {
  return route.name === 'not-found' ? Promise.resolve() : ROUTE_PAGES[route.name].preload();
}

export function RoutePage({ route }: { route: Route }) {
  const signedIn = useSessionSnapshot().session !== null;
  switch (route.name) {
    case 'public-vehicles':
      return (
        <PublicVehiclesPage
          before={
            signedIn ? (
              <>
                <NewMessages />
                <DueMaintenance />
                <MyVehiclesShortcut />
                <MyWork />
              </>
            ) : null
          }
        />
      );
    case 'my-vehicles':
      return (
        <RequireLogin message="Oops, I couldn't identify you, to list your vehicles you must sign in.">
          <MyVehiclesPage />
        </RequireLogin>
      );
    case 'vehicle':
      return <VehiclePage vehicleId={route.vehicleId} section={route.section} linkTag={linkTagCard} contactOwner={contactOwnerCard} services={vehicleServices} />;
    case 'admin':
      return (
        <RequireLogin>
          <AdminPage section={route.section} />
        </RequireLogin>
      );
    case 'company':
      return (
        <RequireLogin message="Sign in to open your company's area.">
          <CompanyPage subPath={route.subPath} />
        </RequireLogin>
      );
    case 'register':
      return <RegisterPage hash={route.hash} />;
    case 'under-construction':
      return <UnderConstructionPage feature={route.feature} />;
    // Not wrapped: its sign-in link page is for signed-out visitors; the page guards the rest itself.
    case 'my-account':
      return <MyAccountPage subPath={route.subPath} />;
    case 'recover-account':
      return <RecoverAccountPage hash={route.hash} email={route.email} />;
    case 'help':
      return <HelpPage topic={route.topic} />;
    case 'tag':
      return <TagResolverPage hash={route.hash} />;
    // These open without signing in: whoever holds the link.
    case 'shared-report':
      return <SharedReportPage token={route.token} />;
    case 'transfer':
      return <AcceptTransferPage token={route.token} />;
    case 'request-status':
      return <RequestStatusPage token={route.token} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function App() {
  const route = useRoute();
  const { pathname, search } = useLocation();
  const print = printSettings(search);
  const { status, session } = useSessionSnapshot();
  // data-auth lets tests (and CSS) tell the three states apart without knowing the chrome's details.
  const auth = status === 'loading' ? 'loading' : session === null ? 'signed-out' : 'signed-in';
  return (
    <div className="app" data-auth={auth} data-print={print.enabled ? print.orientation : undefined}>
      <AppHeader />
      <NotificationBar />
      <main className="app-main">
        {!print.enabled && <StorageNotice />}
        {auth === 'signed-in' && !print.enabled && (
          <OptionalPart name="The active-request banner">
            <Suspense fallback={null}>
              <ActiveRequestBanner />
            </Suspense>
          </OptionalPart>
        )}
        {/* Keyed by path: leaving a page that failed gives the next one a fresh start. */}
        <AppErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            {print.enabled ? (
              // Tag label sheets are drawn for US Letter only (src/features/register/TagLabelSheet.tsx).
              <PrintPreview orientation={print.orientation} paper={print.paper} papers={route.name === 'register' ? ['letter'] : undefined}>
                <RoutePage route={route} />
              </PrintPreview>
            ) : (
              <RoutePage route={route} />
            )}
          </Suspense>
        </AppErrorBoundary>
        <AppVersionFooter />
      </main>
      <div className="app-bottom">
        <SyncStatusBar />
        <BottomBar />
      </div>
      <LoadingOverlay />
      <WaitReasonSource />
      <SubmenuHost />
      <SnackbarHost />
      <ExternalLinkDialogHost />
      <SettingsDialogHost />
      <AuthDrawerHost />
    </div>
  );
}

export default App;
