import { UploadService } from '../gen/tagbook/v1/upload_pb.js';
import { whenDatabaseReady } from '../data/databaseState.js';
import type { UploadCall } from '../domain/uploadErrors.js';
import { isActive, nextQueueItem, QueueState, urlUsable, type QueueEvent, type QueueItem, type QueueStateCode } from '../domain/uploadQueue.js';
import { rpcClient } from '../rpc/transport.js';
import { getSession, isLoggedIn, subscribeSession } from '../rpc/session.js';
import { filesWorker } from './filesWorker.js';
import { dropRefusedFile, dropRefusedFiles } from './refused.js';
import { rpcCodeOf } from './rpcCode.js';

/**
 * The upload queue's runner: one file at a time, oldest first, each step as the state machine of
 * src/domain/uploadQueue.ts asks, every result written to local_upload_queue before the next step. So a reload, an
 * offline period or a server restart only pauses it: it resumes from the stored state (a byte upload asks the
 * server where it stands and continues from there).
 */

/** Bytes per PUT: small enough that a cut connection loses little and progress moves on a slow network. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

interface QueueRow {
  id: string;
  filename: string;
  size: number;
  state: QueueStateCode;
  cache_path: string;
  signed_upload_url: string | null;
  signed_url_expiration: string | null;
  uploaded_bytes: number | null;
  md5_hash: string;
  bucket_id: string;
  form_key: string;
  mime: string;
  last_modified: number;
  metadata_hash: string;
  combined_hash: string;
  attempts: number | null;
  next_attempt_at: number | null;
  last_error: string | null;
  form_file_id: string;
}

const SELECT = `SELECT q.*, a.file_attached_id AS form_file_id FROM local_upload_queue q
  JOIN local_attached_upload_queue a ON a.upload_queue_id = q.id`;

const toItem = (r: QueueRow): QueueItem => ({
  state: r.state,
  size: r.size,
  uploadedBytes: r.uploaded_bytes ?? 0,
  signedUrl: r.signed_upload_url,
  signedUrlExpires: r.signed_url_expiration === null ? null : Number(r.signed_url_expiration),
  attempts: r.attempts ?? 0,
  nextAttemptAt: r.next_attempt_at ?? 0,
  lastError: r.last_error,
});

async function save(id: string, item: QueueItem): Promise<void> {
  const db = await whenDatabaseReady();
  await db.execute(
    `UPDATE local_upload_queue SET state = ?, uploaded_bytes = ?, signed_upload_url = ?, signed_url_expiration = ?,
       attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`,
    [item.state, item.uploadedBytes, item.signedUrl, item.signedUrlExpires === null ? null : String(item.signedUrlExpires),
      item.attempts, item.nextAttemptAt, item.lastError, id],
  );
}

let wake: (() => void) | null = null;
let started = false;

/** Makes the runner look at the queue now (new files, network back, signed in). */
export function wakeUploadQueue(): void {
  wake?.();
}

const api = () => rpcClient(UploadService);

async function step(row: QueueRow): Promise<void> {
  let item = toItem(row);
  const apply = async (event: QueueEvent) => {
    item = nextQueueItem(item, event, Date.now());
    await save(row.id, item);
    if (item.state === QueueState.failed) await dropRefusedFile(row.id);
  };
  const rpcFailed = (call: UploadCall, writesPending?: boolean) => (error: unknown) => {
    const { code, message } = rpcCodeOf(error);
    return apply({ type: 'rpc_error', call, code, message, bucketId: row.bucket_id, writesPending });
  };

  switch (item.state) {
    case QueueState.queued: {
      // A bucket's files are added together (the server locks a bucket once every file it holds is stored).
      const db = await whenDatabaseReady();
      // Asked before the add: a not_found is final only if nothing this device wrote was still on its way then.
      const writesPending = (await db.getCrudBatch(1)) !== null;
      const siblings = await db.getAll<QueueRow>(`${SELECT} WHERE q.bucket_id = ? AND q.state = ? ORDER BY q.timestamp`, [row.bucket_id, QueueState.queued]);
      const batch = siblings.some((s) => s.id === row.id) ? siblings : [row];
      const files = batch.map((r) => ({
        combinedHash: r.combined_hash, fileHash: r.md5_hash, metadataHash: r.metadata_hash, filename: r.filename, formFileId: r.form_file_id,
        metadata: { type: r.mime, size: BigInt(r.size), lastModifiedDate: BigInt(r.last_modified) },
      }));
      try {
        const res = await api().addFilesToBucket({ bucketId: row.bucket_id, formKey: row.form_key, files });
        for (const [i, r] of batch.entries()) {
          const next = nextQueueItem(toItem(r), { type: 'added', needsUpload: res.files[i]?.needsUpload ?? true }, Date.now());
          await save(r.id, next);
        }
      } catch (error) {
        await rpcFailed('add', writesPending)(error);
      }
      return;
    }
    case QueueState.added:
      await api().getUploadSignedUrl({ bucketId: row.bucket_id, combinedHash: row.combined_hash, metadataHash: row.metadata_hash }).then(
        (res) => apply({ type: 'url', url: res.uploadUrl, expires: Number(res.uploadUrlExpire) }),
        rpcFailed('upload_url'),
      );
      return;
    case QueueState.uploading:
      if (!urlUsable(item, Date.now())) return apply({ type: 'put_failed', status: 403, message: 'The upload link expired' });
      return sendBytes(row, item, apply);
    case QueueState.uploaded:
      await api().finalizeUpload({ combinedHash: row.combined_hash, metadataHash: row.metadata_hash }).then(
        () => apply({ type: 'finalized' }),
        rpcFailed('finalize'),
      );
      return;
  }
}

/** Asks the server how many bytes it holds, then PUTs the rest in chunks, recording progress after each. */
async function sendBytes(row: QueueRow, item: QueueItem, apply: (e: QueueEvent) => Promise<void>): Promise<void> {
  const url = new URL(item.signedUrl!, location.origin);
  try {
    const head = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    if (!head.ok) return apply({ type: 'put_failed', status: head.status, message: await refusalText(head) });
    let offset = Number(head.headers.get('upload-offset') ?? 0);
    await apply({ type: 'progress', uploadedBytes: offset });
    while (offset < row.size) {
      const end = Math.min(row.size, offset + UPLOAD_CHUNK_BYTES);
      const bytes = await filesWorker().slice(row.cache_path, offset, end);
      if (bytes === null) return apply({ type: 'put_failed', status: 410, message: 'The file is no longer on this device' });
      const res = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-range': `bytes ${offset}-${end - 1}/${row.size}` } });
      if (!res.ok) return apply({ type: 'put_failed', status: res.status, message: await refusalText(res) });
      offset = Number(res.headers.get('upload-offset') ?? end);
      await apply({ type: 'progress', uploadedBytes: offset });
    }
    await apply({ type: 'sent' });
  } catch (error) {
    // No answer at all (offline, server gone): retried with back-off, from the offset the server reports then.
    await apply({ type: 'put_failed', status: 0, message: error instanceof Error ? error.message : String(error) });
  }
}

/** The words the byte endpoint gave (server/files/blob-routes.ts answers in plain text), else the status. */
async function refusalText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).trim();
  return text !== '' && text.length <= 300 ? text : `The server answered ${res.status}`;
}

function nap(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve();
    }
    wake = done;
  });
}

/** Starts the runner once per page; it lives as long as the page. */
export function startUploadQueue(): void {
  if (started) return;
  started = true;
  // Back online or signed in again: everything waiting is tried at once, and a failure then waits a short time
  // again (the back-off starts over, as the sync connection's does).
  window.addEventListener('online', () => {
    void whenDatabaseReady()
      .then((db) => db.execute('UPDATE local_upload_queue SET next_attempt_at = 0, attempts = 0 WHERE state IN (0, 1, 2, 3)'))
      .then(wakeUploadQueue);
  });
  subscribeSession(() => {
    if (!isLoggedIn(getSession())) return;
    void whenDatabaseReady()
      .then((db) => db.execute('UPDATE local_upload_queue SET state = ?, attempts = 0, next_attempt_at = 0, last_error = NULL WHERE state = ?', [QueueState.queued, QueueState.waitingAuth]))
      .then(wakeUploadQueue);
  });
  void run();
}

async function run(): Promise<void> {
  const db = await whenDatabaseReady();
  await dropRefusedFiles().catch((error: unknown) => console.error('Could not drop refused uploads', error));
  for (;;) {
    try {
      if (!navigator.onLine || !isLoggedIn(getSession())) {
        await nap(60_000);
        continue;
      }
      const rows = await db.getAll<QueueRow>(`${SELECT} WHERE q.state IN (0, 1, 2, 3) ORDER BY q.timestamp, q.id`);
      const now = Date.now();
      const due = rows.find((r) => isActive(toItem(r)) && (r.next_attempt_at ?? 0) <= now);
      if (due === undefined) {
        const next = Math.min(60_000, ...rows.map((r) => (r.next_attempt_at ?? 0) - now));
        await nap(Math.max(50, next));
        continue;
      }
      await step(due);
    } catch (error) {
      console.error('Upload queue step failed', error);
      await nap(5000);
    }
  }
}
