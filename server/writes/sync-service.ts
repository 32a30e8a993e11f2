import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { CrudOp, SyncService, type CrudEntry } from '../../src/gen/tagbook/v1/sync_pb.js';
import { isTransientDbError } from '../db/errors.js';
import { applyEntry, type UploadEntry } from './apply.js';
import { loadActor, nameActor } from '../db/actor.js';
import { earlierAnswer, keepRejection, recordAnswer, type RejectedEntry, type TransactionKey } from './answered.js';
import { transactionLookups } from './facts.js';
import { dropParts, receivePart } from './parts.js';
import type { Refusal } from './policy.js';
import { NOT_STORABLE } from './refusals.js';
import { oversizedEntries, transactionTooLarge, travelledBytes, type OpError } from './size.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession } from '../rpc/session-context.js';

const KINDS = { [CrudOp.PUT]: 'PUT', [CrudOp.PATCH]: 'PATCH', [CrudOp.DELETE]: 'DELETE' } as const;

/** Thrown inside the database transaction so that a refused entry rolls back every entry before it. */
class Refused extends Error {
  constructor(
    readonly errors: OpError[],
    /** What the device sent, kept with the refusal for administrators. */
    readonly entries: readonly CrudEntry[],
  ) {
    super('upload refused');
  }
}

function refusedEntry(entries: readonly CrudEntry[], index: number, refusal: Refusal): OpError {
  const entry = entries[index];
  return { index, table: entry?.table ?? '', id: entry?.id ?? '', ...refusal };
}

/** Size first (a transaction too large, or a change too large to have travelled), then each entry's operation. */
function decode(entries: readonly CrudEntry[]): UploadEntry[] {
  const tooLarge = transactionTooLarge(entries.length, entries.reduce((sum, e) => sum + travelledBytes(e), 0));
  const oversized = oversizedEntries(entries, 0);
  if (tooLarge || oversized.length > 0) throw new Refused(tooLarge ? [tooLarge] : oversized, entries);
  return entries.map((e, index) => {
    const kind = KINDS[e.op as keyof typeof KINDS];
    if (!kind) throw new Refused([refusedEntry(entries, index, { code: 'invalid_value', message: 'Unknown operation' })], entries);
    return { table: e.table, id: e.id, kind, opData: e.opData };
  });
}

/**
 * SyncService: what devices upload of their local writes. Every entry is authorised against the signed-in caller
 * and validated; the transaction applies whole or not at all. Refusals come back inside a successful answer so the device's queue
 * moves on (the next checkpoint puts the server's truth back on the device); only transient failures are errors,
 * which the SDK retries. A (user, client, transaction) is applied at most once, however often it arrives, and
 * however many parts it came in: a transaction in parts is claimed and applied when its last part arrives.
 */
export function syncService(ctx: ServerContext): Partial<ServiceImpl<typeof SyncService>> {
  return {
    async uploadData(req, hctx) {
      const { userId } = requireSession(hctx);
      if (req.clientId === '' || req.clientId.length > 100) throw new ConnectError('A client id is required', Code.InvalidArgument);
      const key: TransactionKey = { userId, clientId: req.clientId, transactionId: req.transactionId };
      try {
        return await ctx.db.transaction(async (tx) => {
          // Locks the device's mark: two copies of one upload (or two parts) are taken one after the other.
          const earlier = await earlierAnswer(tx, key);
          if (earlier) {
            // Sent again after it was answered (a lost reply, or a part of a settled transaction): nothing to keep.
            if (req.part) await dropParts(tx, key);
            return { duplicate: true, errors: earlier.errors };
          }
          let entries: readonly CrudEntry[] = req.crud;
          if (req.part) {
            const outcome = await receivePart(tx, key, req.part, req.crud);
            if (outcome.kind === 'missing') return { duplicate: false, errors: [], missingParts: outcome.parts };
            if (outcome.kind === 'refused') throw new Refused(outcome.errors, outcome.entries);
            entries = outcome.entries;
            await dropParts(tx, key);
          }
          const decoded = decode(entries);
          const actor = await loadActor(tx, userId);
          if (actor === null) throw new ConnectError('This account no longer exists', Code.Unauthenticated);
          await nameActor(tx, userId);
          const lookups = transactionLookups(tx);
          for (const [index, entry] of decoded.entries()) {
            const refusal = await applyEntry(tx, actor, lookups, entry).catch((err: unknown) => permanentRefusal(err, entry));
            if (refusal) throw new Refused([refusedEntry(entries, index, refusal)], entries);
          }
          await recordAnswer(tx, key, []);
          return { duplicate: false, errors: [] };
        });
      } catch (err) {
        if (err instanceof Refused) return recordRefusal(ctx, key, err.entries, err.errors);
        if (err instanceof ConnectError) throw err;
        console.error('upload failed', err);
        throw new ConnectError('The upload could not be applied right now; it will be retried', Code.Unavailable);
      }
    },
  };
}

/**
 * A database error that would fail the same way on every retry (bad data, a broken constraint, a column the
 * database lacks) is answered as a refusal, so the device's queue moves on; only real unavailability is rethrown
 * for the device to retry. The database's words name its tables and columns: they go to the log, not the device.
 */
function permanentRefusal(err: unknown, entry: UploadEntry): Refusal {
  if (isTransientDbError(err)) throw err;
  console.warn(`upload entry ${entry.table}/${entry.id} refused by the database: ${(err as Error).message}`);
  return NOT_STORABLE;
}

/** Refusals keep what was sent for administrators to read; of a larger transaction, only the entries refused. */
const REJECTION_KEEPS_ALL_UP_TO = 100;

/** Records the refusal as the transaction's answer (so a retry hears it again) and drops whatever parts it left. */
async function recordRefusal(ctx: ServerContext, key: TransactionKey, entries: readonly CrudEntry[], errors: OpError[]) {
  const kept = entries.length <= REJECTION_KEEPS_ALL_UP_TO ? entries : errors.flatMap((e) => entries[e.index] ?? []);
  const crud: RejectedEntry[] = kept.map((e) => ({ op: KINDS[e.op as keyof typeof KINDS] ?? e.op, table: e.table, id: e.id, data: e.opData }));
  const recorded = await ctx.db.transaction(async (tx) => {
    await dropParts(tx, key);
    if (await earlierAnswer(tx, key)) return false;
    await recordAnswer(tx, key, errors);
    await keepRejection(tx, key, errors, crud);
    return true;
  });
  if (recorded) {
    console.warn(`upload refused for user ${key.userId}: ${errors.map((e) => `${e.table}/${e.id} ${e.code}: ${e.message}`).join('; ')}`);
  }
  return { duplicate: false, errors };
}
