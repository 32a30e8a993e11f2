import type { AbstractPowerSyncDatabase } from '@powersync/node';
import { uploadTransaction, type SendUpload, type Settled } from '../../src/data/transactionUpload.js';
import { toWireEntry, type LocalCrudEntry } from '../../src/data/uploadEntries.js';
import { CrudOp, SyncService, type UploadDataResponse } from '../../src/gen/tagbook/v1/sync_pb.js';
import { newId } from '../../src/domain/ids.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import type { TestDevice } from './device.js';
import { putRange, type TestFile } from './files.js';

/**
 * How tests send changes through SyncService.UploadData, the way the app's upload queue does: one helper for a
 * device's hand-made transactions, one for an official client's queue.
 */

/** One change of a local transaction. */
export interface Change {
  table: string;
  id: string;
  op: 'PUT' | 'PATCH' | 'DELETE';
  /** The values written; a delete sends none. */
  data?: Record<string, unknown>;
}

export interface UploadOptions {
  /** The device's client id (its local database's); each device has its own by default. */
  clientId?: string;
  /** The transaction's number; by default the next of that client id's, starting at 1. */
  transactionId?: bigint;
}

const clientIds = new WeakMap<TestDevice, string>();
const lastTransaction = new Map<string, bigint>();
let devicesSeen = 0;

/** Sends `changes` from `device` as one transaction, numbered after that client's previous one. */
export function upload(device: TestDevice, changes: Change | readonly Change[], options: UploadOptions = {}): Promise<UploadDataResponse> {
  let clientId = options.clientId ?? clientIds.get(device);
  if (clientId === undefined) {
    clientId = `device-${++devicesSeen}`;
    clientIds.set(device, clientId);
  }
  const transactionId = options.transactionId ?? (lastTransaction.get(clientId) ?? 0n) + 1n;
  if (transactionId > (lastTransaction.get(clientId) ?? 0n)) lastTransaction.set(clientId, transactionId);
  const list = Array.isArray(changes) ? (changes as readonly Change[]) : [changes as Change];
  return device.client(SyncService).uploadData({
    clientId,
    transactionId,
    crud: list.map((c, i) => ({
      clientId: BigInt(i + 1),
      id: c.id,
      op: CrudOp[c.op],
      table: c.table,
      opData: c.op === 'DELETE' ? '' : JSON.stringify(c.data ?? {}),
      transactionId,
    })),
  });
}

/** The codes of what the server refused, in order; empty when all was applied. */
export const refusalCodes = (res: UploadDataResponse): string[] => res.errors.map((e) => e.code);

/** 'ok' when all was applied, else the refusals' codes. */
export const verdict = (res: UploadDataResponse): string => refusalCodes(res).join(', ') || 'ok';

/**
 * An official client's uploadData, sending each queued transaction with the app's own upload code
 * (src/data/transactionUpload.ts: large ones in parts) and recording how the server settled each, in order.
 */
export function queueUploader(send: SendUpload, settled: Settled[]): (db: AbstractPowerSyncDatabase) => Promise<void> {
  return async (db) => {
    const clientId = await db.getClientId();
    for (let tx = await db.getNextCrudTransaction(); tx; tx = await db.getNextCrudTransaction()) {
      const entries = tx.crud.map((e) => toWireEntry(e as unknown as LocalCrudEntry));
      settled.push(await uploadTransaction(send, clientId, BigInt(tx.transactionId ?? 0), entries));
      await tx.complete();
    }
  };
}

/** A device's UploadData as the upload code calls it. */
export const sendFrom = (device: TestDevice): SendUpload => (request) => device.client(SyncService).uploadData(request);

/**
 * Stores `file` through the Upload service as `device`'s app does (added to a bucket of `formKey`, its bytes sent to
 * the signed URL, finalized), and fails the test if any step is refused.
 */
export async function storeFile(baseUrl: string, device: TestDevice, formKey: string, file: TestFile): Promise<void> {
  const uploads = device.client(UploadService);
  const bucketId = newId();
  await uploads.addFilesToBucket({ bucketId, formKey, files: [file.toAdd()] });
  const { uploadUrl } = await uploads.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
  const put = await putRange(baseUrl, uploadUrl, file.bytes, 0, file.bytes.length);
  if (put.status !== 200) throw new Error(`the upload of ${file.combinedHash} answered ${put.status}`);
  const { state } = await uploads.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash });
  if (state !== FileState.DOWNLOADED_OK) throw new Error(`${file.combinedHash} is not stored after finalizing (state ${state})`);
}
