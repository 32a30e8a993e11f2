import type { Queryable } from '../db/db.js';

/**
 * Why a file left its bucket before its adder stored it (migration 0022): the file sweep took it after a week without
 * a byte (sweep.ts), or a person removed it. The adder's device may still be sending it, and the two must end
 * differently: a swept file is our own housekeeping, so the device adds it again and nothing the person attached is
 * lost; a removed one stays removed, whatever a device still sending it asks. A bucket that simply no longer lists a
 * file cannot say which, so each is kept here until the device adds it again (swept) or for good (removed), bounded
 * per user (db/retention.ts).
 */

/** SQL over `ff` (upload_form_files): its adder has not stored the file, so a device of theirs may still send it. */
export const UNSTORED_BY_ADDER =
  'not exists (select 1 from bucket_file_holders h where h.bucket_file_id = ff.upload_bucket_file_id and h.user_id = ff.user_id)';

/** SQL over `b` (upload_buckets): no file the sweep took from the bucket may still come back to it. */
export const NONE_TO_COME_BACK = 'not exists (select 1 from gone_form_files g where g.upload_form_id = b.id and g.swept)';

/**
 * Records the form files among `ids` that their adder has not stored, in the transaction that deletes them, before
 * it does: swept (they come back) or removed (they do not). A removal overrides an earlier sweep of the same file.
 */
export async function rememberGone(tx: Queryable, ids: readonly string[], how: 'swept' | 'removed'): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `insert into gone_form_files (id, user_id, upload_form_id, form_key, vehicle_id, file_hash, swept)
     select ff.id, ff.user_id, ff.upload_form_id, b.form_key, ff.vehicle_id, coalesce(ff.file_hash, f.filehash), $2
       from upload_form_files ff
       join upload_buckets b on b.id = ff.upload_form_id
       left join bucket_files f on f.id = ff.upload_bucket_file_id
      where ff.id = any($1::text[]) and ff.user_id is not null and coalesce(ff.file_hash, f.filehash) is not null and ${UNSTORED_BY_ADDER}
     on conflict (id) do update set user_id = excluded.user_id, upload_form_id = excluded.upload_form_id, form_key = excluded.form_key,
       vehicle_id = excluded.vehicle_id, file_hash = excluded.file_hash, swept = excluded.swept, gone_at = now()`,
    [ids, how === 'swept'],
  );
}

/**
 * A person removes a form file (a sync DELETE, allowed by the removal rule): one its adder had not stored, or one the
 * sweep took before the removal arrived, is never added back.
 */
export async function rememberRemoval(tx: Queryable, id: string): Promise<void> {
  await rememberGone(tx, [id], 'removed');
  await tx.query('update gone_form_files set swept = false, gone_at = now() where id = $1 and swept', [id]);
}

/**
 * A form file the sweep took, as the row it was, for the removal rule (its bucket may be gone: form_key says what it
 * was attached to); null when the sweep took none of that id. Locked until the caller's transaction ends.
 */
export async function sweptFormFile(tx: Queryable, id: string): Promise<Record<string, string | null> | null> {
  const [row] = await tx.query<{ id: string; upload_form_id: string; user_id: string; vehicle_id: string | null; form_key: string | null }>(
    'select id, upload_form_id, user_id, vehicle_id, form_key from gone_form_files where id = $1 and swept for update',
    [id],
  );
  return row ?? null;
}

/** Whether the sweep took this file of the caller's from this bucket: their device is to add it again. */
export async function wasSwept(db: Queryable, userId: string, bucketId: string, combinedHash: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from gone_form_files where upload_form_id = $1 and user_id = $2 and file_hash = $3 and swept limit 1',
    [bucketId, userId, combinedHash],
  );
  return rows.length > 0;
}

/** Whether a person removed this form file of the caller's before they stored it: it is never added back. */
export async function wasRemoved(db: Queryable, userId: string, formFileId: string): Promise<boolean> {
  return (await db.query('select 1 from gone_form_files where id = $1 and user_id = $2 and not swept', [formFileId, userId])).length > 0;
}

/** The form file is in its bucket again (its device added it back after the sweep): what was kept of it goes. */
export async function forgetGone(tx: Queryable, formFileId: string): Promise<void> {
  await tx.query('delete from gone_form_files where id = $1', [formFileId]);
}
