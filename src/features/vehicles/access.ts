import type { VehicleView } from '../../app/routes.js';
import { mayEditVehicle, vehicleReader, type Actor } from '../../domain/access.js';
import { isEmployedAt } from '../../domain/employment.js';
import type { AttachmentParty } from '../../domain/files.js';
import { atLeast, type VehicleAccess } from '../../domain/vehicleReaders.js';

/**
 * What the vehicle pages offer to whom: the reading rule of src/domain/access.ts (vehicleReader) over what this
 * device knows, and the pages and menu entries each access opens. Access grows from a visitor's ('public') to an
 * admin's; 'none' means the vehicle is not theirs to see at all.
 */
export type Access = VehicleAccess;

export { atLeast };

/** The signed-in user as the rules take them, with the companies their synced links make them work for now. */
export function actorFromLinks(
  user: { id: string; isAdmin: boolean },
  links: readonly { company_id: string; start_date: string | null; end_date: string | null }[],
  now: number,
): Actor {
  const current = links.filter((link) => isEmployedAt(link.start_date, link.end_date, now)).map((link) => link.company_id);
  return { userId: user.id, isAdmin: user.isAdmin, companyIds: new Set(current) };
}

/**
 * The caller's access to a vehicle this device shows (held locally or answered by the server, so at least its public
 * profile): vehicleReader over the companies this device's synced rows say service it, so a worker opens a
 * customer's vehicle offline. Only the server knows every company servicing a vehicle: its 'company' answer stands
 * for rows this device does not hold. No other answer of the server's is taken on trust (a cached 'admin' outlives
 * a cleared flag).
 */
export function vehicleAccess(
  actor: Actor | null,
  vehicle: { user_id: string | null } | null,
  serverAccess: Access | null,
  servicingCompanyIds: readonly string[] = [],
): Access {
  if (vehicle === null) return 'none';
  const reader = vehicleReader(actor, { ownerId: vehicle.user_id, isPublic: true, servicingCompanyIds });
  return reader === 'public' && actor !== null && serverAccess === 'company' ? 'company' : reader;
}

/** Where the reader stands towards the files of the vehicle's photos and notes (src/domain/files.ts decides). */
export function fileParty(access: Access): AttachmentParty {
  return { isAdmin: access === 'admin', ownsVehicle: access === 'owner', staffOfRequest: false };
}

/** The owner and admins edit a vehicle and see its menu (mayEditVehicle). */
export const canEdit: (access: Access) => boolean = mayEditVehicle;

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
  maintenance: 'owner',
  messages: 'owner',
  report: 'owner',
  transfer: 'owner',
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

export type MenuEntryId =
  | 'profile'
  | 'info'
  | 'show-qr-code'
  | 'services'
  | 'notes'
  | 'track-support'
  | 'maintenance'
  | 'messages'
  | 'report'
  | 'transfer'
  | 'ownership';

export interface MenuEntry {
  id: MenuEntryId;
  label: string;
  /** The page it opens; none for Show QR Code, which opens the full-screen code. */
  view: VehicleView | null;
}

/**
 * The side menu, in order: Profile, Info, Show QR Code (only while a tag is linked), Services, Notes, Track
 * Support, Maintenance (odometer and reminders), Messages (what visitors sent through the tag), History report,
 * Transfer (its owner only: mayTransferVehicle), Ownership (admins only). Shown only to those who can edit; empty
 * for everyone else.
 */
export function vehicleMenu(access: Access, hasTag: boolean, ownsIt = access === 'owner'): MenuEntry[] {
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
    { id: 'maintenance', label: 'Maintenance', view: 'maintenance' },
    { id: 'messages', label: 'Messages', view: 'messages' },
    { id: 'report', label: 'History report', view: 'report' },
  );
  if (ownsIt) entries.push({ id: 'transfer', label: 'Transfer', view: 'transfer' });
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
