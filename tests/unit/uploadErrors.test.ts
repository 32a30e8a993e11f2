import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/domain/backoff.js';
import { classifyPutStatus, classifyUploadError, FILE_RETRY_SCHEDULE, type RpcCode, type UploadCall } from '../../src/domain/uploadErrors.js';

const CODES: RpcCode[] = [
  'canceled', 'unknown', 'invalid_argument', 'deadline_exceeded', 'not_found', 'already_exists', 'permission_denied',
  'resource_exhausted', 'failed_precondition', 'aborted', 'out_of_range', 'unimplemented', 'internal', 'unavailable',
  'data_loss', 'unauthenticated', 'network',
];

/**
 * How each upload failure is handled, written out per call and code: the table the rule must reproduce, every cell. failed_precondition is
 * final, as SPEC has it, but told as not accepted: this server answers it only for work that can no longer be done.
 */
const GENERAL: Partial<Record<RpcCode, string>> = {
  invalid_argument: 'fail:invalid',
  permission_denied: 'fail:auth',
  unauthenticated: 'fail:auth',
  failed_precondition: 'fail:impossible',
};
const SIGNED_URL: Partial<Record<RpcCode, string>> = {
  ...GENERAL,
  not_found: 'fail:not_found',
  unimplemented: 'fail:unsupported',
  already_exists: 'fail:unsupported',
};
const EXPECTED: Record<UploadCall, Partial<Record<RpcCode, string>>> = {
  check: GENERAL,
  add: GENERAL,
  finalize: GENERAL,
  download_url: SIGNED_URL,
  upload_url: { ...SIGNED_URL, not_found: 'retry', already_exists: 'skip_upload' },
};

const show = (o: ReturnType<typeof classifyUploadError>) => (o.kind === 'fail' ? `fail:${o.reason}` : o.kind);

describe('upload error classes', () => {
  for (const call of Object.keys(EXPECTED) as UploadCall[]) {
    it(`${call}: every code`, () => {
      const got = Object.fromEntries(CODES.map((code) => [code, show(classifyUploadError(call, code, 'bucket'))]));
      const want = Object.fromEntries(CODES.map((code) => [code, EXPECTED[call][code] ?? 'retry']));
      expect(got).toEqual(want);
    });
  }

  it('add: not_found is retried while the device has changes on their way (what the file is attached to may be one), final once it has none', () => {
    expect(show(classifyUploadError('add', 'not_found', 'bucket', true))).toBe('retry');
    expect(show(classifyUploadError('add', 'not_found', 'bucket', false))).toBe('fail:not_found');
    // Only the add's not_found hangs on it: every other cell is the same either way.
    for (const call of Object.keys(EXPECTED) as UploadCall[]) {
      for (const code of CODES) {
        if (call === 'add' && code === 'not_found') continue;
        expect(show(classifyUploadError(call, code, 'bucket', false)), `${call} ${code}`).toBe(show(classifyUploadError(call, code, 'bucket', true)));
      }
    }
  });

  it("an empty bucket id is the non-retryable 'Empty bucketId', whatever the code", () => {
    for (const call of ['check', 'add', 'upload_url'] as const) {
      for (const code of CODES) expect(show(classifyUploadError(call, code, ''))).toBe('fail:empty_bucket');
    }
  });

  it('retries back off by the app\'s rule, doubling from 1 s to at most 5 minutes', () => {
    const delay = (n: number, random: number) => backoffDelay(n, random, FILE_RETRY_SCHEDULE);
    expect([1, 2, 3, 4].map((n) => delay(n, 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(delay(30, 1)).toBe(5 * 60_000);
    expect(delay(1, 0)).toBe(500);
  });

  it('byte PUT statuses: 403 asks for a fresh URL, 409/416 resyncs the offset, 413 and 415 fail, 5xx and 408/429 retry', () => {
    expect([403, 409, 416, 413, 415, 400, 408, 429, 500, 502, 503].map(classifyPutStatus)).toEqual([
      'fresh_url', 'resync', 'resync', 'invalid', 'invalid', 'invalid', 'retry', 'retry', 'retry', 'retry', 'retry',
    ]);
  });
});
