import type { BackoffSchedule } from './backoff.js';
/**
 * How upload errors are classed, as one table-driven rule (tests/unit/uploadErrors.test.ts walks every code). An
 * answer is retried with back-off or it is final; a final one, but for a sign-in, takes the file out of the queue and
 * tells the person which file was not accepted and why (src/uploads/queue.ts), so nothing queued waits forever:
 * - an empty bucket id is the final 'Empty bucketId'; invalid_argument is final (never acceptable as sent);
 * - permission_denied and unauthenticated are an authentication error: the item waits for a new sign-in, kept;
 * - failed_precondition is final. In general it counts as success (the work is done or can no longer be done) and is
 *   never retried; this server answers it only when the work can no longer be done — a locked bucket takes no new file,
 *   what the file is attached to is no longer the caller's, someone removed the file from it — never for work done
 *   (that is answered ok, or already_exists for the upload URL), so the file is told as not accepted, not shown as
 *   stored;
 * - not_found on the add is retried while this device has changes still on their way to the server (what the file
 *   is attached to may be one of them: a note written offline) and final once it has none: then the server neither
 *   has the thing nor lets the caller add to it (a vehicle sold, a job ended), and nothing on the device can change
 *   that. The server cannot say "never" itself: to a stranger it answers the same not_found for a thing that exists
 *   as for one that does not, so that ids cannot be probed;
 * - anything else, and a network failure, is retried with back-off;
 * - the signed-URL calls are not retried on permission_denied, unauthenticated, invalid_argument, not_found,
 *   unimplemented or already_exists, except that not_found is retried for the upload URL, through the add
 *   (src/domain/uploadQueue.ts): the add that makes the bucket may still be in flight, or the server's file sweep took
 *   the file (and maybe its bucket) after a week without a byte, and adding it again answers both — while a file
 *   someone removed is answered failed_precondition, so a removal is never undone by a device still sending the
 *   file; already_exists there means the bytes are stored already (go straight to finalize).
 * Codes are Connect's names (snake case); 'network' is a failed fetch. Pure: the queue maps its errors to these.
 */

export type RpcCode =
  | 'canceled'
  | 'unknown'
  | 'invalid_argument'
  | 'deadline_exceeded'
  | 'not_found'
  | 'already_exists'
  | 'permission_denied'
  | 'resource_exhausted'
  | 'failed_precondition'
  | 'aborted'
  | 'out_of_range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data_loss'
  | 'unauthenticated'
  | 'network';

export type UploadCall = 'check' | 'add' | 'upload_url' | 'finalize' | 'download_url';

export const EMPTY_BUCKET_MESSAGE = 'Empty bucketId';

export type ErrorOutcome =
  | { kind: 'retry' }
  /** The upload URL was refused because the bytes are already there: finalize without sending them. */
  | { kind: 'skip_upload' }
  /** Final: 'auth' waits for a sign-in; every other reason means the server will never take the file there. */
  | { kind: 'fail'; reason: 'invalid' | 'auth' | 'unsupported' | 'not_found' | 'empty_bucket' | 'impossible' };

const SIGNED_URL_NO_RETRY: ReadonlySet<RpcCode> = new Set([
  'permission_denied',
  'unauthenticated',
  'invalid_argument',
  'not_found',
  'unimplemented',
  'already_exists',
]);

function general(code: RpcCode): ErrorOutcome {
  if (code === 'invalid_argument') return { kind: 'fail', reason: 'invalid' };
  if (code === 'permission_denied' || code === 'unauthenticated') return { kind: 'fail', reason: 'auth' };
  if (code === 'failed_precondition') return { kind: 'fail', reason: 'impossible' };
  return { kind: 'retry' };
}

/**
 * What to do after `call` failed with `code`; bucketId is checked first, as the service does. writesPending: whether
 * this device had changes waiting to be sent when the call was made (it decides a not_found on the add).
 */
export function classifyUploadError(call: UploadCall, code: RpcCode, bucketId?: string, writesPending = true): ErrorOutcome {
  if (bucketId !== undefined && bucketId === '' && call !== 'download_url' && call !== 'finalize') {
    return { kind: 'fail', reason: 'empty_bucket' };
  }
  if (call === 'add' && code === 'not_found') return writesPending ? { kind: 'retry' } : { kind: 'fail', reason: 'not_found' };
  if (call === 'upload_url' || call === 'download_url') {
    if (call === 'upload_url' && code === 'not_found') return { kind: 'retry' };
    if (call === 'upload_url' && code === 'already_exists') return { kind: 'skip_upload' };
    if (SIGNED_URL_NO_RETRY.has(code)) {
      const g = general(code);
      if (g.kind === 'fail') return g;
      if (code === 'not_found') return { kind: 'fail', reason: 'not_found' };
      return { kind: 'fail', reason: 'unsupported' };
    }
  }
  return general(code);
}

/**
 * Retries of a file's steps back off by the app's one rule (domain/backoff.ts), to a longer ceiling than sync's: a
 * file is megabytes, and nothing else waits behind it.
 */
export const FILE_RETRY_SCHEDULE: BackoffSchedule = { baseMs: 1000, capMs: 5 * 60_000 };

/**
 * What the byte PUT's HTTP status means: 403 is an expired or refused signature (ask for a fresh URL), 409 an
 * offset the server does not hold (ask where it stands and continue there), 413 and 415 a file the server will
 * never take; other 4xx are treated like invalid_argument, 5xx and network failures are retried.
 */
export type PutOutcome = 'fresh_url' | 'resync' | 'invalid' | 'retry';

export function classifyPutStatus(status: number): PutOutcome {
  if (status === 403) return 'fresh_url';
  if (status === 409 || status === 416) return 'resync';
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'invalid';
  return 'retry';
}
