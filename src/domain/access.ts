import { isManagingType } from './company.js';
import { atLeast, type VehicleAccess } from './vehicleReaders.js';

/**
 * Who may do what, once, as pure rules over plain facts. The app asks them to decide what to offer, the server's
 * handlers and its upload policy to decide what to allow, each loading the same facts from where it stands (this
 * device's synced rows, or the database now). sync-rules.yaml is the data-side statement of the read rules;
 * tests/server/access-rules.test.ts holds the predicates, the server's answers and the synced rows to one table of
 * cases, caller by caller.
 */

/** The person asking, as known now. A visitor who has not signed in is `null` wherever an actor is taken. */
export interface Actor {
  userId: string;
  isAdmin: boolean;
  /** The companies the person works for right now: a link whose start has come and whose end has not, of a company not deleted. */
  companyIds: ReadonlySet<string>;
}

/** What the rules that are administrators' alone need to know of the actor. */
export type AdminFlag = Pick<Actor, 'isAdmin'>;

/** Whether the actor works right now for the company (a company id; anything else is nobody's company). */
export function worksFor(actor: Actor | null, companyId: unknown): boolean {
  return actor !== null && typeof companyId === 'string' && actor.companyIds.has(companyId);
}

/** What the rules need to know of a vehicle. */
export interface VehicleFacts {
  /** The owner's account; null for a vehicle nobody owns. */
  ownerId: string | null;
  isPublic: boolean;
  /**
   * The companies servicing it: each with a request on it that is not deleted, and the company whose customer (not
   * deleted) its Info names (the database keeps the list on the vehicle as company_ids).
   */
  servicingCompanyIds: readonly string[];
}

const owns = (actor: Actor | null, ownerId: string | null | undefined): actor is Actor =>
  actor !== null && ownerId !== null && ownerId !== undefined && ownerId === actor.userId;

/**
 * How the actor sees a vehicle: administrators every vehicle whole; its owner theirs; a current employee of a company
 * servicing it as that company ('company': its name and the shop's part of its Info); anyone a public vehicle's
 * profile; nobody else at all ('none').
 */
export function vehicleReader(actor: Actor | null, vehicle: VehicleFacts): VehicleAccess {
  if (actor?.isAdmin) return 'admin';
  if (owns(actor, vehicle.ownerId)) return 'owner';
  if (vehicle.servicingCompanyIds.some((id) => worksFor(actor, id))) return 'company';
  return vehicle.isPublic ? 'public' : 'none';
}

/** Edit a vehicle's profile, its notes and track sessions, open its menu: its owner and administrators. */
export function mayEditVehicle(access: VehicleAccess): boolean {
  return atLeast(access, 'owner');
}

/**
 * The same rule where the caller's access is not loaded (a write): the vehicle's owner — the owner it has, or would
 * have after the write, so a new vehicle is one's own and only an administrator gives one to someone else — and
 * administrators.
 */
export function mayWriteVehicle(actor: Actor | null, ownerId: string | null | undefined): boolean {
  return mayEditVehicle(vehicleReader(actor, { ownerId: ownerId ?? null, isPublic: false, servicingCompanyIds: [] }));
}

/** Edit a vehicle's Info, change who owns a vehicle, delete one: administrators only. */
export function mayAdministerVehicle(actor: AdminFlag | null): boolean {
  return actor?.isAdmin === true;
}

/** Write a note or a track session on a vehicle: its owner (as themselves) and administrators. */
export function mayWriteVehicleRecord(actor: Actor | null, vehicleOwnerId: string | null | undefined): boolean {
  return mayWriteVehicle(actor, vehicleOwnerId);
}

/**
 * Open a service request on a vehicle for a company (or none): the vehicle's owner, for any company; administrators;
 * a current employee of the company whose customer owns the vehicle, for that company. A company servicing the
 * vehicle only because an administrator moved a request to it handles that request, but does not start more work
 * on someone else's vehicle unasked.
 */
export function mayOpenRequest(
  actor: Actor | null,
  vehicle: { ownerId: string | null | undefined; customerCompanyId: string | null },
  companyId: string | null,
): boolean {
  if (actor?.isAdmin || owns(actor, vehicle.ownerId)) return true;
  return companyId !== null && companyId === vehicle.customerCompanyId && worksFor(actor, companyId);
}

/** Edit, reschedule, assign, move along or cancel a request: the vehicle's owner, administrators, the request's company's employees. */
export function mayHandleRequest(actor: Actor | null, vehicleOwnerId: string | null | undefined, requestCompanyId: string | null): boolean {
  return actor?.isAdmin === true || owns(actor, vehicleOwnerId) || worksFor(actor, requestCompanyId);
}

/** Move a request to another company, or delete one outright: administrators only. */
export function mayMoveRequest(actor: AdminFlag | null): boolean {
  return actor?.isAdmin === true;
}

/** Run one's own clock on a request: whoever works in the request's company's area. */
export function mayClock(actor: Actor | null, requestCompanyId: string | null): boolean {
  return mayWorkInCompany(actor, requestCompanyId);
}

/**
 * Record the odometer of a vehicle at a service request, as the shop reads it when the work is done: whoever may
 * work on the request (mayClock). The reading is the vehicle owner's from then on, like their own.
 */
export function mayReadOdometerAtService(actor: Actor | null, requestCompanyId: string | null): boolean {
  return mayClock(actor, requestCompanyId);
}

/** Stop someone else's running clock (a worker who went home with it running), correct or delete work time: administrators. */
export function mayStopOthersClock(actor: AdminFlag | null): boolean {
  return actor?.isAdmin === true;
}

/** Work in a company's area — read it, write its customers: its current employees, and administrators. */
export function mayWorkInCompany(actor: Actor | null, companyId: string | null): boolean {
  return actor?.isAdmin === true || worksFor(actor, companyId);
}

/**
 * Change a company's services and staff: administrators, and its current employees whose link is of a managing
 * type (owner, manager); `linkTypes` are the types of the actor's current links with that company.
 */
export function mayManageCompany(actor: Actor | null, linkTypes: readonly string[]): boolean {
  return actor?.isAdmin === true || (actor !== null && linkTypes.some(isManagingType));
}

/** Create, rename or remove companies and who works for them: administrators. */
export function mayManageCompanies(actor: AdminFlag | null): boolean {
  return actor?.isAdmin === true;
}

/**
 * Restore a soft-deleted company or service request (both read-only while deleted), changing it further in the same
 * write: administrators.
 */
export function mayRestore(actor: AdminFlag | null): boolean {
  return actor?.isAdmin === true;
}

/** Use an upload bucket (add files, lock it, read what it holds): the person who made it; administrators anyone's. */
export function mayUseBucket(actor: Actor | null, bucketOwnerId: string | null | undefined): boolean {
  return actor?.isAdmin === true || owns(actor, bucketOwnerId);
}

/** Claim a free tag: for a vehicle of one's own. */
export function mayClaimTag(actor: Actor | null, vehicleOwnerId: string | null | undefined): boolean {
  return owns(actor, vehicleOwnerId);
}

/**
 * Create tags, point one elsewhere or delete one (beyond the claim of a free tag): administrators. A tag is created
 * once: one that exists, claimed or not, is not offered for creating again.
 */
export function mayManageTags(actor: AdminFlag | null): boolean {
  return actor?.isAdmin === true;
}

/**
 * Hand a vehicle to a new owner, or cancel that while it waits: its owner only. An administrator moves vehicles
 * outright on the Ownership page (mayAdministerVehicle) and never starts a transfer in the owner's name.
 */
export function mayTransferVehicle(actor: Actor | null, vehicleOwnerId: string | null | undefined): boolean {
  return owns(actor, vehicleOwnerId);
}

/**
 * Accept a transfer: the account that signs in with the email it was sent to, and no other — holding its link is
 * not enough. Both emails are normalized (src/domain/credentials.ts) before they reach this rule.
 */
export function mayAcceptTransfer(account: { email: string } | null, sentTo: string): boolean {
  return account !== null && account.email !== '' && account.email === sentTo;
}

/** Share a vehicle's history report by link, or revoke such a link: those who may edit the vehicle. */
export function mayShareReport(access: VehicleAccess): boolean {
  return mayEditVehicle(access);
}

/**
 * Replace a vehicle's tag with a free one (a damaged or lost sticker): those who may edit the vehicle — its owner and
 * administrators. The old tag then opens nothing and cannot be claimed.
 */
export function mayReplaceTag(actor: Actor | null, vehicleOwnerId: string | null | undefined): boolean {
  return mayWriteVehicle(actor, vehicleOwnerId);
}

/**
 * Give a request's customer a link to its status, or revoke one: whoever works in the request's company's area (its
 * current employees, administrators). The vehicle's owner reads the request itself.
 */
export function mayShareRequestStatus(actor: Actor | null, requestCompanyId: string | null): boolean {
  return requestCompanyId !== null && mayWorkInCompany(actor, requestCompanyId);
}
