import { backoffDelay } from './backoff.js';
import { classifyPutStatus, classifyUploadError, FILE_RETRY_SCHEDULE, type RpcCode, type UploadCall } from './uploadErrors.js';

/**
 * The upload queue's state machine (local_upload_queue.state), pure so it is tested step by step. The runner
 * (src/uploads/queue.ts) performs the step a state asks for and feeds back what happened; it keeps every field
 * here in the local database, so a reload, a crash or a server restart resumes from the last recorded state.
 *
 *   queued ──add──► added ──url──► uploading ──all bytes──► uploaded ──finalize──► done
 *      (needs_upload false: added → uploaded;  url already_exists: added → uploaded;
 *       url not_found: back to queued, the file is added again (the sweep took it);  finalize not_found: back to
 *       added, whose upload URL then says whether the file is to be added again or was removed for good)
 *   any step: retryable error → same state, attempt+1, not before next_attempt_at
 *             auth error → waiting_auth (resumes as queued after a sign-in)
 *             final refusal (src/domain/uploadErrors.ts) → failed: the runner tells the person and drops the file
 */
export const QueueState = {
  queued: 0,
  added: 1,
  uploading: 2,
  uploaded: 3,
  done: 4,
  failed: 5,
  waitingAuth: 6,
} as const;
export type QueueStateCode = (typeof QueueState)[keyof typeof QueueState];

export interface QueueItem {
  state: QueueStateCode;
  size: number;
  uploadedBytes: number;
  signedUrl: string | null;
  /** Unix ms. */
  signedUrlExpires: number | null;
  attempts: number;
  /** Unix ms; 0 = now. */
  nextAttemptAt: number;
  lastError: string | null;
}

export type QueueEvent =
  | { type: 'added'; needsUpload: boolean }
  | { type: 'url'; url: string; expires: number }
  | { type: 'progress'; uploadedBytes: number }
  | { type: 'sent' }
  | { type: 'finalized' }
  /** writesPending: the device had changes waiting to be sent when the call was made (classifyUploadError). */
  | { type: 'rpc_error'; call: UploadCall; code: RpcCode; message: string; bucketId?: string; writesPending?: boolean }
  | { type: 'put_failed'; status: number; message: string }
  | { type: 'signed_in' };

/** A signed URL is not used in its last minute: the PUT could outlive it. */
export const URL_SAFETY_MS = 60_000;

export function isActive(item: QueueItem): boolean {
  return item.state !== QueueState.done && item.state !== QueueState.failed && item.state !== QueueState.waitingAuth;
}

/** Whether the item's signed URL can still be used at `now`. */
export function urlUsable(item: QueueItem, now: number): boolean {
  return item.signedUrl !== null && item.signedUrlExpires !== null && item.signedUrlExpires - URL_SAFETY_MS > now;
}

const fresh = (item: QueueItem): QueueItem => ({ ...item, attempts: 0, nextAttemptAt: 0, lastError: null });

export function nextQueueItem(item: QueueItem, event: QueueEvent, now: number, random = Math.random()): QueueItem {
  const retry = (message: string): QueueItem => {
    const attempts = item.attempts + 1;
    return { ...item, attempts, nextAttemptAt: now + backoffDelay(attempts, random, FILE_RETRY_SCHEDULE), lastError: message };
  };
  switch (event.type) {
    case 'added':
      return fresh({ ...item, state: event.needsUpload ? QueueState.added : QueueState.uploaded });
    case 'url':
      return fresh({ ...item, state: QueueState.uploading, signedUrl: event.url, signedUrlExpires: event.expires });
    case 'progress':
      // Progress only moves forward within one upload; the server's offset wins on a resync.
      return { ...item, uploadedBytes: Math.min(item.size, Math.max(0, event.uploadedBytes)), attempts: 0, lastError: null };
    case 'sent':
      return fresh({ ...item, state: QueueState.uploaded, uploadedBytes: item.size });
    case 'finalized':
      return fresh({ ...item, state: QueueState.done, uploadedBytes: item.size, signedUrl: null, signedUrlExpires: null });
    case 'signed_in':
      return item.state === QueueState.waitingAuth ? fresh({ ...item, state: QueueState.queued }) : item;
    case 'put_failed': {
      const outcome = classifyPutStatus(event.status);
      if (outcome === 'fresh_url') return { ...retry(event.message), state: QueueState.added, signedUrl: null, signedUrlExpires: null, nextAttemptAt: now };
      if (outcome === 'invalid') return { ...item, state: QueueState.failed, lastError: event.message };
      return retry(event.message);
    }
    case 'rpc_error': {
      const outcome = classifyUploadError(event.call, event.code, event.bucketId, event.writesPending);
      switch (outcome.kind) {
        case 'retry':
          // Finalize answers not_found while bytes are missing (a PUT cut short): go back and send the rest.
          if (event.call === 'finalize' && event.code === 'not_found') return { ...retry(event.message), state: QueueState.added, signedUrl: null, signedUrlExpires: null };
          // The upload URL answers not_found when the server's sweep took the file (server/files/sweep.ts, after a
          // week without a byte) or the add has not landed: adding it again answers both. A file someone removed is
          // answered failed_precondition instead, final below: adding it back would undo the removal.
          if (event.call === 'upload_url' && event.code === 'not_found') return { ...retry(event.message), state: QueueState.queued, signedUrl: null, signedUrlExpires: null };
          return retry(event.message);
        case 'skip_upload':
          return fresh({ ...item, state: QueueState.uploaded });
        case 'fail':
          return {
            ...item,
            state: outcome.reason === 'auth' ? QueueState.waitingAuth : QueueState.failed,
            lastError: event.message,
          };
      }
    }
  }
}

/** Overall progress of a set of items, 0..1, by bytes (finished items count whole). */
export function overallProgress(items: readonly Pick<QueueItem, 'state' | 'size' | 'uploadedBytes'>[]): number {
  let total = 0;
  let sent = 0;
  for (const item of items) {
    if (item.state === QueueState.failed) continue;
    total += item.size;
    sent += item.state === QueueState.done || item.state === QueueState.uploaded ? item.size : item.uploadedBytes;
  }
  return total === 0 ? 1 : sent / total;
}
