import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { App, VehicleContentKind, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import type { ServerContext } from '../rpc/context.js';
import { readableVehicle } from './access.js';
import { profilePhotos, publicNotes } from './store.js';

/** The most items a profile lists, notes and photos together; notes take their places first. */
export const PROFILE_CONTENTS_MAX = 100;

/**
 * VehicleContentsService. The profile's contents are what its owner chose to show the public: the notes marked
 * public, as text items, newest first (position 0 is the newest), then the vehicle's photos in the order they were
 * added, as image items — only those whose adder stored their bytes, as downloads require (server/files/access.ts),
 * so every item can be downloaded and a file nobody finished there never shows. Whoever may see the vehicle
 * gets the same list: it is the public face of the vehicle.
 */
export function vehicleContentsService(ctx: ServerContext): Partial<ServiceImpl<typeof VehicleContentsService>> {
  return {
    async listVehicleContents(req, hctx) {
      const { vehicle } = await readableVehicle(ctx.db, hctx, req.vehicleId);
      if (req.app !== App.PROFILE) throw new ConnectError('Unknown app: only the profile has contents', Code.InvalidArgument);
      const notes = await publicNotes(ctx.db, vehicle.id, PROFILE_CONTENTS_MAX);
      const photos = await profilePhotos(ctx.db, vehicle.id, PROFILE_CONTENTS_MAX - notes.length);
      const texts = notes.map((n) => ({
        id: n.id,
        kind: VehicleContentKind.TEXT,
        body: n.body,
        createdAt: BigInt(n.created_at.getTime()),
        updatedAt: BigInt(n.updated_at.getTime()),
      }));
      const images = photos.map((p) => ({
        id: p.id,
        kind: VehicleContentKind.IMAGE,
        body: p.description ?? '',
        fileCombinedHash: p.filehash,
        fileName: p.filename ?? '',
        fileType: p.type,
        createdAt: BigInt(p.created_at.getTime()),
        updatedAt: BigInt(p.updated_at.getTime()),
      }));
      return { contents: [...texts, ...images].map((item, position) => ({ ...item, vehicleId: vehicle.id, position })) };
    },
  };
}
