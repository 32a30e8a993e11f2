// The app's route table as a pure function of the pathname, so the router, the service worker, the server (which
// preloads the page's code with the shell) and tests share it without a DOM.
import { isId, isLinkSecret, isTagHash } from './ids.js';

export type VehicleView =
  | 'profile'
  | 'info'
  | 'request-services'
  | 'notes'
  | 'all-notes'
  | 'logbook'
  | 'track-support'
  | 'maintenance'
  | 'messages'
  | 'report'
  | 'transfer'
  | 'ownership';

export type VehicleSection =
  | { view: VehicleView }
  | { view: 'service-request'; serviceRequestId: string };

export type AdminView = 'dashboard' | 'service-request' | 'vehicles' | 'customers' | 'users';

export type AdminSection =
  | { view: AdminView }
  | { view: 'customer'; customerId: string }
  | { view: 'user'; userId: string }
  // Kept inside the admin area so the admin permission check still runs before anything is revealed.
  | { view: 'not-found' };

export type HelpTopic = 'index' | 'faq' | 'about-us';

export type UnderConstructionFeature =
  | 'garage'
  | 'networking'
  | 'dealer'
  | 'club'
  | 'experience'
  | 'storage'
  | 'event'
  | 'collection';

export type Route =
  | { name: 'public-vehicles' }
  | { name: 'my-vehicles' }
  | { name: 'vehicle'; vehicleId: string; section: VehicleSection }
  | { name: 'admin'; section: AdminSection }
  /** subPath: what follows /company/, '' for the area's root. */
  | { name: 'company'; subPath: string }
  /** hash: null for plain /register. */
  | { name: 'register'; hash: string | null }
  | { name: 'under-construction'; feature: UnderConstructionFeature }
  | { name: 'my-account'; subPath: string }
  | { name: 'recover-account'; hash: string; email: string }
  | { name: 'help'; topic: HelpTopic }
  | { name: 'tag'; hash: string }
  /** A vehicle's history report opened through the link its owner shared (token: the link's secret). */
  | { name: 'shared-report'; token: string }
  /** A transfer of a vehicle opened through the link mailed to its new owner. */
  | { name: 'transfer'; token: string }
  /** A service request's status opened through the link its shop gave the customer. */
  | { name: 'request-status'; token: string }
  | { name: 'not-found' };

export type RouteName = Route['name'];

const NOT_FOUND: Route = { name: 'not-found' };

const UNDER_CONSTRUCTION: ReadonlySet<string> = new Set<UnderConstructionFeature>([
  'garage',
  'networking',
  'dealer',
  'club',
  'experience',
  'storage',
  'event',
  'collection',
]);

// One-segment vehicle sub-paths; the two-segment ones (request-services/{id}, admin/ownership) are matched apart.
const VEHICLE_VIEWS: ReadonlySet<string> = new Set<VehicleView>([
  'info',
  'request-services',
  'notes',
  'all-notes',
  'logbook',
  'track-support',
  'maintenance',
  'messages',
  'report',
  'transfer',
]);

const ADMIN_VIEWS: ReadonlySet<string> = new Set<AdminView>(['service-request', 'vehicles', 'customers', 'users']);

const VEHICLE_VIEW_PATHS: Record<VehicleView, string> = {
  profile: '',
  info: '/info',
  'request-services': '/request-services',
  notes: '/notes',
  'all-notes': '/all-notes',
  logbook: '/logbook',
  'track-support': '/track-support',
  maintenance: '/maintenance',
  messages: '/messages',
  report: '/report',
  transfer: '/transfer',
  ownership: '/admin/ownership',
};

/** The path of a shared history report, and of a transfer's page: the links a signed-out reader opens. */
export function sharedReportPath(token: string): string {
  return `/report/${encodeURIComponent(token)}`;
}

export function transferPath(token: string): string {
  return `/transfer/${encodeURIComponent(token)}`;
}

/** The path of a service request's status, as its customer opens it. */
export function statusLinkPath(token: string): string {
  return `/status/${encodeURIComponent(token)}`;
}

/** The path of a vehicle's page (here, not in the app's builders, because the server's mails link to them too). */
export function vehiclePath(vehicleId: string, view: VehicleView = 'profile'): string {
  return `/vehicle/${encodeURIComponent(vehicleId)}${VEHICLE_VIEW_PATHS[view]}`;
}

export function matchRoute(pathname: string): Route {
  if (pathname === '/') return { name: 'public-vehicles' };
  if (!pathname.startsWith('/')) return NOT_FOUND;
  // One trailing slash is tolerated everywhere; /vehicle and /vehicle/ both mean My Vehicles.
  const trimmed = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.slice(1).split('/');
  // Empty segments ('//') never name anything; refusing them keeps ids and hashes from being smuggled past checks.
  if (segments.includes('')) return NOT_FOUND;
  const [head, ...rest] = segments as [string, ...string[]];

  switch (head) {
    case 'vehicle':
      return matchVehicle(rest);
    case 'admin':
      return { name: 'admin', section: matchAdmin(rest) };
    case 'company':
      return { name: 'company', subPath: rest.join('/') };
    case 'my-account':
      return { name: 'my-account', subPath: rest.join('/') };
    case 'register':
      return matchRegister(rest);
    case 'recover_account':
      return matchRecover(rest);
    case 'help':
      return matchHelp(rest);
    case 'report':
      return rest.length === 1 && isLinkSecret(rest[0]) ? { name: 'shared-report', token: rest[0] } : NOT_FOUND;
    case 'transfer':
      return rest.length === 1 && isLinkSecret(rest[0]) ? { name: 'transfer', token: rest[0] } : NOT_FOUND;
    case 'status':
      return rest.length === 1 && isLinkSecret(rest[0]) ? { name: 'request-status', token: rest[0] } : NOT_FOUND;
  }
  if (rest.length > 0) return NOT_FOUND;
  if (UNDER_CONSTRUCTION.has(head)) return { name: 'under-construction', feature: head as UnderConstructionFeature };
  // Checked last: names such as 'networking' or 'register' are also 8–16 letters and must win over the resolver.
  if (isTagHash(head)) return { name: 'tag', hash: head };
  return NOT_FOUND;
}

function matchVehicle(rest: string[]): Route {
  const [vehicleId, ...sub] = rest;
  if (vehicleId === undefined) return { name: 'my-vehicles' };
  if (!isId(vehicleId)) return NOT_FOUND;
  const section = matchVehicleSection(sub);
  return section ? { name: 'vehicle', vehicleId, section } : NOT_FOUND;
}

function matchVehicleSection(sub: string[]): VehicleSection | null {
  const [first, second, ...more] = sub;
  if (more.length > 0) return null;
  if (first === undefined) return { view: 'profile' };
  if (second === undefined) return VEHICLE_VIEWS.has(first) ? { view: first as VehicleView } : null;
  if (first === 'request-services' && isId(second)) return { view: 'service-request', serviceRequestId: second };
  if (first === 'admin' && second === 'ownership') return { view: 'ownership' };
  return null;
}

function matchAdmin(rest: string[]): AdminSection {
  const [first, second, ...more] = rest;
  if (more.length > 0) return { view: 'not-found' };
  if (first === undefined) return { view: 'dashboard' };
  if (second === undefined) return ADMIN_VIEWS.has(first) ? { view: first as AdminView } : { view: 'not-found' };
  if (first === 'customers' && isId(second)) return { view: 'customer', customerId: second };
  if (first === 'users' && isId(second)) return { view: 'user', userId: second };
  return { view: 'not-found' };
}

function matchRegister(rest: string[]): Route {
  const [hash, ...more] = rest;
  if (hash === undefined) return { name: 'register', hash: null };
  if (more.length > 0 || !isTagHash(hash)) return NOT_FOUND;
  return { name: 'register', hash };
}

function matchRecover(rest: string[]): Route {
  if (rest.length !== 2) return NOT_FOUND;
  const hash = decodeSegment(rest[0]);
  const email = decodeSegment(rest[1]);
  if (!hash || !email) return NOT_FOUND;
  return { name: 'recover-account', hash, email };
}

function matchHelp(rest: string[]): Route {
  const [topic, ...more] = rest;
  if (more.length > 0) return NOT_FOUND;
  if (topic === undefined) return { name: 'help', topic: 'index' };
  if (topic === 'faq' || topic === 'about-us') return { name: 'help', topic };
  return NOT_FOUND;
}

/** Malformed escapes (a stray '%') come from hand-edited links; treat them as no value rather than throwing. */
function decodeSegment(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    const value = decodeURIComponent(segment);
    return value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}
