import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { IMAGE_TYPES, formKey } from '../../src/domain/files.js';
import { FileState } from '../../src/gen/tagbook/v1/upload_pb.js';
import { App, VehicleContentKind, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import type { ServerContext } from '../rpc/context.js';
import { readableVehicle } from './access.js';

/** The most items a profile lists, notes and photos together; notes take their places first. */
export const PROFILE_CONTENTS_MAX = 100;

/**
 * VehicleContentsService. The profile's contents are what its owner chose to show the public: the notes marked
 * public, as text items, newest first (position 0 is the newest), then the vehicle's photos in the order they were
 * added, as image items — only those whose adder stored their bytes, as downloads require (server/files/access.ts),
 * so every item can be downloaded and a file nobody finished there never shows. Whoever may see the vehicle
 * (SPEC §6) gets the same list: it is the public face of the vehicle.
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
      const photos = await ctx.db.query<{ id: string; filehash: string; type: string; filename: string | null; description: string | null; created_at: Date; updated_at: Date }>(
        `select ff.id, bf.filehash, bf.type, ff.filename, ff.description, ff.created_at, ff.updated_at
           from upload_form_files ff
           join upload_buckets b on b.id = ff.upload_form_id
           join bucket_files bf on bf.id = ff.upload_bucket_file_id
           join bucket_file_holders h on h.bucket_file_id = bf.id and h.user_id = ff.user_id
          where b.form_key = $1 and bf.state = ${FileState.DOWNLOADED_OK} and bf.type = any($2::text[])
          order by ff.created_at, ff.sort_order, ff.id limit $3`,
        [formKey({ kind: 'vehicle', id: vehicle.id }), IMAGE_TYPES, PROFILE_CONTENTS_MAX - notes.length],
      );
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
