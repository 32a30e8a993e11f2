// Sends one local transaction to SyncService.UploadData, in parts when it is too large for one request, until the
// server settles it. The request goes through an injected function, so the app's connector and the server tests'
// official client run the same code.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { UploadDataRequestSchema, UploadDataResponse } from '../gen/tagbook/v1/sync_pb.js';
import type { WireEntry } from './uploadEntries.js';
import { planRequests } from './uploadParts.js';

export type SendUpload = (request: MessageInitShape<typeof UploadDataRequestSchema>) => Promise<UploadDataResponse>;

/** How the server settled a transaction: applied (no errors), refused whole (errors), or already applied before. */
export type Settled = Pick<UploadDataResponse, 'errors' | 'duplicate'>;

/** A server that keeps asking for parts it was just sent is failing to keep them: a transient fault, retried. */
export class PartsNotKept extends Error {
  constructor() {
    super('The server did not keep a part of the upload; it will be sent again');
  }
}

/**
 * Which parts the server still needed, from its last answer, per transaction: a retry after a lost connection
 * starts there instead of sending the parts already kept again. Memory only; after a reload, the first answer
 * says again what is missing.
 */
export class PartProgress {
  private last: { key: string; missing: number[] } | null = null;

  missing(key: string): readonly number[] | null {
    return this.last?.key === key ? this.last.missing : null;
  }

  remember(key: string, missing: number[]): void {
    this.last = { key, missing };
  }

  forget(): void {
    this.last = null;
  }
}

export async function uploadTransaction(
  send: SendUpload,
  clientId: string,
  transactionId: bigint,
  entries: readonly WireEntry[],
  progress = new PartProgress(),
): Promise<Settled> {
  const requests = planRequests(entries);
  const whole = requests[0];
  if (requests.length === 1 && whole && !whole.part) return send({ clientId, transactionId, crud: whole.crud });

  const key = `${clientId}/${transactionId}`;
  // A part the server refuses outright goes first: nothing else needs to travel to hear that.
  let next = requests.findIndex((r) => r.holdsOversized);
  if (next < 0) next = progress.missing(key)?.[0] ?? 0;
  // Each answer names fewer missing parts than the one before, unless the server drops what it holds.
  for (let sent = 0; sent <= 2 * requests.length; sent++) {
    const request = requests[next];
    if (!request) break;
    const res = await send({ clientId, transactionId, crud: request.crud, part: request.part });
    if (res.missingParts.length === 0) {
      progress.forget();
      return res;
    }
    progress.remember(key, res.missingParts);
    if (res.missingParts.includes(next)) break;
    next = res.missingParts[0]!;
  }
  progress.forget();
  throw new PartsNotKept();
}
