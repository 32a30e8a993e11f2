import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import {
  ACCEPTED_FILE_TYPES,
  cleanFilename,
  combinedHash,
  FILE_MAX_BYTES,
  FILES_PER_BUCKET_MAX,
  formKey as formKeyOf,
  isAcceptedType,
  isHash,
  metadataHash,
  parseFormKey,
  sniffType,
} from '../../src/domain/files.js';
import { mayUseBucket } from '../../src/domain/access.js';
import { EMPTY_BUCKET_MESSAGE } from '../../src/domain/uploadErrors.js';
import { isId, newId } from '../../src/domain/ids.js';
import { FileState, UploadService, type FileToAdd } from '../../src/gen/tagbook/v1/upload_pb.js';
import type { Queryable } from '../db/db.js';
import { downloadHeaders } from './download-headers.js';
import { forgetGone, NONE_TO_COME_BACK, UNSTORED_BY_ADDER, wasRemoved, wasSwept } from './gone-files.js';
import type { FileStorage } from './files.js';
import { DOWNLOAD_URL_TTL_MS, UPLOAD_URL_TTL_MS } from './url-lifetimes.js';
import { signFileUrl } from './signing.js';
import { mayDownload, requireAttach } from './access.js';
import { dropUnfinishable, dropUnfinishedIn, noLongerYours, requireStillAttached, stillAttachable } from './unfinishable.js';
import { requireSession, sessionSlot } from '../rpc/session-context.js';
import { loadActor } from '../db/actor.js';

/**
 * The Upload service (SPEC §7, upload.proto). Bytes never travel through RPC: a file is added to a bucket, its bytes
 * are PUT to a signed URL (server/files/blob-routes.ts, resumable), and finalize checks them against the device's digests
 * before anything can be downloaded. A bucket locks itself once every file in it is stored (SPEC §4).
 */

export const BUCKET_NOT_FOUND = 'Bucket not found';
export const FILE_NOT_FOUND = 'File not found';
export const BUCKET_LOCKED = 'This bucket is locked: its files are complete and no more can be added';
export const FILE_REMOVED = 'This file was removed before its upload finished';
export const FILE_SWEPT = 'This file was not sent for a week and was taken off its bucket: add it again';

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** What the add's transaction answers for an existing bucket whose target the caller may no longer add to. */
const NO_LONGER_ATTACHABLE = Symbol('no longer attachable');

type BucketRow = {
  id: string;
  locked: number;
  user_id: string | null;
  form_key: string | null;
};
type FileRow = {
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

function checkBucketId(bucketId: string): void {
  if (bucketId === '') throw invalid(EMPTY_BUCKET_MESSAGE);
  if (!isId(bucketId)) throw invalid('A bucket id is 22 url-safe characters');
}

/** The caller's bucket (admins may use anyone's); not_found otherwise, "when checking lock" too (SPEC §8). */
async function ownBucket(db: Queryable, userId: string, bucketId: string, lock = false): Promise<BucketRow> {
  const [bucket] = await db.query<BucketRow>(
    `select id, locked, user_id, form_key from upload_buckets where id = $1${lock ? ' for update' : ''}`,
    [bucketId],
  );
  if (bucket === undefined) throw new ConnectError(BUCKET_NOT_FOUND, Code.NotFound);
  // The caller's own bucket needs no reading of who they are.
  if (bucket.user_id !== userId && !mayUseBucket(await loadActor(db, userId), bucket.user_id)) {
    throw new ConnectError(BUCKET_NOT_FOUND, Code.NotFound);
  }
  return bucket;
}

async function fileByHash(db: Queryable, combined: string): Promise<FileRow | undefined> {
  if (!isHash(combined)) throw invalid('A combined hash is 32 lowercase hex digits');
  const [file] = await db.query<FileRow>(
    'select id, filehash, type, filesize, state, file_hash, blob_key, extension, metadata_hash from bucket_files where filehash = $1',
    [combined],
  );
  return file;
}

async function holds(db: Queryable, fileId: string, userId: string): Promise<boolean> {
  return (await db.query('select 1 from bucket_file_holders where bucket_file_id = $1 and user_id = $2', [fileId, userId])).length > 0;
}

/** Every check of one file to add, with the reason a person can act on. */
function checkFileToAdd(f: FileToAdd): { type: keyof typeof ACCEPTED_FILE_TYPES; size: number; filename: string } {
  const meta = f.metadata;
  if (meta === undefined) throw invalid('A file needs its metadata (type, size, last modified date)');
  if (!isAcceptedType(meta.type)) throw invalid(`Files of type '${meta.type || 'unknown'}' cannot be uploaded: photos (JPEG, PNG, WebP) and PDF only`);
  const size = Number(meta.size);
  if (!Number.isSafeInteger(size) || size <= 0) throw invalid('A file must have a size above 0 bytes');
  if (size > FILE_MAX_BYTES) throw invalid(`Files can be at most ${FILE_MAX_BYTES / 1024 / 1024} MB`);
  if (!isHash(f.fileHash) || !isHash(f.metadataHash) || !isHash(f.combinedHash)) throw invalid('Digests are 32 lowercase hex digits');
  if (!isId(f.formFileId)) throw invalid('A form file id is 22 url-safe characters');
  if (f.filename !== cleanFilename(f.filename)) throw invalid('The filename has a path, control characters or is too long');
  const expectedMeta = metadataHash({ type: meta.type, size, lastModified: Number(meta.lastModifiedDate), filename: f.filename });
  if (expectedMeta !== f.metadataHash) throw invalid('The metadata hash does not match the metadata');
  if (combinedHash(f.fileHash, f.metadataHash) !== f.combinedHash) throw invalid('The combined hash does not match the file and metadata hashes');
  if (f.description.length > 1000) throw invalid('A description is at most 1000 characters');
  return { type: meta.type, size, filename: f.filename };
}

/**
 * Locks the caller's buckets holding `fileId` once every file in them has been stored by its uploader, and no file the
 * sweep took from them may still come back (a locked bucket takes no file, and that one's device adds it again).
 */
async function lockCompleteBuckets(db: Queryable, fileId: string): Promise<void> {
  await db.query(
    `update upload_buckets b set locked = 1
      where b.locked = 0
        and b.id in (select upload_form_id from upload_form_files where upload_bucket_file_id = $1)
        and not exists (select 1 from upload_form_files ff where ff.upload_form_id = b.id and ${UNSTORED_BY_ADDER})
        and ${NONE_TO_COME_BACK}`,
    [fileId],
  );
}

/** Whether the bucket lists the file (added by `addedBy`, when given: only its adder uploads it). */
async function bucketLists(db: Queryable, bucketId: string, fileId: string, addedBy?: string): Promise<boolean> {
  const rows = await db.query(
    'select 1 from upload_form_files where upload_form_id = $1 and upload_bucket_file_id = $2 and ($3::text is null or user_id = $3)',
    [bucketId, fileId, addedBy ?? null],
  );
  return rows.length > 0;
}

export function uploadService(files: FileStorage): Partial<ServiceImpl<typeof UploadService>> {
  const { db } = files;
  return {
    async checkFile(req, hctx) {
      const { userId } = requireSession(hctx);
      checkBucketId(req.bucketId);
      const bucket = await ownBucket(db, userId, req.bucketId);
      const file = await fileByHash(db, req.combinedHash);
      const inBucket = file !== undefined && (await bucketLists(db, bucket.id, file.id));
      const state = file === undefined ? FileState.UNSPECIFIED : (await holds(db, file.id, userId)) ? FileState.DOWNLOADED_OK : FileState.PENDING_UPLOAD;
      return { exists: file !== undefined, inBucket, state, bucketLocked: bucket.locked === 1, fileId: file?.id ?? '' };
    },

    async addFilesToBucket(req, hctx) {
      const { userId } = requireSession(hctx);
      checkBucketId(req.bucketId);
      if (req.files.length === 0) throw invalid('Add at least one file');
      if (req.files.length > FILES_PER_BUCKET_MAX) throw invalid(`At most ${FILES_PER_BUCKET_MAX} files at a time`);
      const checked = req.files.map(checkFileToAdd);
      const target = parseFormKey(req.formKey);
      const added = await db.transaction(async (tx) => {
        const [existing] = await tx.query<BucketRow>('select id, locked, user_id, form_key from upload_buckets where id = $1 for update', [req.bucketId]);
        let bucket: BucketRow;
        if (existing === undefined) {
          if (target === null) throw invalid("form_key must be 'vehicle/<id>', 'note/<id>' or 'service_request/<id>'");
          await requireAttach(tx, userId, target);
          // The bucket's vehicle and company come from its target (migration 0017), and follow it.
          await tx.query('insert into upload_buckets (id, locked, user_id, form_key) values ($1, 0, $2, $3)', [req.bucketId, userId, formKeyOf(target)]);
          bucket = { id: req.bucketId, locked: 0, user_id: userId, form_key: formKeyOf(target) };
        } else {
          bucket = await ownBucket(tx, userId, req.bucketId);
          if (req.formKey !== '' && req.formKey !== bucket.form_key) throw invalid('This bucket belongs to something else');
          // Refused after this transaction, which has written nothing yet: the drop must not be rolled back with it.
          if (!(await stillAttachable(tx, userId, bucket.form_key))) return NO_LONGER_ATTACHABLE;
        }
        const [{ count }] = (await tx.query<{ count: number }>('select count(*)::int as count from upload_form_files where upload_form_id = $1', [bucket.id])) as [{ count: number }];
        const answers = [];
        for (const [i, f] of req.files.entries()) {
          const { type, size, filename } = checked[i]!;
          const [known] = await tx.query<{ upload_form_id: string; combined: string; user_id: string }>(
            `select ff.upload_form_id, bf.filehash as combined, ff.user_id from upload_form_files ff
               join bucket_files bf on bf.id = ff.upload_bucket_file_id where ff.id = $1`,
            [f.formFileId],
          );
          if (known !== undefined && (known.upload_form_id !== bucket.id || known.combined !== f.combinedHash || known.user_id !== userId)) {
            throw invalid('This form file id is already used for another file');
          }
          // A file someone removed is not added back by a device still sending it: its upload URL says so, for good.
          if (known === undefined && (await wasRemoved(tx, userId, f.formFileId))) {
            answers.push({ combinedHash: f.combinedHash, fileId: '', needsUpload: true, state: FileState.PENDING_UPLOAD });
            continue;
          }
          if (known === undefined && bucket.locked === 1) throw new ConnectError(BUCKET_LOCKED, Code.FailedPrecondition);
          await tx.query(
            `insert into bucket_files (id, filehash, extension, type, filesize, state, file_hash, metadata_hash)
             values ($1, $2, $3, $4, $5, 1, $6, $7) on conflict (filehash) do nothing`,
            [newId(), f.combinedHash, ACCEPTED_FILE_TYPES[type].extension, type, size, f.fileHash, f.metadataHash],
          );
          const file = (await fileByHash(tx, f.combinedHash))!;
          if (known === undefined) {
            await tx.query(
              `insert into upload_form_files (id, upload_form_id, upload_bucket_file_id, description, file_hash, filename, sort_order, user_id)
               values ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [f.formFileId, bucket.id, file.id, f.description || null, f.combinedHash, filename, count + i, userId],
            );
            await forgetGone(tx, f.formFileId);
          }
          const held = await holds(tx, file.id, userId);
          answers.push({ combinedHash: f.combinedHash, fileId: file.id, needsUpload: !held, state: held ? FileState.DOWNLOADED_OK : FileState.PENDING_UPLOAD });
          if (held) await lockCompleteBuckets(tx, file.id);
        }
        return { files: answers };
      });
      if (added === NO_LONGER_ATTACHABLE) {
        await dropUnfinishedIn(files, userId, req.bucketId);
        throw noLongerYours();
      }
      return added;
    },

    async getUploadSignedUrl(req, hctx) {
      const { userId } = requireSession(hctx);
      checkBucketId(req.bucketId);
      // Not found while the add that makes the bucket may still be on its way (SPEC §8 retries it).
      const bucket = await ownBucket(db, userId, req.bucketId);
      await requireStillAttached(files, userId, bucket);
      const file = await fileByHash(db, req.combinedHash);
      // The caller's bucket exists, so its add has been made: a file it does not list was taken out of it since, by
      // the sweep (the device adds it again) or by a person (never added back).
      const inBucket = file !== undefined && (await bucketLists(db, bucket.id, file.id, userId));
      if (!inBucket && (await wasSwept(db, userId, bucket.id, req.combinedHash))) throw new ConnectError(FILE_SWEPT, Code.NotFound);
      if (!inBucket) throw new ConnectError(FILE_REMOVED, Code.FailedPrecondition);
      if (await holds(db, file.id, userId)) throw new ConnectError('This file is stored already', Code.AlreadyExists);
      if (bucket.locked === 1) throw new ConnectError(BUCKET_LOCKED, Code.FailedPrecondition);
      // Said before any byte is sent: the user's unfinished uploads already fill their share (files/partials.ts).
      const room = await files.partials.allowance(file.id, userId);
      if ('refused' in room) throw new ConnectError(room.refused, Code.ResourceExhausted);
      const expires = files.now() + UPLOAD_URL_TTL_MS;
      return { uploadUrl: signFileUrl(await files.urlKey(), 'upload', file.id, userId, expires), uploadUrlExpire: BigInt(expires) };
    },

    async finalizeUpload(req, hctx) {
      const { userId } = requireSession(hctx);
      const file = await fileByHash(db, req.combinedHash);
      if (file === undefined) throw new ConnectError(FILE_NOT_FOUND, Code.NotFound);
      const dropped = (await holds(db, file.id, userId)) ? 0 : await dropUnfinishable(db, userId, file.id);
      const mine = (await db.query('select 1 from upload_form_files where upload_bucket_file_id = $1 and user_id = $2', [file.id, userId])).length > 0;
      if (!mine && dropped > 0) {
        await files.partials.remove(file.id, userId);
        throw noLongerYours();
      }
      if (!mine) throw new ConnectError(FILE_NOT_FOUND, Code.NotFound);
      if (req.metadataHash !== '' && req.metadataHash !== file.metadata_hash) throw invalid('The metadata hash does not match the file');
      if (await holds(db, file.id, userId)) return { state: FileState.DOWNLOADED_OK };
      const size = Number(file.filesize);
      const held = await files.partials.size(file.id, userId);
      if (held < size) throw new ConnectError(`Only ${held} of ${size} bytes have arrived`, Code.NotFound);
      const sha256 = await files.partials.withCopy(file.id, userId, async (copy) => {
        // Bytes that are not what the device said are discarded at once: nothing half-written is ever kept or served.
        if (copy.size !== size || copy.md5 !== file.file_hash) return invalid('The uploaded bytes do not match the file hash; they were discarded');
        if (sniffType(copy.head) !== file.type) return invalid(`The uploaded bytes are not a ${file.type} file; they were discarded`);
        if (file.blob_key !== null && file.blob_key !== copy.sha256) {
          return invalid('The uploaded bytes differ from the stored ones with the same digests; they were discarded');
        }
        await files.store.putFile(copy.sha256, copy.path, size);
        return copy.sha256;
      });
      await files.partials.remove(file.id, userId);
      if (typeof sha256 !== 'string') throw sha256;
      await db.transaction(async (tx) => {
        // Still attached now, and held so until this commits: while the bytes travelled the file may have been removed,
        // or its upload swept as abandoned (files/sweep.ts). Then the device adds it again; the blob, named by its
        // bytes, is the one it will store.
        const attached = await tx.query('select 1 from upload_form_files where upload_bucket_file_id = $1 and user_id = $2 for share', [file.id, userId]);
        if (attached.length === 0) throw new ConnectError(FILE_NOT_FOUND, Code.NotFound);
        await tx.query('update bucket_files set state = $3, blob_key = $2 where id = $1', [file.id, sha256, FileState.DOWNLOADED_OK]);
        await tx.query('insert into bucket_file_holders (bucket_file_id, user_id) values ($1, $2) on conflict do nothing', [file.id, userId]);
        await lockCompleteBuckets(tx, file.id);
      });
      return { state: FileState.DOWNLOADED_OK };
    },

    async getDownloadSignedUrl(req, hctx) {
      const viewer = sessionSlot(hctx).session?.userId ?? null;
      const file = await fileByHash(db, req.combinedHash);
      if (file === undefined || file.state !== FileState.DOWNLOADED_OK || file.blob_key === null || !(await mayDownload(db, hctx as HandlerContext, viewer, file.id))) {
        throw new ConnectError(FILE_NOT_FOUND, Code.NotFound);
      }
      const expires = files.now() + DOWNLOAD_URL_TTL_MS;
      const [name] = await db.query<{ filename: string | null }>(
        'select filename from upload_form_files where upload_bucket_file_id = $1 order by created_at limit 1',
        [file.id],
      );
      const headers = downloadHeaders({ type: file.type, filename: name?.filename ?? null });
      const external = await files.store.externalDownloadUrl(file.blob_key, headers, expires);
      const downloadUrl = external ?? signFileUrl(await files.urlKey(), 'download', file.id, viewer ?? '', expires);
      return { downloadUrl, downloadUrlExpire: BigInt(expires) };
    },
  };
}
