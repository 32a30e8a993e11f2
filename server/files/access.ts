import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { worksFor } from '../../src/domain/access.js';
import { mayAttach, type AttachmentParty, type AttachmentTarget } from '../../src/domain/files.js';
import type { Queryable } from '../db/db.js';
import { atLeast, readableVehicle } from '../vehicles/access.js';
import { loadActor } from '../db/actor.js';
import { findLiveNoteOwner, findLiveRequestParties, findNoteVisibility, findVehicleOwner, formKeysOfHeldFile } from './store.js';

/**
 * Who may attach files to what, and who may download a stored file, by where they stand towards the thing
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
    const v = await findVehicleOwner(db, target.id);
    return v === undefined ? null : { isAdmin: admin, ownsVehicle: v.user_id === userId, staffOfRequest: false };
  }
  if (target.kind === 'note') {
    const n = await findLiveNoteOwner(db, target.id);
    return n === undefined ? null : { isAdmin: admin, ownsVehicle: n.owner === userId, staffOfRequest: false };
  }
  const r = await findLiveRequestParties(db, target.id);
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
  const row = kind === 'vehicle' ? { vehicle_id: id, is_public: true, deleted: false } : await findNoteVisibility(db, id);
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
  for (const formKey of await formKeysOfHeldFile(db, fileId)) {
    const slash = formKey.indexOf('/');
    if (await maySeeTarget(db, hctx, viewer, formKey.slice(0, slash), formKey.slice(slash + 1))) return true;
  }
  return false;
}
