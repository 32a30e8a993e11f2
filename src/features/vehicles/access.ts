import type { VehicleView } from '../../app/routes.js';
import { isEmployedAt } from '../../domain/employment.js';
import type { AttachmentParty } from '../../domain/files.js';
import { atLeast, type VehicleAccess } from '../../domain/vehicleReaders.js';

/**
 * Who sees what of a vehicle (SPEC §6), as pure rules: the page, its menu and the tests share them. Access grows
 * from a visitor's ('public') to an admin's; 'none' means the vehicle is not theirs to see at all.
 */
export type Access = VehicleAccess;

export { atLeast };

/**
 * The caller's access: admins see every vehicle, owners theirs; an employee of a company servicing it sees it as
 * 'company' — known from the server's answer, or from this device's own synced rows (servicedHere), so a worker
 * opens a customer's vehicle offline; anyone else sees a vehicle only as its public profile.
 */
export function vehicleAccess(
  user: { id: string; isAdmin: boolean } | null,
  vehicle: { user_id: string | null } | null,
  serverAccess: Access | null,
  servicedHere = false,
): Access {
  if (vehicle === null) return 'none';
  if (user?.isAdmin) return 'admin';
  if (user !== null && vehicle.user_id === user.id) return 'owner';
  if (user !== null && (serverAccess === 'company' || servicedHere)) return 'company';
  return 'public';
}

/**
 * The server's rule for 'company' access, read from this device's synced rows: one of the companies servicing the
 * vehicle (data/servicingCompanies.ts) is one the user works for now (a link whose start has been reached and whose
 * end has not passed).
 */
export function servicedByEmployee(
  servicingCompanyIds: readonly string[],
  links: readonly { company_id: string; start_date: string | null; end_date: string | null }[],
  now: number,
): boolean {
  return links.some((link) => servicingCompanyIds.includes(link.company_id) && isEmployedAt(link.start_date, link.end_date, now));
}

/** Where the reader stands towards the files of the vehicle's photos and notes (src/domain/files.ts decides). */
export function fileParty(access: Access): AttachmentParty {
  return { isAdmin: access === 'admin', ownsVehicle: access === 'owner', staffOfRequest: false };
}

/** SPEC §6: the owner and admins edit a vehicle and see its menu. */
export function canEdit(access: Access): boolean {
  return atLeast(access, 'owner');
}

/** What each page of the area needs. Service pages are open to the company servicing the vehicle. */
export const SECTION_ACCESS: Record<VehicleView | 'service-request', Access> = {
  profile: 'public',
  info: 'company',
  'request-services': 'company',
  'service-request': 'company',
  notes: 'owner',
  'all-notes': 'owner',
  logbook: 'owner',
  'track-support': 'owner',
  ownership: 'admin',
};

/**
 * Whether a page is shown: a visitor who is not signed in is asked to sign in (they may be the owner); a signed-in
 * user without the access sees not-found, so an admin page never reveals even its heading.
 */
export type SectionGate = 'show' | 'sign-in' | 'not-found';

export function sectionGate(view: keyof typeof SECTION_ACCESS, access: Access, signedIn: boolean): SectionGate {
  if (access === 'none') return 'not-found';
  if (atLeast(access, SECTION_ACCESS[view])) return 'show';
  return signedIn ? 'not-found' : 'sign-in';
}

export type MenuEntryId = 'profile' | 'info' | 'show-qr-code' | 'services' | 'notes' | 'track-support' | 'ownership';

export interface MenuEntry {
  id: MenuEntryId;
  label: string;
  /** The page it opens; none for Show QR Code, which opens the full-screen code. */
  view: VehicleView | null;
}

/**
 * SPEC §2 side menu, in order: Profile, Info, Show QR Code (only while a tag is linked), Services, Notes, Track
 * Support, Ownership (admins only). Shown only to those who can edit; empty for everyone else.
 */
export function vehicleMenu(access: Access, hasTag: boolean): MenuEntry[] {
  if (!canEdit(access)) return [];
  const entries: MenuEntry[] = [
    { id: 'profile', label: 'Profile', view: 'profile' },
    { id: 'info', label: 'Info', view: 'info' },
  ];
  if (hasTag) entries.push({ id: 'show-qr-code', label: 'Show QR Code', view: null });
  entries.push(
    { id: 'services', label: 'Services', view: 'request-services' },
    { id: 'notes', label: 'Notes', view: 'notes' },
    { id: 'track-support', label: 'Track Support', view: 'track-support' },
  );
  if (access === 'admin') entries.push({ id: 'ownership', label: 'Ownership', view: 'ownership' });
  return entries;
}

/**
 * Whether the page must ask the server: always, unless this is the owner's own synced vehicle or a visitor's
 * synced public listing on its profile. Admins' devices do not sync every vehicle's records, and a signed-in
 * user may be the servicing company's employee, which only the server knows.
 */
export function needsServerRead(input: {
  hasLocalVehicle: boolean;
  isOwnerLocally: boolean;
  isAdmin: boolean;
  signedIn: boolean;
  view: keyof typeof SECTION_ACCESS;
}): boolean {
  if (input.isOwnerLocally) return false;
  if (!input.hasLocalVehicle || input.isAdmin) return true;
  return input.signedIn && input.view !== 'profile';
}
