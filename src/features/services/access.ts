import type { AttachmentParty } from '../../domain/files.js';

// What the signed-in person may do with service requests, as the app offers it. The server decides again on every
// upload (server/writes/tables/service_requests.ts); these only keep the app from offering what it would refuse.

export interface Viewer {
  id: string;
  isAdmin: boolean;
  /** Companies the person works for now (the session's open links). */
  companyIds: ReadonlySet<string>;
  /** The company workspace chosen, or null (personal or unselected). */
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
 * SPEC §6 and issue 13: the vehicle's owner, admins (canRequestService), and employees working in the company
 * workspace of the company whose customer owns the vehicle. An employee of that company in another workspace is told
 * which workspace to switch to (switchTo).
 */
export function openAs(viewer: Viewer, vehicle: VehicleFacts): OpenAs {
  if (viewer.isAdmin) return { kind: 'admin' };
  if (vehicle.user_id === viewer.id) return { kind: 'owner' };
  const company = vehicle.customer_company_id;
  if (company !== null && viewer.companyIds.has(company)) {
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

/** Who may edit, reschedule, assign, move along or delete a request: owner, admin, or its company's employee. */
export function mayHandle(viewer: Viewer, vehicle: VehicleFacts, request: { company_id: string | null }): boolean {
  return viewer.isAdmin || vehicle.user_id === viewer.id || (request.company_id !== null && viewer.companyIds.has(request.company_id));
}

/** Where the viewer stands towards a request's files (src/domain/files.ts decides what that allows). */
export function requestFileParty(viewer: Viewer, vehicle: Pick<VehicleFacts, 'user_id'> | null, request: { company_id: string | null }): AttachmentParty {
  return {
    isAdmin: viewer.isAdmin,
    ownsVehicle: vehicle !== null && vehicle.user_id === viewer.id,
    staffOfRequest: request.company_id !== null && viewer.companyIds.has(request.company_id),
  };
}

/** Who may clock time on a request: its company's employees, and admins. */
export function mayClock(viewer: Viewer, request: { company_id: string | null }): boolean {
  return viewer.isAdmin || (request.company_id !== null && viewer.companyIds.has(request.company_id));
}

/** Admins stop other people's clocks (a worker who went home with it running). */
export function mayStopOthers(viewer: Viewer): boolean {
  return viewer.isAdmin;
}
