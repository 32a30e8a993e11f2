import { useMemo } from 'react';
import { formKey, type AttachmentTarget } from '../domain/files.js';
import { QueueState, type QueueStateCode } from '../domain/uploadQueue.js';
import { anyLoading, useWatchedQuery } from '../data/useQuery.js';
import { whenDatabaseReady } from '../data/databaseState.js';
import { filesWorker } from './filesWorker.js';

/** One file attached to something, as this device knows it: synced, still in its upload queue, or both. */
export interface Attachment {
  /** The form file's id (chosen on the device that added it). */
  id: string;
  filename: string;
  combinedHash: string;
  type: string;
  userId: string | null;
  createdAt: string;
  /** The picked bytes on this device (OPFS file store), while this device holds them. */
  localName: string | null;
  /** This device's upload of the file, when it has one. */
  upload: { queueId: string; state: QueueStateCode; size: number; uploadedBytes: number; lastError: string | null } | null;
}

interface SyncedRow {
  id: string;
  filename: string | null;
  combined_hash: string | null;
  type: string | null;
  user_id: string | null;
  created_at: string | null;
}
interface QueuedRow {
  id: string;
  queue_id: string;
  filename: string;
  combined_hash: string;
  type: string;
  state: QueueStateCode;
  size: number;
  uploaded_bytes: number | null;
  last_error: string | null;
  cache_path: string;
  created_at: string;
}

const SYNCED = `SELECT ff.id, ff.filename, ff.file_hash AS combined_hash, bf.type, ff.user_id, ff.created_at
  FROM upload_form_files ff JOIN upload_buckets b ON b.id = ff.upload_form_id
  LEFT JOIN bucket_files bf ON bf.id = ff.upload_bucket_file_id
  WHERE b.form_key = ? ORDER BY ff.created_at, ff.sort_order`;
const QUEUED = `SELECT a.file_attached_id AS id, q.id AS queue_id, q.filename, q.combined_hash, q.mime AS type, q.state, q.size,
    q.uploaded_bytes, q.last_error, q.cache_path, q.timestamp AS created_at
  FROM local_attached_upload_queue a JOIN local_upload_queue q ON q.id = a.upload_queue_id
  WHERE q.form_key = ? ORDER BY q.timestamp`;

/** The files attached to a target, oldest first: what sync brought, merged with what this device is uploading. */
export function useAttachments(target: AttachmentTarget): { status: 'loading' | 'ready'; items: Attachment[] } {
  const key = formKey(target);
  const synced = useWatchedQuery<SyncedRow>(SYNCED, [key]);
  const queued = useWatchedQuery<QueuedRow>(QUEUED, [key]);
  const items = useMemo(() => {
    const byId = new Map<string, Attachment>();
    for (const r of queued.rows) {
      byId.set(r.id, {
        id: r.id, filename: r.filename, combinedHash: r.combined_hash, type: r.type, userId: null, createdAt: r.created_at.slice(0, 24),
        localName: r.cache_path,
        upload: { queueId: r.queue_id, state: r.state, size: r.size, uploadedBytes: r.uploaded_bytes ?? 0, lastError: r.last_error },
      });
    }
    for (const r of synced.rows) {
      const local = byId.get(r.id);
      byId.set(r.id, {
        id: r.id, filename: r.filename ?? 'file', combinedHash: r.combined_hash ?? '', type: r.type ?? local?.type ?? '',
        userId: r.user_id, createdAt: r.created_at ?? '', localName: local?.localName ?? null, upload: local?.upload ?? null,
      });
    }
    return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [synced.rows, queued.rows]);
  return { status: anyLoading(synced, queued) ? 'loading' : 'ready', items };
}

/**
 * Whether this device holds any upload bucket of the target. A bucket is deleted only once it has held no file for a
 * week (an upload abandoned, server/files/sweep.ts), so while one has synced the device's own list of the target's
 * files is the whole list, removals included.
 */
export function useHoldsBuckets(target: AttachmentTarget): boolean {
  return useWatchedQuery<{ one: number }>('SELECT 1 AS one FROM upload_buckets WHERE form_key = ? LIMIT 1', [formKey(target)]).rows.length > 0;
}

/**
 * Where this device keeps the picked bytes of a file it added, by the file's combined hash (null when it added none):
 * a photo picked offline shows from them (as the cover too) before any server has it.
 */
export function usePickedFileName(combinedHash: string | null): string | null {
  const rows = useWatchedQuery<{ cache_path: string }>('SELECT cache_path FROM local_upload_queue WHERE combined_hash = ? LIMIT 1', [combinedHash ?? '']).rows;
  return rows[0]?.cache_path ?? null;
}

/** Whether this device still has uploads to finish for the target (the page shows overall progress). */
export function pendingUploads(items: readonly Attachment[]) {
  return items.filter((i) => i.upload !== null && i.upload.state !== QueueState.done);
}

/**
 * Removes a file from what it is attached to: the synced row is deleted (uploaded, and checked by the server: the
 * owner, admins and whoever added it), and an upload still under way on this device is dropped with its bytes.
 */
export async function removeAttachment(item: Attachment): Promise<void> {
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    await tx.execute('DELETE FROM upload_form_files WHERE id = ?', [item.id]);
    if (item.upload !== null) {
      await tx.execute('DELETE FROM local_attached_upload_queue WHERE upload_queue_id = ?', [item.upload.queueId]);
      await tx.execute('DELETE FROM local_upload_queue WHERE id = ?', [item.upload.queueId]);
      await tx.execute('DELETE FROM local_opfs_files WHERE id = ?', [item.upload.queueId]);
    }
  });
  if (item.localName !== null) await filesWorker().remove(item.localName);
}
