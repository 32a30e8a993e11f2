import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { App, VehicleContentKind, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import type { ServerContext } from './context.js';
import { readableVehicle } from './vehicle-access.js';

/** The most items a profile lists; the newest come first. */
export const PROFILE_CONTENTS_MAX = 100;

/**
 * VehicleContentsService. The profile's contents are what its owner chose to show the public: the notes marked
 * public, as text items, newest first (position 0 is the newest). Uploaded photos join them once vehicles have
 * uploads. Whoever may see the vehicle (SPEC §6) gets the same list: it is the public face of the vehicle.
 */
export function vehicleContentsService(ctx: ServerContext): Partial<ServiceImpl<typeof VehicleContentsService>> {
  return {
    async listVehicleContents(req, hctx) {
      const { vehicle } = await readableVehicle(ctx.db, hctx, req.vehicleId);
      if (req.app !== App.PROFILE) throw new ConnectError('Unknown app: only the profile has contents', Code.InvalidArgument);
      const notes = await ctx.db.query<{ id: string; body: string; created_at: Date; updated_at: Date }>(
        `select id, body, created_at, updated_at from vehicle_notes
          where vehicle_id = $1 and is_public and deleted_at is null
          order by created_at desc, id limit ${PROFILE_CONTENTS_MAX}`,
        [vehicle.id],
      );
      return {
        contents: notes.map((n, position) => ({
          id: n.id,
          vehicleId: vehicle.id,
          kind: VehicleContentKind.TEXT,
          body: n.body,
          position,
          createdAt: BigInt(n.created_at.getTime()),
          updatedAt: BigInt(n.updated_at.getTime()),
        })),
      };
    },
  };
}
