import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { RpcCode, UploadCall } from '../../src/domain/uploadErrors.js';
import { isActive, nextQueueItem, QueueState, type QueueEvent, type QueueItem, type QueueStateCode } from '../../src/domain/uploadQueue.js';
import type { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import type { TestFile } from './files.js';

/** One file in a device's upload queue, as src/uploads/queue.ts keeps it. */
export interface QueuedFile {
  file: TestFile;
  bucketId: string;
  formKey: string;
  formFileId: string;
}

/** Where a queue run ended, and the steps it took on the way (the state before each call). */
export interface QueueRun {
  item: QueueItem;
  steps: { state: QueueStateCode; call: UploadCall | 'put'; answer: string }[];
}

const codeName = (error: ConnectError) => Code[error.code]!.replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase()) as RpcCode;

/**
 * Runs one queued file through the app's own state machine (src/domain/uploadQueue.ts) against a test server, each
 * step as src/uploads/queue.ts performs it, until it is done or failed: what a device that comes back does with it.
 * Retry delays are not waited for (the answers decide the path, not the clock); `maxSteps` stops a run that would
 * go round for ever, which the caller then sees as a state still active.
 */
export async function runQueuedFile(
  api: Client<typeof UploadService>,
  serverUrl: string,
  queued: QueuedFile,
  from: QueueStateCode,
  maxSteps = 12,
): Promise<QueueRun> {
  const { file, bucketId, formKey, formFileId } = queued;
  let item: QueueItem = { state: from, size: file.bytes.length, uploadedBytes: 0, signedUrl: null, signedUrlExpires: null, attempts: 0, nextAttemptAt: 0, lastError: null };
  const steps: QueueRun['steps'] = [];
  const apply = (event: QueueEvent) => (item = nextQueueItem(item, event, Date.now()));
  const call = async (name: UploadCall, work: () => Promise<QueueEvent>) => {
    const state = item.state;
    try {
      apply(await work());
      steps.push({ state, call: name, answer: 'ok' });
    } catch (error) {
      if (!(error instanceof ConnectError)) throw error;
      // A device with nothing else on its way: a not_found on the add is final there (src/domain/uploadErrors.ts).
      apply({ type: 'rpc_error', call: name, code: codeName(error), message: error.rawMessage, bucketId, writesPending: false });
      steps.push({ state, call: name, answer: codeName(error) });
    }
  };
  const hashes = { combinedHash: file.combinedHash, metadataHash: file.metadataHash };

  for (let n = 0; n < maxSteps && isActive(item); n++) {
    switch (item.state) {
      case QueueState.queued:
        await call('add', async () => {
          const res = await api.addFilesToBucket({ bucketId, formKey, files: [file.toAdd(formFileId)] });
          return { type: 'added', needsUpload: res.files[0]?.needsUpload ?? true };
        });
        break;
      case QueueState.added:
        await call('upload_url', async () => {
          const res = await api.getUploadSignedUrl({ bucketId, ...hashes });
          return { type: 'url', url: res.uploadUrl, expires: Number(res.uploadUrlExpire) };
        });
        break;
      case QueueState.uploading: {
        // The rest of the bytes from where the server stands, in one PUT.
        const url = new URL(item.signedUrl!, serverUrl);
        const offset = Number((await fetch(url, { method: 'HEAD' })).headers.get('upload-offset') ?? 0);
        const size = file.bytes.length;
        const res = offset >= size ? null : await fetch(url, {
          method: 'PUT',
          headers: { 'content-range': `bytes ${offset}-${size - 1}/${size}` },
          body: new Uint8Array(file.bytes.subarray(offset)),
        });
        steps.push({ state: item.state, call: 'put', answer: res === null ? 'all held' : String(res.status) });
        apply(res === null || res.ok ? { type: 'sent' } : { type: 'put_failed', status: res.status, message: await res.text() });
        break;
      }
      case QueueState.uploaded:
        await call('finalize', async () => {
          await api.finalizeUpload(hashes);
          return { type: 'finalized' };
        });
        break;
    }
  }
  return { item, steps };
}
