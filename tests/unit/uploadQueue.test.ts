import { describe, expect, it } from 'vitest';
import { isActive, nextQueueItem, overallProgress, QueueState, urlUsable, URL_SAFETY_MS, type QueueEvent, type QueueItem } from '../../src/domain/uploadQueue.js';

const base: QueueItem = { state: QueueState.queued, size: 1000, uploadedBytes: 0, signedUrl: null, signedUrlExpires: null, attempts: 0, nextAttemptAt: 0, lastError: null };
const NOW = 1_000_000;
const run = (events: QueueEvent[], from: QueueItem = base) => events.reduce((item, e) => nextQueueItem(item, e, NOW, 0.5), from);
const err = (call: 'add' | 'upload_url' | 'finalize', code: Parameters<typeof nextQueueItem>[1] extends infer E ? (E extends { type: 'rpc_error'; code: infer C } ? C : never) : never): QueueEvent => ({ type: 'rpc_error', call, code, message: `${call} ${code}` });

describe('upload queue state machine', () => {
  it('the happy path: queued → added → uploading (with progress) → uploaded → done', () => {
    const added = run([{ type: 'added', needsUpload: true }]);
    expect(added.state).toBe(QueueState.added);
    const uploading = run([{ type: 'url', url: '/u', expires: NOW + 3_600_000 }, { type: 'progress', uploadedBytes: 400 }], added);
    expect([uploading.state, uploading.uploadedBytes, uploading.signedUrl]).toEqual([QueueState.uploading, 400, '/u']);
    const done = run([{ type: 'sent' }, { type: 'finalized' }], uploading);
    expect([done.state, done.uploadedBytes, done.signedUrl, isActive(done)]).toEqual([QueueState.done, 1000, null, false]);
  });

  it('a file the server already has from this user skips the bytes', () => {
    expect(run([{ type: 'added', needsUpload: false }]).state).toBe(QueueState.uploaded);
    expect(run([{ type: 'added', needsUpload: true }, err('upload_url', 'already_exists')]).state).toBe(QueueState.uploaded);
  });

  it('retryable failures keep the state, count attempts and back off; success clears them', () => {
    const once = run([err('add', 'unavailable')]);
    expect([once.state, once.attempts, once.nextAttemptAt, once.lastError]).toEqual([QueueState.queued, 1, NOW + 750, 'add unavailable']);
    const twice = run([err('add', 'network')], once);
    expect([twice.attempts, twice.nextAttemptAt]).toEqual([2, NOW + 1500]);
    const ok = run([{ type: 'added', needsUpload: true }], twice);
    expect([ok.attempts, ok.nextAttemptAt, ok.lastError]).toEqual([0, 0, null]);
  });

  it('an upload URL refused not_found is retried from the add: the server no longer lists the file', () => {
    // Its upload was swept after a week without a byte (or the add is still in flight, which adding again answers).
    const added = run([{ type: 'added', needsUpload: true }]);
    expect(run([err('upload_url', 'not_found')], added)).toMatchObject({ state: QueueState.queued, attempts: 1, nextAttemptAt: NOW + 750, signedUrl: null });
    // A finalize that finds no file goes the same way, through the upload URL.
    const uploaded: QueueItem = { ...base, state: QueueState.uploaded, signedUrl: '/u', signedUrlExpires: NOW * 10 };
    expect(run([err('finalize', 'not_found'), err('upload_url', 'not_found'), { type: 'added', needsUpload: true }], uploaded).state).toBe(QueueState.added);
  });

  it('finalize without all the bytes (not_found) goes back to send the rest', () => {
    expect(run([err('finalize', 'not_found')], { ...base, state: QueueState.uploaded, signedUrl: '/u', signedUrlExpires: NOW * 10 })).toMatchObject({ state: QueueState.added, signedUrl: null, attempts: 1 });
  });

  it('failed_precondition is final at every step, and the file is refused with the words the server gave, never taken as stored', () => {
    const steps = [
      ['add', base],
      ['upload_url', { ...base, state: QueueState.added }],
      ['finalize', { ...base, state: QueueState.uploaded }],
    ] as const;
    for (const [call, from] of steps) {
      const refused = run([err(call, 'failed_precondition')], from);
      expect([refused.state, refused.lastError, isActive(refused)], call).toEqual([QueueState.failed, `${call} failed_precondition`, false]);
    }
  });

  it('a first add answered not_found waits for the changes still on their way, and is refused once none are', () => {
    const notFound = (writesPending: boolean): QueueEvent => ({ type: 'rpc_error', call: 'add', code: 'not_found', message: 'add not_found', writesPending });
    expect(run([notFound(true)])).toMatchObject({ state: QueueState.queued, attempts: 1 });
    expect(run([notFound(false)])).toMatchObject({ state: QueueState.failed, lastError: 'add not_found' });
  });

  it('invalid_argument fails for good; permission_denied and unauthenticated wait for a sign-in, then start over', () => {
    expect(run([err('finalize', 'invalid_argument')], { ...base, state: QueueState.uploaded })).toMatchObject({ state: QueueState.failed, lastError: 'finalize invalid_argument' });
    for (const code of ['permission_denied', 'unauthenticated'] as const) {
      const waiting = run([err('add', code)]);
      expect([waiting.state, isActive(waiting)]).toEqual([QueueState.waitingAuth, false]);
      expect(run([{ type: 'signed_in' }], waiting).state).toBe(QueueState.queued);
    }
    expect(run([{ type: 'signed_in' }], { ...base, state: QueueState.failed }).state).toBe(QueueState.failed);
  });

  it('PUT failures: 403 drops the URL and asks again at once; 409 resyncs with back-off; 413 fails', () => {
    const uploading: QueueItem = { ...base, state: QueueState.uploading, signedUrl: '/u', signedUrlExpires: NOW + 10_000_000, uploadedBytes: 300 };
    expect(run([{ type: 'put_failed', status: 403, message: 'expired' }], uploading)).toMatchObject({ state: QueueState.added, signedUrl: null, nextAttemptAt: NOW, uploadedBytes: 300 });
    expect(run([{ type: 'put_failed', status: 409, message: 'offset' }], uploading)).toMatchObject({ state: QueueState.uploading, attempts: 1 });
    expect(run([{ type: 'put_failed', status: 503, message: 'down' }], uploading)).toMatchObject({ state: QueueState.uploading, attempts: 1 });
    expect(run([{ type: 'put_failed', status: 413, message: 'too big' }], uploading).state).toBe(QueueState.failed);
  });

  it('a signed URL is not used in its last minute', () => {
    const item: QueueItem = { ...base, signedUrl: '/u', signedUrlExpires: NOW + URL_SAFETY_MS + 1 };
    expect(urlUsable(item, NOW)).toBe(true);
    expect(urlUsable(item, NOW + 1)).toBe(false);
    expect(urlUsable({ ...item, signedUrl: null }, NOW)).toBe(false);
  });

  it('overall progress counts bytes, finished files whole, failed ones not at all', () => {
    expect(overallProgress([])).toBe(1);
    expect(overallProgress([
      { state: QueueState.done, size: 100, uploadedBytes: 0 },
      { state: QueueState.uploading, size: 300, uploadedBytes: 100 },
      { state: QueueState.failed, size: 1000, uploadedBytes: 0 },
    ])).toBe(0.5);
  });
});
