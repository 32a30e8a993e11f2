import { newId } from '../../src/domain/ids.js';
import { FileState } from '../../src/gen/tagbook/v1/upload_pb.js';
import type { Queryable } from '../db/db.js';
import { NONE_TO_COME_BACK, UNSTORED_BY_ADDER } from './gone-files.js';

/**
 * What the Upload service, the file routes and the file access rules read and write in the database: buckets
 * (upload_buckets), the stored files named by their combined hash (bucket_files), the form files that attach a stored
 * file to a bucket for the person who added it (upload_form_files), and who has sent a file's bytes
 * (bucket_file_holders). Every function runs on the Queryable it is given, so a caller's transaction stays one.
 */

export type BucketRow = {
  id: string;
  locked: number;
  user_id: string | null;
  form_key: string | null;
};

export type FileRow = {
  id: string;
  filehash: string;
  type: string | null;
  filesize: string | number | null;
  state: number;
  file_hash: string | null;
  blob_key: string | null;
  extension: string | null;
  metadata_hash: string | null;
};

/** A form file as the add checks a reused form file id against: its bucket, its file's combined hash, its adder. */
export type FormFileRow = { upload_form_id: string; combined: string; user_id: string };

/** A stored file as its signed URLs serve it, with the name it was first added under. */
export type UrlFileRow = { filesize: string | number; state: number; blob_key: string | null; type: string | null; filename: string | null };

// Buckets

/** The bucket by id, or undefined; with `forUpdate`, locked until the caller's transaction ends. */
export async function findBucket(db: Queryable, bucketId: string, forUpdate = false): Promise<BucketRow | undefined> {
  const [bucket] = await db.query<BucketRow>(
    `select id, locked, user_id, form_key from upload_buckets where id = $1${forUpdate ? ' for update' : ''}`,
    [bucketId],
  );
  return bucket;
}

/** Makes an open bucket of `userId`'s attached to `formKey`, and answers it as it now stands. */
export async function createBucket(tx: Queryable, bucketId: string, userId: string, formKey: string): Promise<BucketRow> {
  await tx.query('insert into upload_buckets (id, locked, user_id, form_key) values ($1, 0, $2, $3)', [bucketId, userId, formKey]);
  return { id: bucketId, locked: 0, user_id: userId, form_key: formKey };
}

/**
 * Locks the buckets holding `fileId` once every file in them has been stored by its uploader, and no file the sweep
 * took from them may still come back (a locked bucket takes no file, and that one's device adds it again).
 */
export async function lockCompleteBuckets(db: Queryable, fileId: string): Promise<void> {
  await db.query(
    `update upload_buckets b set locked = 1
      where b.locked = 0
        and b.id in (select upload_form_id from upload_form_files where upload_bucket_file_id = $1)
        and not exists (select 1 from upload_form_files ff where ff.upload_form_id = b.id and ${UNSTORED_BY_ADDER})
        and ${NONE_TO_COME_BACK}`,
    [fileId],
  );
}

// Stored files

/** The stored file with this combined hash, or undefined. */
export async function findFileByHash(db: Queryable, combinedHash: string): Promise<FileRow | undefined> {
  const [file] = await db.query<FileRow>(
    'select id, filehash, type, filesize, state, file_hash, blob_key, extension, metadata_hash from bucket_files where filehash = $1',
    [combinedHash],
  );
  return file;
}

/** Records a file awaiting its bytes, unless one with the same combined hash is recorded already (then it stays). */
export async function addFileUnlessKnown(
  tx: Queryable,
  file: { combinedHash: string; extension: string; type: string; size: number; fileHash: string; metadataHash: string },
): Promise<void> {
  await tx.query(
    `insert into bucket_files (id, filehash, extension, type, filesize, state, file_hash, metadata_hash)
     values ($1, $2, $3, $4, $5, 1, $6, $7) on conflict (filehash) do nothing`,
    [newId(), file.combinedHash, file.extension, file.type, file.size, file.fileHash, file.metadataHash],
  );
}

/** Whether `userId` has sent the file's bytes and had them verified. */
export async function holdsFile(db: Queryable, fileId: string, userId: string): Promise<boolean> {
  return (await db.query('select 1 from bucket_file_holders where bucket_file_id = $1 and user_id = $2', [fileId, userId])).length > 0;
}

/** The file's verified bytes are stored under `blobKey`, and `userId` is one who sent them. */
export async function recordStoredBy(tx: Queryable, fileId: string, userId: string, blobKey: string): Promise<void> {
  await tx.query('update bucket_files set state = $3, blob_key = $2 where id = $1', [fileId, blobKey, FileState.DOWNLOADED_OK]);
  await tx.query('insert into bucket_file_holders (bucket_file_id, user_id) values ($1, $2) on conflict do nothing', [fileId, userId]);
}

/** The stored file a signed URL names, with the filename it was first added under; undefined when there is none. */
export async function findFileForUrl(db: Queryable, fileId: string): Promise<UrlFileRow | undefined> {
  const [file] = await db.query<UrlFileRow>(
    `select f.filesize, f.state, f.blob_key, f.type,
            (select filename from upload_form_files where upload_bucket_file_id = f.id order by created_at limit 1) as filename
       from bucket_files f where f.id = $1`,
    [fileId],
  );
  return file;
}

// Form files

/** How many form files the bucket lists. */
export async function countFormFilesIn(tx: Queryable, bucketId: string): Promise<number> {
  const [{ count }] = (await tx.query<{ count: number }>('select count(*)::int as count from upload_form_files where upload_form_id = $1', [
    bucketId,
  ])) as [{ count: number }];
  return count;
}

/** The form file with this id, or undefined. */
export async function findFormFile(tx: Queryable, formFileId: string): Promise<FormFileRow | undefined> {
  const [known] = await tx.query<FormFileRow>(
    `select ff.upload_form_id, bf.filehash as combined, ff.user_id from upload_form_files ff
       join bucket_files bf on bf.id = ff.upload_bucket_file_id where ff.id = $1`,
    [formFileId],
  );
  return known;
}

/** Attaches a stored file to a bucket for the person who added it. */
export async function addFormFile(
  tx: Queryable,
  row: { id: string; bucketId: string; fileId: string; description: string | null; combinedHash: string; filename: string; sortOrder: number; userId: string },
): Promise<void> {
  await tx.query(
    `insert into upload_form_files (id, upload_form_id, upload_bucket_file_id, description, file_hash, filename, sort_order, user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.id, row.bucketId, row.fileId, row.description, row.combinedHash, row.filename, row.sortOrder, row.userId],
  );
}

/** Whether the bucket lists the file (added by `addedBy`, when given: only its adder uploads it). */
export async function bucketListsFile(db: Queryable, bucketId: string, fileId: string, addedBy?: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from upload_form_files where upload_form_id = $1 and upload_bucket_file_id = $2 and ($3::text is null or user_id = $3)',
    [bucketId, fileId, addedBy ?? null],
  );
  return rows.length > 0;
}

/** Whether `userId` has added the file to any bucket. */
export async function hasAddedFile(db: Queryable, fileId: string, userId: string): Promise<boolean> {
  return (await db.query('select 1 from upload_form_files where upload_bucket_file_id = $1 and user_id = $2 limit 1', [fileId, userId])).length > 0;
}

/**
 * Whether `userId` has added the file to any bucket, with those form files share-locked until the caller's
 * transaction ends, so none can be removed or swept before it commits.
 */
export async function holdAddedFile(tx: Queryable, fileId: string, userId: string): Promise<boolean> {
  return (await tx.query('select 1 from upload_form_files where upload_bucket_file_id = $1 and user_id = $2 for share', [fileId, userId])).length > 0;
}

/** The name the file was first added under, or null. */
export async function firstFilename(db: Queryable, fileId: string): Promise<string | null> {
  const [name] = await db.query<{ filename: string | null }>(
    'select filename from upload_form_files where upload_bucket_file_id = $1 order by created_at limit 1',
    [fileId],
  );
  return name?.filename ?? null;
}

/** Each form file by which `userId` added the file, with what its bucket is attached to. */
export async function formFilesAddedBy(db: Queryable, fileId: string, userId: string): Promise<{ id: string; form_key: string | null }[]> {
  return db.query<{ id: string; form_key: string | null }>(
    `select ff.id, b.form_key from upload_form_files ff join upload_buckets b on b.id = ff.upload_form_id
      where ff.upload_bucket_file_id = $1 and ff.user_id = $2`,
    [fileId, userId],
  );
}

/** Deletes these form files (the files they attach stay; the file sweep deletes those nothing refers to). */
export async function deleteFormFiles(db: Queryable, ids: readonly string[]): Promise<void> {
  await db.query('delete from upload_form_files where id = any($1::text[])', [ids]);
}

/** Deletes the form files `userId` added to the bucket and never stored; answers the stored file of each (repeats kept). */
export async function deleteUnstoredFormFilesIn(db: Queryable, bucketId: string, userId: string): Promise<string[]> {
  const dropped = await db.query<{ file_id: string }>(
    `delete from upload_form_files ff
      where ff.upload_form_id = $1 and ff.user_id = $2
        and not exists (select 1 from bucket_file_holders h where h.bucket_file_id = ff.upload_bucket_file_id and h.user_id = $2)
      returning ff.upload_bucket_file_id as file_id`,
    [bucketId, userId],
  );
  return dropped.map((row) => row.file_id);
}

/**
 * What each bucket a verified holder's form file is attached to (`vehicle/<id>`, `note/<id>`, ...): the things whose
 * viewers may download the file. Each once.
 */
export async function formKeysOfHeldFile(db: Queryable, fileId: string): Promise<string[]> {
  const links = await db.query<{ form_key: string }>(
    `select distinct b.form_key from upload_form_files ff
       join upload_buckets b on b.id = ff.upload_form_id
       join bucket_file_holders h on h.bucket_file_id = ff.upload_bucket_file_id and h.user_id = ff.user_id
      where ff.upload_bucket_file_id = $1`,
    [fileId],
  );
  return links.map((link) => link.form_key);
}

// What files can be attached to, as the access rules weigh it

/** The vehicle's owner (null: nobody's), or undefined when there is no such vehicle. */
export async function findVehicleOwner(db: Queryable, vehicleId: string): Promise<{ user_id: string | null } | undefined> {
  const [v] = await db.query<{ user_id: string | null }>('select user_id from vehicles where id = $1', [vehicleId]);
  return v;
}

/** The owner of a live (not deleted) note's vehicle, or undefined when there is no such note. */
export async function findLiveNoteOwner(db: Queryable, noteId: string): Promise<{ owner: string | null } | undefined> {
  const [n] = await db.query<{ owner: string | null }>(
    `select v.user_id as owner from vehicle_notes n join vehicles v on v.id = n.vehicle_id
      where n.id = $1 and n.deleted_at is null`,
    [noteId],
  );
  return n;
}

/** A live (not deleted) service request's company and its vehicle's owner, or undefined when there is none. */
export async function findLiveRequestParties(db: Queryable, requestId: string): Promise<{ company_id: string | null; owner: string | null } | undefined> {
  const [r] = await db.query<{ company_id: string | null; owner: string | null }>(
    `select r.company_id, v.user_id as owner from service_requests r join vehicles v on v.id = r.vehicle_id
      where r.id = $1 and r.deleted_at is null`,
    [requestId],
  );
  return r;
}

/** A note's vehicle, whether it is public and whether it was deleted; undefined when there is no such note. */
export async function findNoteVisibility(db: Queryable, noteId: string): Promise<{ vehicle_id: string; is_public: boolean; deleted: boolean } | undefined> {
  const [row] = await db.query<{ vehicle_id: string; is_public: boolean; deleted: boolean }>(
    'select vehicle_id, is_public, deleted_at is not null as deleted from vehicle_notes where id = $1',
    [noteId],
  );
  return row;
}
