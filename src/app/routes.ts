// The route table itself lives in src/domain/routes.ts (the server matches routes too); the app imports it from here.
import { isTagHash, TAG_BATCH_MAX } from '../domain/ids.js';
import { vehiclePath, type AdminView, type HelpTopic, type VehicleSection } from '../domain/routes.js';

export * from '../domain/routes.js';

// Builders for the paths other code links to. Every part is encoded, so a bad value yields a path that matches
// not-found instead of one that escapes into another route.

const enc = encodeURIComponent;

export const HOME_PATH = '/';
export const MY_VEHICLES_PATH = '/vehicle/';
export const MY_ACCOUNT_PATH = '/my-account';

export function serviceRequestPath(vehicleId: string, serviceRequestId: string): string {
  return `/vehicle/${enc(vehicleId)}/request-services/${enc(serviceRequestId)}`;
}

export function vehicleSectionPath(vehicleId: string, section: VehicleSection): string {
  return section.view === 'service-request'
    ? serviceRequestPath(vehicleId, section.serviceRequestId)
    : vehiclePath(vehicleId, section.view);
}

export function registerPath(hash?: string): string {
  return hash === undefined ? '/register' : `/register/${enc(hash)}`;
}

/** The query parameter listing tags to print as labels on /register: a vehicle's tag, or an admin's batch. */
export const TAGS_PARAM = 'tags';

export function tagLabelsPath(hashes: readonly string[]): string {
  return `/register?${TAGS_PARAM}=${hashes.map(enc).join(',')}`;
}

/** The tags a labels link names: well-formed hashes only, each once, at most a batch's worth. */
export function labelHashes(search: string): string[] {
  const raw = new URLSearchParams(search).get(TAGS_PARAM) ?? '';
  return [...new Set(raw.split(',').map((h) => h.trim()).filter(isTagHash))].slice(0, TAG_BATCH_MAX);
}

export function tagPath(hash: string): string {
  return `/${enc(hash)}`;
}

export function adminPath(view: AdminView = 'dashboard'): string {
  return view === 'dashboard' ? '/admin' : `/admin/${view}`;
}

export function adminCustomerPath(customerId: string): string {
  return `/admin/customers/${enc(customerId)}`;
}

export function adminUserPath(userId: string): string {
  return `/admin/users/${enc(userId)}`;
}

/** The company area: '' is the company's profile; employees, customers, customers/{id}, requests, services. */
export function companyPath(sub = ''): string {
  return sub === '' ? '/company' : `/company/${sub}`;
}

export function helpPath(topic: HelpTopic = 'index'): string {
  return topic === 'index' ? '/help' : `/help/${topic}`;
}

export function recoverAccountPath(hash: string, email: string): string {
  return `/recover_account/${enc(hash)}/${enc(email)}`;
}
