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
import { isId } from '../../src/domain/ids.js';
import { FileState, UploadService, type FileToAdd } from '../../src/gen/tagbook/v1/upload_pb.js';
import type { Queryable } from '../db/db.js';
import { signedDownload } from './download-url.js';
import { forgetGone, wasRemoved, wasSwept } from './gone-files.js';
import type { FileStorage } from './files.js';
import { UPLOAD_URL_TTL_MS } from './url-lifetimes.js';
import { signFileUrl } from './signing.js';
import { mayDownload, requireAttach } from './access.js';
import { dropUnfinishable, dropUnfinishedIn, noLongerYours, requireStillAttached, stillAttachable } from './unfinishable.js';
import { requireSession, sessionSlot } from '../rpc/session-context.js';
import { loadActor } from '../db/actor.js';
import {
  addFileUnlessKnown,
  addFormFile,
  bucketListsFile,
  countFormFilesIn,
  createBucket,
  findBucket,
  findFileByHash,
  findFormFile,
  hasAddedFile,
  holdAddedFile,
  holdsFile,
  lockCompleteBuckets,
  recordStoredBy,
  type BucketRow,
  type FileRow,
} from './store.js';

/**
 * The Upload service (upload.proto). Bytes never travel through RPC: a file is added to a bucket, its bytes
 * are PUT to a signed URL (server/files/blob-routes.ts, resumable), and finalize checks them against the device's digests
 * before anything can be downloaded. A bucket locks itself once every file in it is stored, never unlocked again.
 */

export const BUCKET_NOT_FOUND = 'Bucket not found';
export const FILE_NOT_FOUND = 'File not found';
export const BUCKET_LOCKED = 'This bucket is locked: its files are complete and no more can be added';
export const FILE_REMOVED = 'This file was removed before its upload finished';
export const FILE_SWEPT = 'This file was not sent for a week and was taken off its bucket: add it again';

const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);

/** What the add's transaction answers for an existing bucket whose target the caller may no longer add to. */
const NO_LONGER_ATTACHABLE = Symbol('no longer attachable');

function checkBucketId(bucketId: string): void {
  if (bucketId === '') throw invalid(EMPTY_BUCKET_MESSAGE);
  if (!isId(bucketId)) throw invalid('A bucket id is 22 url-safe characters');
}

/** The caller's bucket (admins may use anyone's); not_found otherwise, "when checking lock" too. */
async function ownBucket(db: Queryable, userId: string, bucketId: string): Promise<BucketRow> {
  const bucket = await findBucket(db, bucketId);
  if (bucket === undefined) throw new ConnectError(BUCKET_NOT_FOUND, Code.NotFound);
  // The caller's own bucket needs no reading of who they are.
  if (bucket.user_id !== userId && !mayUseBucket(await loadActor(db, userId), bucket.user_id)) {
    throw new ConnectError(BUCKET_NOT_FOUND, Code.NotFound);
  }
  return bucket;
}

async function fileByHash(db: Queryable, combined: string): Promise<FileRow | undefined> {
  if (!isHash(combined)) throw invalid('A combined hash is 32 lowercase hex digits');
  return findFileByHash(db, combined);
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

export function uploadService(files: FileStorage): Partial<ServiceImpl<typeof UploadService>> {
  const { db } = files;
  return {
    async checkFile(req, hctx) {
      const { userId } = requireSession(hctx);
      checkBucketId(req.bucketId);
      const bucket = await ownBucket(db, userId, req.bucketId);
      const file = await fileByHash(db, req.combinedHash);
      const inBucket = file !== undefined && (await bucketListsFile(db, bucket.id, file.id));
      const state = file === undefined ? FileState.UNSPECIFIED : (await holdsFile(db, file.id, userId)) ? FileState.DOWNLOADED_OK : FileState.PENDING_UPLOAD;
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
        const existing = await findBucket(tx, req.bucketId, true);
        let bucket: BucketRow;
        if (existing === undefined) {
          if (target === null) throw invalid("form_key must be 'vehicle/<id>', 'note/<id>' or 'service_request/<id>'");
          await requireAttach(tx, userId, target);
          // The bucket's vehicle and company come from its target (migration 0017), and follow it.
          bucket = await createBucket(tx, req.bucketId, userId, formKeyOf(target));
        } else {
          bucket = await ownBucket(tx, userId, req.bucketId);
          if (req.formKey !== '' && req.formKey !== bucket.form_key) throw invalid('This bucket belongs to something else');
          // Refused after this transaction, which has written nothing yet: the drop must not be rolled back with it.
          if (!(await stillAttachable(tx, userId, bucket.form_key))) return NO_LONGER_ATTACHABLE;
        }
        const count = await countFormFilesIn(tx, bucket.id);
        const answers = [];
        for (const [i, f] of req.files.entries()) {
          const { type, size, filename } = checked[i]!;
          const known = await findFormFile(tx, f.formFileId);
          if (known !== undefined && (known.upload_form_id !== bucket.id || known.combined !== f.combinedHash || known.user_id !== userId)) {
            throw invalid('This form file id is already used for another file');
          }
          // A file someone removed is not added back by a device still sending it: its upload URL says so, for good.
          if (known === undefined && (await wasRemoved(tx, userId, f.formFileId))) {
            answers.push({ combinedHash: f.combinedHash, fileId: '', needsUpload: true, state: FileState.PENDING_UPLOAD });
            continue;
          }
          if (known === undefined && bucket.locked === 1) throw new ConnectError(BUCKET_LOCKED, Code.FailedPrecondition);
          await addFileUnlessKnown(tx, {
            combinedHash: f.combinedHash,
            extension: ACCEPTED_FILE_TYPES[type].extension,
            type,
            size,
            fileHash: f.fileHash,
            metadataHash: f.metadataHash,
          });
          const file = (await fileByHash(tx, f.combinedHash))!;
          if (known === undefined) {
            await addFormFile(tx, {
              id: f.formFileId,
              bucketId: bucket.id,
              fileId: file.id,
              description: f.description || null,
              combinedHash: f.combinedHash,
              filename,
              sortOrder: count + i,
              userId,
            });
            await forgetGone(tx, f.formFileId);
          }
          const held = await holdsFile(tx, file.id, userId);
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
      // Not found while the add that makes the bucket may still be on its way (the device retries it).
      const bucket = await ownBucket(db, userId, req.bucketId);
      await requireStillAttached(files, userId, bucket);
      const file = await fileByHash(db, req.combinedHash);
      // The caller's bucket exists, so its add has been made: a file it does not list was taken out of it since, by
      // the sweep (the device adds it again) or by a person (never added back).
      const inBucket = file !== undefined && (await bucketListsFile(db, bucket.id, file.id, userId));
      if (!inBucket && (await wasSwept(db, userId, bucket.id, req.combinedHash))) throw new ConnectError(FILE_SWEPT, Code.NotFound);
      if (!inBucket) throw new ConnectError(FILE_REMOVED, Code.FailedPrecondition);
      if (await holdsFile(db, file.id, userId)) throw new ConnectError('This file is stored already', Code.AlreadyExists);
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
      const dropped = (await holdsFile(db, file.id, userId)) ? 0 : await dropUnfinishable(db, userId, file.id);
      const mine = await hasAddedFile(db, file.id, userId);
      if (!mine && dropped > 0) {
        await files.partials.remove(file.id, userId);
        throw noLongerYours();
      }
      if (!mine) throw new ConnectError(FILE_NOT_FOUND, Code.NotFound);
      if (req.metadataHash !== '' && req.metadataHash !== file.metadata_hash) throw invalid('The metadata hash does not match the file');
      if (await holdsFile(db, file.id, userId)) return { state: FileState.DOWNLOADED_OK };
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
        if (!(await holdAddedFile(tx, file.id, userId))) throw new ConnectError(FILE_NOT_FOUND, Code.NotFound);
        await recordStoredBy(tx, file.id, userId, sha256);
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
      const { url, expires } = await signedDownload(files, db, { ...file, blob_key: file.blob_key }, viewer ?? '');
      return { downloadUrl: url, downloadUrlExpire: BigInt(expires) };
    },
  };
}
