import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { worksFor } from '../../src/domain/access.js';
import { mayAttach, type AttachmentParty, type AttachmentTarget } from '../../src/domain/files.js';
import type { Queryable } from '../db/db.js';
import { atLeast, readableVehicle } from '../vehicles/access.js';
import { loadActor } from '../db/actor.js';

/**
 * Who may attach files to what, and who may download a stored file (SPEC §6), by where they stand towards the thing
 * now (mayAttach, src/domain/files.ts): attaching is for those who may edit the thing — a vehicle's owner and admins
 * for its photos and notes; for a service request also the current employees of the request's company.
 * Downloading is for those who may see a thing the file is attached to (a public vehicle's photos are public; a
 * note's files follow the note). Having sent a file's bytes grants neither. Every "no" to a stranger is the same
 * not_found as for a thing that does not exist, so nothing can be probed.
 */

export const ATTACH_TARGET_NOT_FOUND = 'Nothing to attach files to: it does not exist or is not yours to edit';

const notFound = () => new ConnectError(ATTACH_TARGET_NOT_FOUND, Code.NotFound);

/** Where `userId` stands towards a target now; null when it does not exist (or was removed). */
async function partyTo(db: Queryable, userId: string, target: AttachmentTarget): Promise<AttachmentParty | null> {
  const actor = await loadActor(db, userId);
  const admin = actor?.isAdmin === true;
  if (target.kind === 'vehicle') {
    const [v] = await db.query<{ user_id: string | null }>('select user_id from vehicles where id = $1', [target.id]);
    return v === undefined ? null : { isAdmin: admin, ownsVehicle: v.user_id === userId, staffOfRequest: false };
  }
  if (target.kind === 'note') {
    const [n] = await db.query<{ owner: string | null }>(
      `select v.user_id as owner from vehicle_notes n join vehicles v on v.id = n.vehicle_id
        where n.id = $1 and n.deleted_at is null`,
      [target.id],
    );
    return n === undefined ? null : { isAdmin: admin, ownsVehicle: n.owner === userId, staffOfRequest: false };
  }
  const [r] = await db.query<{ company_id: string | null; owner: string | null }>(
    `select r.company_id, v.user_id as owner from service_requests r join vehicles v on v.id = r.vehicle_id
      where r.id = $1 and r.deleted_at is null`,
    [target.id],
  );
  return r === undefined ? null : { isAdmin: admin, ownsVehicle: r.owner === userId, staffOfRequest: worksFor(actor, r.company_id) };
}

/** Whether `userId` may attach files to the target now. */
export async function mayAttachTo(db: Queryable, userId: string, target: AttachmentTarget): Promise<boolean> {
  const party = await partyTo(db, userId, target);
  return party !== null && mayAttach(party);
}

/** Refuses, as not_found, a target `userId` may not attach files to. */
export async function requireAttach(db: Queryable, userId: string, target: AttachmentTarget): Promise<void> {
  if (!(await mayAttachTo(db, userId, target))) throw notFound();
}

async function maySeeTarget(db: Queryable, hctx: HandlerContext, viewer: string | null, kind: string, id: string): Promise<boolean> {
  // A request's files are for those who handle the request: its vehicle's owner, admins and its company's staff.
  if (kind === 'service_request') return viewer !== null && (await mayAttachTo(db, viewer, { kind, id }));
  const [row] =
    kind === 'vehicle'
      ? [{ vehicle_id: id, is_public: true, deleted: false }]
      : await db.query<{ vehicle_id: string; is_public: boolean; deleted: boolean }>(
          'select vehicle_id, is_public, deleted_at is not null as deleted from vehicle_notes where id = $1',
          [id],
        );
  if (row === undefined) return false;
  try {
    const { access } = await readableVehicle(db, hctx, row.vehicle_id);
    // A note's files are as visible as the note: its public face for public notes, the owner and admins otherwise.
    return kind === 'vehicle' || atLeast(access, 'owner') || (row.is_public && !row.deleted);
  } catch {
    return false;
  }
}

/**
 * Whether `viewer` may download the stored file: through a form file of someone who really sent its bytes (a
 * holder), attached to a thing the viewer may see now. Having sent the bytes oneself is no right to them: a former
 * owner or employee sees what anyone in their place sees.
 */
export async function mayDownload(db: Queryable, hctx: HandlerContext, viewer: string | null, fileId: string): Promise<boolean> {
  const links = await db.query<{ form_key: string }>(
    `select distinct b.form_key from upload_form_files ff
       join upload_buckets b on b.id = ff.upload_form_id
       join bucket_file_holders h on h.bucket_file_id = ff.upload_bucket_file_id and h.user_id = ff.user_id
      where ff.upload_bucket_file_id = $1`,
    [fileId],
  );
  for (const link of links) {
    const slash = link.form_key.indexOf('/');
    if (await maySeeTarget(db, hctx, viewer, link.form_key.slice(0, slash), link.form_key.slice(slash + 1))) return true;
  }
  return false;
}
