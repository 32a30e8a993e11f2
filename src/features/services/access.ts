import { mayClock as clocks, mayHandleRequest, mayOpenRequest, mayStopOthersClock, worksFor, type Actor } from '../../domain/access.js';
import type { AttachmentParty } from '../../domain/files.js';

// What the signed-in person may do with service requests, as the app offers it: the rules of src/domain/access.ts,
// which the server applies again to every upload, with the facts this device has. These only keep the app from
// offering what the server would refuse.

/** The signed-in person, with the company workspace they chose (null: personal or unselected). */
export interface Viewer extends Actor {
  workspaceCompanyId: string | null;
}

export interface VehicleFacts {
  user_id: string | null;
  /** The company whose customer owns the vehicle, when the device knows. */
  customer_company_id: string | null;
}

/** Who may open a request, and for which company (undefined: may not). */
export type OpenAs =
  | { kind: 'owner' }
  | { kind: 'admin' }
  | { kind: 'employee'; companyId: string }
  | { kind: 'none'; switchTo: string | null };

/**
 * As whom the viewer opens a request (mayOpenRequest): the vehicle's owner, admins, and employees of the company
 * whose customer owns the vehicle — the app asks them to work in that company's workspace, so an employee in
 * another workspace is told which one to switch to (switchTo).
 */
export function openAs(viewer: Viewer, vehicle: VehicleFacts): OpenAs {
  if (viewer.isAdmin) return { kind: 'admin' };
  const facts = { ownerId: vehicle.user_id, customerCompanyId: vehicle.customer_company_id };
  // Opening for no company at all is the owner's right alone (admins aside).
  if (mayOpenRequest(viewer, facts, null)) return { kind: 'owner' };
  const company = vehicle.customer_company_id;
  if (company !== null && mayOpenRequest(viewer, facts, company)) {
    return viewer.workspaceCompanyId === company ? { kind: 'employee', companyId: company } : { kind: 'none', switchTo: company };
  }
  return { kind: 'none', switchTo: null };
}

/**
 * The company an admin's new request starts with (they may pick another from the synced companies): the company
 * whose customer owns the vehicle — from the device's customer row, else as the server says, since customers are
 * not synced to admin devices — else the company of the vehicle's newest request, else none.
 */
export function adminCompanyGuess(known: {
  customerCompanyId: string | null;
  serverCustomerCompanyId: string | null;
  newestRequestCompanyId: string | null;
}): string | null {
  return known.customerCompanyId ?? known.serverCustomerCompanyId ?? known.newestRequestCompanyId;
}

/** Who may edit, reschedule, assign, move along or cancel a request (mayHandleRequest). */
export function mayHandle(viewer: Viewer, vehicle: VehicleFacts, request: { company_id: string | null }): boolean {
  return mayHandleRequest(viewer, vehicle.user_id, request.company_id);
}

/** Where the viewer stands towards a request's files (src/domain/files.ts decides what that allows). */
export function requestFileParty(viewer: Viewer, vehicle: Pick<VehicleFacts, 'user_id'> | null, request: { company_id: string | null }): AttachmentParty {
  return {
    isAdmin: viewer.isAdmin,
    ownsVehicle: vehicle !== null && vehicle.user_id === viewer.userId,
    staffOfRequest: worksFor(viewer, request.company_id),
  };
}

/** Who may clock time on a request (mayClock): its company's employees, and admins. */
export function mayClock(viewer: Viewer, request: { company_id: string | null }): boolean {
  return clocks(viewer, request.company_id);
}

/** Admins stop other people's clocks (mayStopOthersClock): a worker who went home with it running. */
export const mayStopOthers: (viewer: Viewer) => boolean = mayStopOthersClock;
