import { pushNotification } from '../data/notifications.js';
import { whenDatabaseReady } from '../data/databaseState.js';
import { QueueState } from '../domain/uploadQueue.js';
import { filesWorker } from './filesWorker.js';

/** What the person is told of a file the server will never take where it was attached: which file, and why. */
export function refusedFileMessage(filename: string, reason: string | null): string {
  return `${filename} was not uploaded: ${reason ?? 'the server refused it'}. It was taken off this device.`;
}

/**
 * Takes a file the server refused for good (state failed: src/domain/uploadErrors.ts says which answers are final)
 * out of the queue, with its bytes off the device, and tells the person which file and why, in every open tab (a
 * refusal, as for a refused change: nobody would notice otherwise). Only the tab that removes the row tells, so a
 * queue run by two tabs tells once. Returns whether this call removed it.
 */
export async function dropRefusedFile(queueId: string): Promise<boolean> {
  const db = await whenDatabaseReady();
  const dropped = await db.writeTransaction(async (tx) => {
    const row = await tx.getOptional<{ filename: string; cache_path: string; last_error: string | null }>(
      'SELECT filename, cache_path, last_error FROM local_upload_queue WHERE id = ? AND state = ?',
      [queueId, QueueState.failed],
    );
    if (row === null) return null;
    await tx.execute('DELETE FROM local_attached_upload_queue WHERE upload_queue_id = ?', [queueId]);
    await tx.execute('DELETE FROM local_upload_queue WHERE id = ?', [queueId]);
    await tx.execute('DELETE FROM local_opfs_files WHERE id = ?', [queueId]);
    return row;
  });
  if (dropped === null) return false;
  pushNotification({ type: 'rejected', message: refusedFileMessage(dropped.filename, dropped.last_error) });
  await filesWorker().remove(dropped.cache_path);
  return true;
}

/** Drops every refused file still in the queue: one refused just before the page closed, or on an earlier version. */
export async function dropRefusedFiles(): Promise<void> {
  const db = await whenDatabaseReady();
  const rows = await db.getAll<{ id: string }>('SELECT id FROM local_upload_queue WHERE state = ?', [QueueState.failed]);
  for (const { id } of rows) await dropRefusedFile(id);
}
