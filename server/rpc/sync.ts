import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { CrudOp, SyncService, type UploadDataRequest } from '../../src/gen/tagbook/v1/sync_pb.js';
import { isTransientDbError } from '../db/errors.js';
import { applyEntry, type UploadEntry } from '../sync/upload/apply.js';
import { nameActor } from '../db/actor.js';
import { earlierAnswer, recordAnswer, type AnswerError, type TransactionKey } from '../sync/upload/answered.js';
import { loadActor, transactionLookups } from '../sync/upload/facts.js';
import type { Refusal } from '../sync/upload/policy.js';
import { NOT_STORABLE } from '../sync/upload/refusals.js';
import type { ServerContext } from './context.js';
import { requireSession } from './session-context.js';

/** More entries than this in one transaction is refused as a whole (and never retried) rather than held open. */
export const MAX_ENTRIES_PER_UPLOAD = 1000;

const KINDS = { [CrudOp.PUT]: 'PUT', [CrudOp.PATCH]: 'PATCH', [CrudOp.DELETE]: 'DELETE' } as const;

/** Thrown inside the database transaction so that a refused entry rolls back every entry before it. */
class Refused extends Error {
  constructor(readonly errors: AnswerError[]) {
    super('upload refused');
  }
}

function refusedEntry(req: UploadDataRequest, index: number, refusal: Refusal): AnswerError {
  const entry = req.crud[index];
  return { index, table: entry?.table ?? '', id: entry?.id ?? '', ...refusal };
}

type Decoded = { ok: true; entries: UploadEntry[] } | { ok: false; errors: AnswerError[] };

function decode(req: UploadDataRequest): Decoded {
  if (req.crud.length > MAX_ENTRIES_PER_UPLOAD) {
    const message = `More than ${MAX_ENTRIES_PER_UPLOAD} changes in one transaction`;
    return { ok: false, errors: [{ index: 0, table: '', id: '', code: 'invalid_value', message }] };
  }
  const entries: UploadEntry[] = [];
  for (const [index, e] of req.crud.entries()) {
    const kind = KINDS[e.op as keyof typeof KINDS];
    if (!kind) return { ok: false, errors: [refusedEntry(req, index, { code: 'invalid_value', message: 'Unknown operation' })] };
    entries.push({ table: e.table, id: e.id, kind, opData: e.opData });
  }
  return { ok: true, entries };
}

/**
 * SyncService (DESIGN decision 5). Every entry is authorised against the signed-in caller and validated; the
 * transaction applies whole or not at all. Refusals come back inside a successful answer so the device's queue
 * moves on (the next checkpoint puts the server's truth back on the device); only transient failures are errors,
 * which the SDK retries. A (user, client, transaction) is applied at most once, however often it arrives.
 */
export function syncService(ctx: ServerContext): Partial<ServiceImpl<typeof SyncService>> {
  return {
    async uploadData(req, hctx) {
      const { userId } = requireSession(hctx);
      if (req.clientId === '' || req.clientId.length > 100) throw new ConnectError('A client id is required', Code.InvalidArgument);
      const key: TransactionKey = { userId, clientId: req.clientId, transactionId: req.transactionId };
      try {
        return await ctx.db.transaction(async (tx) => {
          const earlier = await earlierAnswer(tx, key);
          if (earlier) return { duplicate: true, errors: earlier.errors };
          const decoded = decode(req);
          if (!decoded.ok) throw new Refused(decoded.errors);
          const actor = await loadActor(tx, userId);
          if (actor === null) throw new ConnectError('This account no longer exists', Code.Unauthenticated);
          await nameActor(tx, userId);
          const lookups = transactionLookups(tx);
          for (const [index, entry] of decoded.entries.entries()) {
            const refusal = await applyEntry(tx, actor, lookups, entry).catch((err: unknown) => permanentRefusal(err, entry));
            if (refusal) throw new Refused([refusedEntry(req, index, refusal)]);
          }
          await recordAnswer(tx, key, []);
          return { duplicate: false, errors: [] };
        });
      } catch (err) {
        if (err instanceof Refused) return recordRefusal(ctx, key, req, err.errors);
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

/** Records a refused transaction (its entries rolled back) with what was sent, unless a copy of it was answered meanwhile. */
async function recordRefusal(ctx: ServerContext, key: TransactionKey, req: UploadDataRequest, errors: AnswerError[]) {
  const crud = req.crud.map((e) => ({ op: KINDS[e.op as keyof typeof KINDS] ?? e.op, table: e.table, id: e.id, data: e.opData }));
  const recorded = await ctx.db.transaction(async (tx) => {
    if (await earlierAnswer(tx, key)) return false;
    await recordAnswer(tx, key, errors);
    await tx.query(
      `insert into sync_upload_rejections (user_id, client_id, transaction_id, errors, crud)
       values ($1, $2, $3, $4::text::jsonb, $5::text::jsonb)`,
      [key.userId, key.clientId, key.transactionId.toString(), JSON.stringify(errors), JSON.stringify(crud)],
    );
    return true;
  });
  if (recorded) {
    console.warn(`upload refused for user ${key.userId}: ${errors.map((e) => `${e.table}/${e.id} ${e.code}: ${e.message}`).join('; ')}`);
  }
  return { duplicate: false, errors };
}
