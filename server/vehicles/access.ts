import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { isId } from '../../src/domain/ids.js';
import { atLeast, type VehicleReader } from '../../src/domain/vehicleReaders.js';
import type { Queryable } from '../db/db.js';
import { servicingCompanies } from './servicing.js';
import { sessionSlot } from '../rpc/session-context.js';
import { loadActor } from '../db/actor.js';
import { vehicleReader } from '../../src/domain/access.js';
import { vehicleById, type VehicleRow } from './store.js';

/** The words and code of every vehicle RPC when the vehicle is missing or not the caller's to see. */
export const VEHICLE_NOT_FOUND_MESSAGE = 'Vehicle not found!';

export function vehicleNotFound(): ConnectError {
  return new ConnectError(VEHICLE_NOT_FOUND_MESSAGE, Code.NotFound);
}

/** How much of a vehicle a caller sees, weakest first (mirrors VehicleAccess in vehicle.proto). */
export type Access = VehicleReader;

/**
 * The vehicle and the caller's access to it; anything the caller may not see — no such vehicle, a malformed id, a
 * private vehicle of someone else — is the same not_found, so the answer never tells whether it exists.
 */
export async function readableVehicle(
  db: Queryable,
  hctx: HandlerContext,
  vehicleId: string,
): Promise<{ vehicle: VehicleRow; access: Access; viewer: string | null }> {
  if (!isId(vehicleId)) throw vehicleNotFound();
  const vehicle = await vehicleById(db, vehicleId);
  if (vehicle === null) throw vehicleNotFound();
  const viewer = sessionSlot(hctx).session?.userId ?? null;
  const access = await vehicleAccess(db, vehicle, viewer);
  if (access === null) throw vehicleNotFound();
  return { vehicle, access, viewer };
}

/**
 * The caller's access to a vehicle, or null when they may not see it: the reading rule of src/domain/access.ts
 * (vehicleReader) over the caller as the database knows them now and the companies servicing the vehicle (its
 * company_ids, server/vehicles/servicing.ts, as the sync rules read it). Every read of a vehicle a device does not hold
 * asks this.
 */
export async function vehicleAccess(
  db: Queryable,
  vehicle: Pick<VehicleRow, 'id' | 'user_id' | 'is_public'>,
  viewer: string | null,
): Promise<Access | null> {
  const actor = viewer === null ? null : await loadActor(db, viewer);
  const servicing = actor === null || actor.isAdmin ? [] : await servicingCompanies(db, vehicle.id);
  const reader = vehicleReader(actor, { ownerId: vehicle.user_id, isPublic: vehicle.is_public, servicingCompanyIds: servicing });
  return reader === 'none' ? null : reader;
}

/** Whether an access level includes another: the one order of src/domain/vehicleReaders.ts, as the app's. */
export { atLeast };
