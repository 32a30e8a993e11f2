import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import { isId, isTagHash, newTagHash, TAG_BATCH_MAX, TAG_HASH_DEFAULT_LENGTH, TAG_HASH_MIN } from '../../src/domain/ids.js';
import { ErrorCorrection, QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { loadActor, nameActor } from '../db/actor.js';
import { mayManageTags, mayReplaceTag } from '../../src/domain/access.js';
import type { Queryable } from '../db/db.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession, sessionSlot } from '../rpc/session-context.js';
import { vehicleAccess, vehicleNotFound } from '../vehicles/access.js';
import { vehicleById } from '../vehicles/store.js';
import { anyTagExists, insertTagIfAbsent, lockTags, swapTags, tagExists, tagByCode } from './store.js';

/** The words shown for a tag id that is taken. */
export const TAG_EXISTS_MESSAGE = 'QR code already exists';

/**
 * A higher error-correction level spends the code's room on redundancy, so it gets the shortest hash the resolver
 * accepts; otherwise the default length, which keeps random hashes unguessable.
 */
export function randomHashLength(level: ErrorCorrection): number {
  return level === ErrorCorrection.QUARTILE || level === ErrorCorrection.HIGH ? TAG_HASH_MIN : TAG_HASH_DEFAULT_LENGTH;
}

/** The caller, who must be one who creates and changes tags (mayManageTags: administrators). */
async function requireTagManager(ctx: ServerContext, hctx: HandlerContext, what: string): Promise<string> {
  const { userId } = requireSession(hctx);
  if (!mayManageTags(await loadActor(ctx.db, userId))) throw new ConnectError(`Only administrators can ${what}`, Code.PermissionDenied);
  return userId;
}

/** A hash no tag uses yet. Collisions are astronomically rare at these lengths; a few tries bound the loop. */
async function freshHash(db: Queryable, length: number, taken: ReadonlySet<string>): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const hash = newTagHash(length);
    if (taken.has(hash)) continue;
    if (!(await tagExists(db, hash))) return hash;
  }
  throw new ConnectError('Could not find a free tag hash; try again', Code.Unavailable);
}

/** QrTagService (qr_tag.proto). Who owns a tag is decided by sync uploads (the claim); this service reads, creates and swaps. */
export function qrTagService(ctx: ServerContext): Partial<ServiceImpl<typeof QrTagService>> {
  return {
    async getRandom(req, hctx) {
      await requireTagManager(ctx, hctx, 'create tags');
      return { hash: await freshHash(ctx.db, randomHashLength(req.errorCorrection), new Set()) };
    },

    async resolve(req, hctx) {
      if (!isTagHash(req.hash)) throw new ConnectError('A tag hash is 8 to 16 letters or digits', Code.InvalidArgument);
      const tag = await tagByCode(ctx.db, req.hash);
      if (tag === null) return { status: TagStatus.NOT_FOUND };
      if (tag.replaced_at !== null && tag.target_id === null) return { status: TagStatus.REPLACED, hash: tag.id };
      if (tag.target_id === null) return { status: TagStatus.UNCLAIMED, hash: tag.id };
      // Anonymous callers are welcome; the tag opens the vehicle for whoever GetVehicle lets see it.
      const viewer = sessionSlot(hctx).session?.userId ?? null;
      const vehicle = { id: tag.target_id, user_id: tag.user_id, is_public: tag.is_public === true };
      if ((await vehicleAccess(ctx.db, vehicle, viewer)) === null) return { status: TagStatus.PRIVATE_VEHICLE, hash: tag.id };
      return { status: TagStatus.VEHICLE, vehicleId: tag.target_id, targetPath: '/vehicle', hash: tag.id };
    },

    async replaceTag(req, hctx) {
      const { userId } = requireSession(hctx);
      if (!isId(req.vehicleId)) throw vehicleNotFound();
      if (!isTagHash(req.oldHash) || !isTagHash(req.newHash)) throw new ConnectError('A tag hash is 8 to 16 letters or digits', Code.InvalidArgument);
      const vehicle = await vehicleById(ctx.db, req.vehicleId);
      if (vehicle === null || !mayReplaceTag(await loadActor(ctx.db, userId), vehicle.user_id)) throw vehicleNotFound();
      const found = await tagByCode(ctx.db, req.newHash);
      if (found === null) throw new ConnectError(`No tag reads ${req.newHash}: check the code on the new sticker`, Code.NotFound);
      if (found.id === req.oldHash) throw new ConnectError('That is the tag being replaced: type the new sticker’s code', Code.InvalidArgument);
      await ctx.db.transaction(async (tx) => {
        await nameActor(tx, userId);
        const tags = await lockTags(tx, [req.oldHash, found.id]);
        if (tags.get(req.oldHash)?.target_id !== vehicle.id) throw new ConnectError(`Tag ${req.oldHash} is not this vehicle’s`, Code.FailedPrecondition);
        const fresh = tags.get(found.id)!;
        if (fresh.target_id !== null || fresh.replaced_at !== null) throw new ConnectError(`Tag ${found.id} is not free`, Code.FailedPrecondition);
        await swapTags(tx, req.oldHash, found.id, vehicle.id);
      });
      return { hash: found.id };
    },

    async createTags(req, hctx) {
      const userId = await requireTagManager(ctx, hctx, 'create tags');
      const given = req.hashes;
      if (given.length > TAG_BATCH_MAX || (given.length === 0 && (req.count < 1 || req.count > TAG_BATCH_MAX))) {
        throw new ConnectError(`Create 1 to ${TAG_BATCH_MAX} tags at a time`, Code.InvalidArgument);
      }
      if (given.some((hash) => !isTagHash(hash))) {
        throw new ConnectError('A tag hash is 8 to 16 letters or digits', Code.InvalidArgument);
      }
      if (new Set(given).size !== given.length) throw new ConnectError('A hash is listed twice', Code.InvalidArgument);
      return ctx.db.transaction(async (tx) => {
        const hashes: string[] = [];
        if (given.length > 0) {
          if (await anyTagExists(tx, given)) throw new ConnectError(TAG_EXISTS_MESSAGE, Code.AlreadyExists);
          hashes.push(...given);
        } else {
          const made = new Set<string>();
          for (let i = 0; i < req.count; i++) made.add(await freshHash(tx, TAG_HASH_DEFAULT_LENGTH, made));
          hashes.push(...made);
        }
        for (const hash of hashes) {
          // A tag made between the check and here (another admin, same hash) fails the primary key: told the same way.
          if (!(await insertTagIfAbsent(tx, hash, userId))) throw new ConnectError(TAG_EXISTS_MESSAGE, Code.AlreadyExists);
        }
        return { hashes };
      });
    },
  };
}
