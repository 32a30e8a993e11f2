import { Code, ConnectError } from '@connectrpc/connect';
import type { AbstractPowerSyncDatabase, PowerSyncBackendConnector, PowerSyncCredentials } from '@powersync/web';
import { AuthService } from '../gen/tagbook/v1/auth_pb.js';
import { SyncService } from '../gen/tagbook/v1/sync_pb.js';
import { rpcClient } from '../rpc/transport.js';
import { pushNotification } from './notifications.js';
import type { Backoff } from '../domain/backoff.js';
import { PartProgress, uploadTransaction, type Settled } from './transactionUpload.js';
import { toWireEntry, type LocalCrudEntry, type WireEntry } from './uploadEntries.js';
import { UploadRetries } from './uploadRetries.js';

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * What the user reads when the server refused a change. The server's words name the reason (a tag claimed by someone
 * else first, say); the rest of the transaction was refused with it, but later transactions were not.
 */
export function refusalMessage(errors: readonly { message: string; id: string }[]): string {
  const [only] = errors;
  // A refusal naming no row is of the transaction as a whole (its size): every change made with it was undone.
  if (errors.length === 1 && only!.id === '') return `${only!.message}. They were undone on this device.`;
  if (errors.length === 1) return `${only!.message}. That change was undone on this device.`;
  return `The server refused ${errors.length} change(s); they were undone on this device.`;
}

/** InvalidArgument: the request itself is malformed, so sending it again would fail the same way forever. */
export function isNeverAccepted(err: unknown): boolean {
  return err instanceof ConnectError && err.code === Code.InvalidArgument;
}

/** The caller is no longer who the session said: retrying cannot help, signing in again can. */
function isSessionEnded(err: unknown): boolean {
  return err instanceof ConnectError && (err.code === Code.Unauthenticated || err.code === Code.PermissionDenied);
}

/**
 * RPC failures reach us rewritten to 'Server error.', with the original as `cause`. The sync bar tells "offline"
 * from "broken" by the message (a network failure names fetch or network), so a request that never reached the
 * server must keep saying so, or every flaky moment of a phone's network would show a red error.
 */
export function asSyncError(err: unknown): unknown {
  const original = err instanceof ConnectError && err.cause instanceof Error ? err.cause : err;
  const message = errorMessage(original);
  return /fetch|network/i.test(message) ? new Error(`Network error: ${message}`, { cause: err }) : err;
}

/**
 * The bridge between the local database and our server (data flows one way: UI → local database → upload → server → sync → local database): credentials for the sync
 * stream, and the upload of local writes, one transaction at a time, through SyncService.UploadData.
 */
export class TagbookConnector implements PowerSyncBackendConnector {
  /** Where the transaction being sent in parts got to, so a retry resumes there. */
  private readonly parts = new PartProgress();
  private readonly retries: UploadRetries;

  constructor(backoff?: Backoff) {
    this.retries = new UploadRetries(backoff);
  }

  /** The connection is being closed (connection lifecycle): an upload waiting for its next attempt stops now. */
  interrupt(): void {
    this.retries.interrupt();
  }

  /** Back online, or the person asked to reconnect: a waiting upload goes at the next call, without its wait. */
  startOver(): void {
    this.retries.startOver();
  }

  /** A fresh 5-minute token on every connect; anonymous visitors get one for public data. */
  async fetchCredentials(): Promise<PowerSyncCredentials | null> {
    // A shared sync worker started by an earlier page may still be retrying: without a network, say so at once
    // (a network error: the bar shows offline) instead of sending a request that cannot arrive.
    if (typeof navigator !== 'undefined' && !navigator.onLine) throw new Error('Network error: the browser is offline');
    try {
      const res = await rpcClient(AuthService).getPowerSyncAuth({});
      if (!res.token) console.warn('Sync credentials came back without a token; syncing anyway.');
      return {
        endpoint: res.powersyncUrl || location.origin,
        token: res.token,
        expiresAt: res.expiresAt ? new Date(Number(res.expiresAt)) : undefined,
      };
    } catch (err) {
      const failure = asSyncError(err);
      pushNotification({ type: 'auth', message: `Could not get sync credentials: ${errorMessage(failure)}` });
      throw failure;
    }
  }

  /**
   * Sends every queued transaction, oldest first, until none remain. The server answers refused operations inside a
   * successful response: the transaction is still completed (the queue must never block) and the next checkpoint
   * brings the device back to the server's truth, so here they are only reported.
   *
   * A transaction the server could not take right now (no answer, overloaded, a database down) is sent again here,
   * after the app's back-off: the SDK's own retry waits one fixed delay, and is kept for failures of the connection.
   */
  async uploadData(db: AbstractPowerSyncDatabase): Promise<void> {
    const signal = this.retries.signal;
    const clientId = await db.getClientId();
    for (;;) {
      const tx = await db.getNextCrudTransaction();
      if (!tx) return;
      const entries = tx.crud.map((entry) => toWireEntry(entry as unknown as LocalCrudEntry));
      const res = await this.settle(clientId, BigInt(tx.transactionId ?? 0), entries, signal);
      if (res.errors.length > 0) {
        pushNotification({ type: 'rejected', message: refusalMessage(res.errors), details: res.errors.map((e) => `${e.table}/${e.id}: ${e.message}`).join('\n') });
      }
      await tx.complete();
    }
  }

  /** Sends one transaction until the server settles it; a transaction it will never take is settled here. */
  private async settle(clientId: string, transactionId: bigint, entries: WireEntry[], signal: AbortSignal): Promise<Settled> {
    for (;;) {
      await this.retries.waitForTurn(signal);
      try {
        const res = await uploadTransaction((request) => rpcClient(SyncService).uploadData(request), clientId, transactionId, entries, this.parts);
        this.retries.succeeded();
        return res;
      } catch (err) {
        // A transaction the server will never accept as sent (text it cannot store, a malformed change) must not
        // hold up every change queued behind it: it is dropped like a refusal, and the user is told.
        if (isNeverAccepted(err)) {
          this.retries.succeeded();
          pushNotification({
            type: 'rejected',
            message: 'The server refused a change it cannot store; it was undone on this device.',
            details: err instanceof Error ? err.message : String(err),
          });
          return { errors: [], duplicate: false };
        }
        const failure = asSyncError(err);
        // An ended session is the session layer's to handle (sign-out, writes kept): nothing to retry here.
        if (isSessionEnded(err)) throw failure;
        this.retries.failed();
        if (this.retries.firstFailure) pushNotification({ type: 'upload', message: `Upload failed: ${errorMessage(failure)}; it will be retried` });
      }
    }
  }
}
