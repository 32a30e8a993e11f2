import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import type { AttachmentTarget } from '../../src/domain/files.js';
import type { Queryable } from '../db/db.js';
import { currentlyEmployed } from '../db/employment.js';
import { atLeast, readableVehicle } from './vehicle-access.js';

/**
 * Who may attach files to what, and who may download a stored file (SPEC §6): attaching is for those who may edit
 * the thing — a vehicle's owner and admins for its photos and notes; for a service request also the current
 * employees of the request's company. Downloading is for those who may see a thing the file is attached to (a
 * public vehicle's photos are public; a note's files follow the note). Every "no" is the same not_found as for a
 * thing that does not exist, so nothing can be probed.
 */

export const ATTACH_TARGET_NOT_FOUND = 'Nothing to attach files to: it does not exist or is not yours to edit';

export interface AttachScope {
  vehicleId: string;
  companyId: string | null;
}

const notFound = () => new ConnectError(ATTACH_TARGET_NOT_FOUND, Code.NotFound);

async function isAdmin(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.query<{ is_admin: boolean }>('select is_admin from users where id = $1', [userId]);
  return user?.is_admin === true;
}

async function worksFor(db: Queryable, userId: string, companyId: string | null): Promise<boolean> {
  if (companyId === null) return false;
  const rows = await db.query(
    `select 1 from company_employees e where e.user_id = $1 and e.company_id = $2 and ${currentlyEmployed('e')}`,
    [userId, companyId],
  );
  return rows.length > 0;
}

/** The vehicle (and company) a target belongs to, when `userId` may attach files to it; not_found otherwise. */
export async function attachScope(db: Queryable, userId: string, target: AttachmentTarget): Promise<AttachScope> {
  const admin = await isAdmin(db, userId);
  if (target.kind === 'vehicle') {
    const [v] = await db.query<{ user_id: string | null }>('select user_id from vehicles where id = $1', [target.id]);
    if (v === undefined || !(admin || v.user_id === userId)) throw notFound();
    return { vehicleId: target.id, companyId: null };
  }
  if (target.kind === 'note') {
    const [n] = await db.query<{ vehicle_id: string; owner: string | null }>(
      `select n.vehicle_id, v.user_id as owner from vehicle_notes n join vehicles v on v.id = n.vehicle_id
        where n.id = $1 and n.deleted_at is null`,
      [target.id],
    );
    if (n === undefined || !(admin || n.owner === userId)) throw notFound();
    return { vehicleId: n.vehicle_id, companyId: null };
  }
  const [r] = await db.query<{ vehicle_id: string; company_id: string | null; owner: string | null }>(
    `select r.vehicle_id, r.company_id, v.user_id as owner from service_requests r join vehicles v on v.id = r.vehicle_id
      where r.id = $1 and r.deleted_at is null`,
    [target.id],
  );
  if (r === undefined || !(admin || r.owner === userId || (await worksFor(db, userId, r.company_id)))) throw notFound();
  return { vehicleId: r.vehicle_id, companyId: r.company_id };
}

async function maySeeTarget(db: Queryable, hctx: HandlerContext, viewer: string | null, kind: string, id: string): Promise<boolean> {
  if (kind === 'service_request') {
    if (viewer === null) return false;
    try {
      await attachScope(db, viewer, { kind: 'service_request', id });
      return true;
    } catch {
      return false;
    }
  }
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
 * holder), attached to a thing the viewer may see — or because the viewer is such a holder.
 */
export async function mayDownload(db: Queryable, hctx: HandlerContext, viewer: string | null, fileId: string): Promise<boolean> {
  const links = await db.query<{ form_key: string; user_id: string }>(
    `select b.form_key, ff.user_id from upload_form_files ff
       join upload_buckets b on b.id = ff.upload_form_id
       join bucket_file_holders h on h.bucket_file_id = ff.upload_bucket_file_id and h.user_id = ff.user_id
      where ff.upload_bucket_file_id = $1`,
    [fileId],
  );
  if (viewer !== null && links.some((l) => l.user_id === viewer)) return true;
  const seen = new Set<string>();
  for (const link of links) {
    if (seen.has(link.form_key)) continue;
    seen.add(link.form_key);
    const slash = link.form_key.indexOf('/');
    if (await maySeeTarget(db, hctx, viewer, link.form_key.slice(0, slash), link.form_key.slice(slash + 1))) return true;
  }
  return false;
}
