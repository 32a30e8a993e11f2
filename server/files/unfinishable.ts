import { Code, ConnectError } from '@connectrpc/connect';
import { parseFormKey } from '../../src/domain/files.js';
import type { Queryable } from '../db/db.js';
import type { FileStorage } from './files.js';
import { mayAttachTo } from './access.js';
import { deleteFormFiles, deleteUnstoredFormFilesIn, formFilesAddedBy, hasAddedFile } from './store.js';

/**
 * Uploads that can never be finished where they were begun: the thing a bucket is attached to is no longer the
 * caller's to add files to (a vehicle sold, a job ended, the thing deleted). The upload service refuses work on such
 * a bucket for good (failed_precondition, final for the device: src/domain/uploadErrors.ts) and drops what the
 * caller left unfinished there, so nothing half-uploaded stays attached to what is no longer theirs.
 */

export const NO_LONGER_YOURS = 'You can no longer add files here: it was deleted, the vehicle has changed hands or your work on it has ended';

/** Whether the caller may still add files to what a bucket is attached to (a vehicle sold, a job ended: no). */
export async function stillAttachable(db: Queryable, userId: string, formKey: string | null): Promise<boolean> {
  const target = formKey === null ? null : parseFormKey(formKey);
  return target === null || (await mayAttachTo(db, userId, target));
}

/** The refusal of work on a bucket whose target the caller may no longer add files to: final for the device. */
export const noLongerYours = () => new ConnectError(NO_LONGER_YOURS, Code.FailedPrecondition);

/**
 * Drops what the caller left unfinished in a bucket — the files they added and never stored — with the bytes that
 * arrived for them, when it can never be finished there: nothing half-uploaded stays attached to a vehicle or request
 * that is no longer theirs (its devices would show a file nobody can fetch).
 */
export async function dropUnfinishedIn(files: FileStorage, userId: string, bucketId: string): Promise<void> {
  const dropped = await deleteUnstoredFormFilesIn(files.db, bucketId, userId);
  for (const fileId of new Set(dropped)) {
    // The same bytes may still be on their way to something the caller may add to: those stay.
    if (!(await hasAddedFile(files.db, fileId, userId))) await files.partials.remove(fileId, userId);
  }
}

/** Refuses, for good, work on a bucket the caller may no longer add to, once what they left unfinished is dropped. */
export async function requireStillAttached(files: FileStorage, userId: string, bucket: { id: string; form_key: string | null }): Promise<void> {
  if (await stillAttachable(files.db, userId, bucket.form_key)) return;
  await dropUnfinishedIn(files, userId, bucket.id);
  throw noLongerYours();
}

/**
 * Drops the caller's unfinished form files of a stored file that are attached to something they may no longer add
 * files to: they can never be finished there, and sending the bytes through another bucket must not finish them
 * either. Returns how many were dropped.
 */
export async function dropUnfinishable(db: Queryable, userId: string, fileId: string): Promise<number> {
  const stale: string[] = [];
  for (const row of await formFilesAddedBy(db, fileId, userId)) if (!(await stillAttachable(db, userId, row.form_key))) stale.push(row.id);
  if (stale.length > 0) await deleteFormFiles(db, stale);
  return stale.length;
}
