import type { RouteName } from '../domain/routes.js';

/**
 * The page module each route renders first (App.tsx loads each lazily, as its own chunk), as a path from the project
 * root; null when the page is part of the shell. The build preloads a route's chunk and everything it imports along
 * with the shell when that route is opened cold (build.mjs, server/http/preload.ts), so the first render waits for
 * one round of requests instead of a chain. A unit test checks App.tsx imports each module listed.
 */
export const ROUTE_PAGE_MODULES: Record<RouteName, string | null> = {
  'public-vehicles': 'src/features/home/PublicVehiclesPage.tsx',
  'my-vehicles': 'src/features/vehicles/MyVehiclesPage.tsx',
  vehicle: 'src/features/vehicles/VehiclePage.tsx',
  admin: 'src/features/admin/AdminPage.tsx',
  company: 'src/features/admin/company/CompanyPage.tsx',
  register: 'src/features/register/RegisterPage.tsx',
  'under-construction': 'src/app/pages/UnderConstructionPage.tsx',
  'my-account': 'src/features/account/MyAccountPage.tsx',
  'recover-account': 'src/features/account/RecoverAccountPage.tsx',
  help: 'src/features/help/HelpPage.tsx',
  tag: 'src/features/tags/TagResolverPage.tsx',
  'shared-report': 'src/features/vehicles/report/SharedReportPage.tsx',
  transfer: 'src/features/vehicles/transfer/AcceptTransferPage.tsx',
  'request-status': 'src/features/services/RequestStatusPage.tsx',
  'not-found': null,
};

/**
 * Modules every start fetches lazily whatever the route, possibly before the service worker has installed (main.tsx:
 * the local database, opened beside the first render; the service worker's registration, which starts the install;
 * the watch on storage persistence, which must hear a sign-in made before the database opens; and, once the database
 * is open, sync and the upload queue, which on a slow device can come before the worker is ready). The build leaves them and what they import out of the precache pack, which would download them a second
 * time; the worker takes them from the HTTP cache instead, or fetches them itself if it comes first, and then the
 * page finds them in the HTTP cache. The offline browser test checks that the pack repeats nothing a first visit's
 * page fetched but the opened route's page.
 */
export const START_MODULES: readonly string[] = [
  'src/data/database.ts',
  'src/app/serviceWorker.ts',
  'src/data/persistenceWatch.ts',
  'src/data/sync.ts',
  'src/uploads/queue.ts',
];

/**
 * What reads a tag's first answer out of the page the server sent for the tag (main.tsx loads it only then). The
 * server preloads it, and what it imports beyond the shell, with such a page (server/http/preload.ts); like the start
 * modules, it stays out of the precache pack, since such a page fetched it already.
 */
export const FIRST_ANSWER_MODULE = 'src/features/tags/firstScan.ts';

/**
 * Pages only a link opens, which need the network anyway (a shared history report, a transfer to accept, a request's status for its customer): never
 * precached, so an anonymous first visit (a scanned tag) does not download them; fetched, compressed, when a link is
 * opened, and kept by the HTTP cache. What only they import goes with them, unless a member page imports it too.
 */
export const LINK_MODULES: readonly string[] = [
  'src/features/vehicles/report/SharedReportPage.tsx',
  'src/features/vehicles/transfer/AcceptTransferPage.tsx',
  'src/features/services/RequestStatusPage.tsx',
];

/**
 * Lazily loaded modules only a signed-in person ever renders: pages behind sign-in, the vehicle sections above
 * "public", and the work lists and banner of the signed-in shell. What only they import forms the "member" precache
 * group (sw/manifest.ts), which the service worker downloads once someone signs in, so an anonymous first visit (a
 * scanned tag) does not download every editor. Signing in needs the network, so a member's pages are cached before
 * they can be needed offline. A chunk that anything else also imports stays in the core group.
 */
export const MEMBER_MODULES: readonly string[] = [
  'src/features/vehicles/MyVehiclesPage.tsx',
  'src/features/admin/AdminPage.tsx',
  'src/features/admin/company/CompanyPage.tsx',
  'src/features/vehicles/info/InfoSection.tsx',
  'src/features/vehicles/notes/NotesSection.tsx',
  'src/features/vehicles/logbook/LogbookSection.tsx',
  'src/features/vehicles/track/TrackSection.tsx',
  'src/features/vehicles/maintenance/MaintenanceSection.tsx',
  'src/features/vehicles/DueMaintenance.tsx',
  'src/features/vehicles/messages/MessagesSection.tsx',
  'src/features/vehicles/messages/NewMessages.tsx',
  'src/features/vehicles/report/ReportSection.tsx',
  'src/features/vehicles/transfer/TransferSection.tsx',
  'src/features/vehicles/ownership/OwnershipSection.tsx',
  'src/features/vehicles/qr/ReplaceTagDialog.tsx',
  'src/features/services/ServiceRequestsSection.tsx',
  'src/features/services/MyWork.tsx',
  'src/features/services/ActiveRequestBanner.tsx',
  'src/features/register/LinkTagCard.tsx',
];
