import { Code, ConnectError } from '@connectrpc/connect';
import { VehicleService } from '../../../gen/tagbook/v1/vehicle_pb.js';
import { adminClient } from '../../../rpc/adminClients.js';
import { isOfflineError, serverMessage } from '../../../rpc/interceptors.js';
import { rpcClient } from '../../../rpc/transport.js';
import { requestRefresh, VEHICLE_NOT_FOUND } from './remote.js';

// The administrators' ownership move (the Ownership page), apart from the vehicle pages' reads: it needs the admin
// service's client, which no visitor's first page should download.

export type TransferResult =
  | { ok: true; owner: { id: string; displayName: string; email: string } }
  | { ok: false; reason: 'no-account' | 'already-owner' | 'vehicle-gone' | 'denied' | 'offline' | 'failed' };

type TransferFailure = Extract<TransferResult, { ok: false }>['reason'];

/**
 * Why an ownership call failed, in TransferResult's words: no network, no right, or the server's own refusal, which
 * `refusal` names for the codes its call gives a meaning (null: none). Anything but a call's failure is rethrown.
 */
function transferFailure(error: unknown, refusal: (error: ConnectError) => TransferFailure | null): { ok: false; reason: TransferFailure } {
  if (isOfflineError(error)) return { ok: false, reason: 'offline' };
  if (!(error instanceof ConnectError)) throw error;
  const refused = refusal(error);
  if (refused !== null) return { ok: false, reason: refused };
  switch (error.code) {
    case Code.PermissionDenied:
    case Code.Unauthenticated:
      return { ok: false, reason: 'denied' };
    case Code.Unavailable:
    case Code.Unknown:
      return { ok: false, reason: 'offline' };
    default:
      return { ok: false, reason: 'failed' };
  }
}

/**
 * Admins: the account a vehicle would move to, looked up before anyone is asked to confirm the move (the admin user
 * list, searched by the start of the email and kept to the exact address). The move itself checks again.
 */
export async function findNewOwner(email: string, currentOwnerId: string | null): Promise<TransferResult> {
  try {
    const res = await adminClient().listUsers({ query: email });
    const user = res.users.find((u) => u.email === email);
    if (user === undefined) return { ok: false, reason: 'no-account' };
    if (user.id === currentOwnerId) return { ok: false, reason: 'already-owner' };
    return { ok: true, owner: { id: user.id, displayName: user.displayName, email: user.email } };
  } catch (error) {
    return transferFailure(error, () => null);
  }
}

/** Admins: moves the vehicle to the account with this email (VehicleService.TransferOwnership); online only. */
export async function transferOwnership(vehicleId: string, email: string): Promise<TransferResult> {
  try {
    const res = await rpcClient(VehicleService).transferOwnership({ vehicleId, email });
    requestRefresh(vehicleId);
    const owner = res.owner;
    return { ok: true, owner: { id: owner?.id ?? '', displayName: owner?.displayName ?? '', email: owner?.email ?? email } };
  } catch (error) {
    return transferFailure(error, (refused) => {
      if (refused.code === Code.NotFound) return serverMessage(refused) === VEHICLE_NOT_FOUND ? 'vehicle-gone' : 'no-account';
      return refused.code === Code.FailedPrecondition ? 'already-owner' : null;
    });
  }
}
