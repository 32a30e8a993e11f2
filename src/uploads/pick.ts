import { cleanFilename, FILE_MAX_BYTES, FILES_PER_BUCKET_MAX, formKey, isAcceptedType, isImageType, metadataHash, combinedHash, PHOTO_MAX_EDGE, PHOTO_QUALITY, type AttachmentTarget } from '../domain/files.js';
import { newId } from '../domain/ids.js';
import { QueueState } from '../domain/uploadQueue.js';
import { whenDatabaseReady } from '../data/databaseState.js';
import { filesWorker, storedName } from './filesWorker.js';
import type { PreparedFile } from './filesWorkerApi.js';
import { proxy } from 'comlink';
import { wakeUploadQueue } from './queue.js';

/** Why a picked file was not taken, in words for the person who picked it. */
export function refusalOf(file: File): string | null {
  if (!isAcceptedType(file.type)) return `${file.name}: only photos (JPEG, PNG, WebP) and PDF files can be attached`;
  // Photos are scaled before upload, so only files kept as they are must fit the limit as picked.
  if (!isImageType(file.type) && file.size > FILE_MAX_BYTES) return `${file.name}: files can be at most ${FILE_MAX_BYTES / 1024 / 1024} MB`;
  if (file.size === 0) return `${file.name} is empty`;
  return null;
}

/**
 * Takes picked files into the device's file store and the upload queue, all in one bucket attached to `target`.
 * From here a file survives reloads, offline periods and restarts: its bytes are in OPFS and its place in the
 * queue (and on the page it was added to) in the local database. Returns the refusals (empty when all were taken)
 * and the combined hashes of the files kept, in the order they were picked.
 */
export async function addPickedFiles(
  target: AttachmentTarget,
  picked: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<{ refusals: string[]; kept: string[] }> {
  const refusals: string[] = [];
  const files = picked.filter((f) => {
    const why = refusalOf(f);
    if (why !== null) refusals.push(why);
    return why === null;
  });
  if (files.length > FILES_PER_BUCKET_MAX) {
    refusals.push(`At most ${FILES_PER_BUCKET_MAX} files at a time: the first ${FILES_PER_BUCKET_MAX} were taken`);
    files.length = FILES_PER_BUCKET_MAX;
  }
  if (files.length === 0) return { refusals, kept: [] };
  const db = await whenDatabaseReady();
  const bucketId = newId();
  const key = formKey(target);
  // Every file is prepared before any enters the queue, and all enter it in one transaction: the queue adds a
  // bucket's files together, and the server locks a bucket once all the files it holds are stored.
  const ready: { queueId: string; formFileId: string; file: File; prepared: PreparedFile; storeStart: string }[] = [];
  for (const [index, file] of files.entries()) {
    const queueId = newId();
    const storeStart = new Date().toISOString();
    const prepared = await filesWorker().prepare(
      file,
      { id: storedName.picked(queueId), filename: cleanFilename(file.name), maxEdge: isImageType(file.type) ? PHOTO_MAX_EDGE : 0, quality: PHOTO_QUALITY },
      onProgress ? proxy((f: number) => onProgress((index + f) / files.length)) : undefined,
    );
    if (prepared.size > FILE_MAX_BYTES || !isAcceptedType(prepared.type)) {
      await filesWorker().remove(storedName.picked(queueId));
      refusals.push(`${file.name}: files can be at most ${FILE_MAX_BYTES / 1024 / 1024} MB`);
      continue;
    }
    ready.push({ queueId, formFileId: newId(), file, prepared, storeStart });
  }
  const now = new Date().toISOString();
  const kept: string[] = [];
  await db.writeTransaction(async (tx) => {
    for (const [index, { queueId, formFileId, file, prepared, storeStart }] of ready.entries()) {
      const meta = { type: prepared.type, size: prepared.size, lastModified: file.lastModified, filename: prepared.filename };
      const metaHash = metadataHash(meta);
      kept.push(combinedHash(prepared.md5, metaHash));
      await tx.execute(
        `INSERT INTO local_opfs_files (id, file_identifier, md5_hash, percentage, bytes_stored, bytes_size, hash_start_time,
           hash_end_time, store_start_time, store_end_time, mime, original_filename, filename, status, source, created_at)
         VALUES (?, ?, ?, 100, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 'picked', ?)`,
        [queueId, storedName.picked(queueId), prepared.md5, prepared.size, prepared.size, new Date(prepared.hashStart).toISOString(),
          new Date(prepared.hashEnd).toISOString(), storeStart, now, prepared.type, file.name, prepared.filename, now],
      );
      await tx.execute(
        `INSERT INTO local_upload_queue (id, file_storage_id, filename, size, state, cache_path, timestamp, signed_upload_url,
           signed_url_expiration, uploaded_bytes, md5_hash, bucket_id, form_key, mime, last_modified, metadata_hash,
           combined_hash, attempts, next_attempt_at, last_error)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, 0, ?, ?, ?, ?, ?, ?, ?, 0, 0, NULL)`,
        [queueId, queueId, prepared.filename, prepared.size, QueueState.queued, storedName.picked(queueId), `${now}#${String(index).padStart(3, '0')}`,
          prepared.md5, bucketId, key, prepared.type, file.lastModified, metaHash, kept[kept.length - 1]],
      );
      await tx.execute('INSERT INTO local_attached_upload_queue (id, file_attached_id, upload_queue_id) VALUES (?, ?, ?)', [formFileId, formFileId, queueId]);
    }
  });
  wakeUploadQueue();
  return { refusals, kept };
}

