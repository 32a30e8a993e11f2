import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { normalizeEmail } from '../../src/domain/credentials.js';
import { isId } from '../../src/domain/ids.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { watchVehicle } from '../admin/watch.js';
import { loadUser } from '../accounts/users.js';
import { nameActor } from '../db/actor.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession } from '../rpc/session-context.js';
import { readableVehicle, vehicleNotFound } from './access.js';
import { vehicleAnswer } from './records.js';
import { lockVehicleOwner, setVehicleOwner, userByEmail } from './store.js';

export const NO_SUCH_ACCOUNT_MESSAGE = 'No account uses this email';
export const ALREADY_OWNER_MESSAGE = 'This account already owns the vehicle';

/** VehicleService (vehicle.proto): reads for devices that do not sync a vehicle, and the admins' ownership move. */
export function vehicleService(ctx: ServerContext): Partial<ServiceImpl<typeof VehicleService>> {
  return {
    async getVehicle(req, hctx) {
      const { vehicle, access, viewer } = await readableVehicle(ctx.db, hctx, req.vehicleId);
      // An admin working on a vehicle they do not own gets it whole on their device from now on (admin/watch.ts).
      if (access === 'admin' && viewer !== null && vehicle.user_id !== viewer) await watchVehicle(ctx.db, viewer, vehicle.id);
      return vehicleAnswer(ctx.db, vehicle, access, viewer);
    },

    async transferOwnership(req, hctx) {
      const { userId } = requireSession(hctx);
      // Checked before the vehicle is looked at: a non-admin learns nothing about which vehicles exist.
      if (!(await loadUser(ctx.db, userId))?.isAdmin) {
        throw new ConnectError('Only administrators can move a vehicle to another owner', Code.PermissionDenied);
      }
      const email = normalizeEmail(req.email);
      if (email === '') throw new ConnectError("Type the new owner's email", Code.InvalidArgument);
      if (!isId(req.vehicleId)) throw vehicleNotFound();
      return ctx.db.transaction(async (tx) => {
        const vehicle = await lockVehicleOwner(tx, req.vehicleId);
        if (vehicle === null) throw vehicleNotFound();
        const owner = await userByEmail(tx, email);
        if (owner === null) throw new ConnectError(NO_SUCH_ACCOUNT_MESSAGE, Code.NotFound);
        if (vehicle.user_id === owner.id) throw new ConnectError(ALREADY_OWNER_MESSAGE, Code.FailedPrecondition);
        // The history trigger records the move with this admin as its author.
        await nameActor(tx, userId);
        await setVehicleOwner(tx, req.vehicleId, owner.id);
        return { owner: { id: owner.id, displayName: owner.display_name, email: owner.email } };
      });
    },
  };
}
