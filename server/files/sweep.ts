import type { FileStorage } from './files.js';
import { sweepUnreferencedFiles } from './files.js';
import { rememberGone, UNSTORED_BY_ADDER } from './gone-files.js';
import { PARTIAL_LIMITS } from './partials.js';

/** At most this many abandoned uploads per pass: a backlog goes over a few passes, never in one long transaction. */
const ABANDONED_PER_PASS = 1000;

export interface FileSweepReport {
  partials: number;
  abandonedUploads: number;
  emptyBuckets: number;
  unreferencedFiles: number;
}

/**
 * The file sweep (every few minutes, app.ts), in the order that lets each step see what the one before removed:
 * 1. partial bytes without a new byte for PARTIAL_LIMITS.idleMs;
 * 2. uploads abandoned by the same rule: a form file whose adder has not stored the file, added longer ago than that
 *    and without a byte since; then the unlocked buckets left empty that long;
 * 3. stored files nothing refers to any more, with their blobs — among them the rows of step 2's files.
 * Work no request waits on: it runs on the database's background connections.
 */
export async function sweepFiles(files: FileStorage, now: number): Promise<FileSweepReport> {
  const partials = await files.partials.sweepIdle(now);
  const { abandonedUploads, emptyBuckets } = await sweepAbandonedUploads(files, now);
  const unreferencedFiles = await sweepUnreferencedFiles(files);
  return { partials, abandonedUploads, emptyBuckets, unreferencedFiles };
}

/**
 * An upload nobody finishes would otherwise keep its rows for ever, synced to every device that sees what it is
 * attached to, and a client could grow them by adding files it never sends. The device, if it comes back, adds the
 * file again and sends it from the start (src/domain/uploadQueue.ts), as it does for partial bytes swept: each file
 * taken is remembered as swept (gone-files.ts), so the server tells it to add the file again rather than refusing it
 * as removed.
 */
async function sweepAbandonedUploads(files: FileStorage, now: number): Promise<{ abandonedUploads: number; emptyBuckets: number }> {
  const db = files.db.background;
  const idleSince = new Date(now - PARTIAL_LIMITS.idleMs);
  const candidates = await db.query<{ id: string; file_id: string; user_id: string | null }>(
    `select ff.id, ff.upload_bucket_file_id as file_id, ff.user_id from upload_form_files ff
      where ff.created_at < $1 and ff.upload_bucket_file_id is not null and ${UNSTORED_BY_ADDER}
      order by ff.created_at limit ${ABANDONED_PER_PASS}`,
    [idleSince],
  );
  const abandoned: string[] = [];
  for (const c of candidates) {
    const lastByte = c.user_id === null ? null : await files.partials.lastByteAt(c.file_id, c.user_id);
    if (lastByte === null || lastByte < idleSince.getTime()) abandoned.push(c.id);
  }
  const removed = abandoned.length === 0 ? 0 : await db.transaction(async (tx) => {
    // Each stored-file row is locked first: an upload being finalized holds it and is skipped, and one finalized
    // before is seen by the delete, which looks again with what has committed since.
    const free = await tx.query<{ id: string }>(
      `select ff.id from upload_form_files ff join bucket_files f on f.id = ff.upload_bucket_file_id
        where ff.id = any($1::text[]) for update of f skip locked`,
      [abandoned],
    );
    // No file can be stored meanwhile (its row is locked here), so what is remembered is what the delete takes.
    const ids = free.map((r) => r.id);
    await rememberGone(tx, ids, 'swept');
    const gone = await tx.query(`delete from upload_form_files ff where ff.id = any($1::text[]) and ${UNSTORED_BY_ADDER} returning 1`, [ids]);
    return gone.length;
  });
  const buckets = await db.transaction(async (tx) => {
    // The same for buckets: an add holds its bucket, and what it added has committed when the delete looks again.
    const emptied = `b.locked = 0 and b.created_at < $1 and not exists (select 1 from upload_form_files ff where ff.upload_form_id = b.id)`;
    const free = await tx.query<{ id: string }>(`select b.id from upload_buckets b where ${emptied} for update skip locked`, [idleSince]);
    if (free.length === 0) return 0;
    return (await tx.query(`delete from upload_buckets b where b.id = any($2::text[]) and ${emptied} returning 1`, [idleSince, free.map((r) => r.id)])).length;
  });
  return { abandonedUploads: removed, emptyBuckets: buckets };
}
