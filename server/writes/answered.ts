import type { Queryable } from '../db/db.js';
import type { OpError } from './size.js';

/**
 * Which transactions of a device the server has answered (applied or refused), so that each is applied at most
 * once however often and however late it arrives. A device is a (user, client id); its transactions are numbered in
 * increasing order by the PowerSync SDK and uploaded in that order, each only once the one before was answered
 * (migration 0014 says where that is in the SDK), so one number per device says it all: the highest answered. The
 * detailed row of each answer (its refusal errors, for a retry and for administrators) is kept for recent ones only
 * (server/db/retention.ts). A transaction sent in parts is answered once, when its last part is applied.
 */
export interface TransactionKey {
  userId: string;
  clientId: string;
  transactionId: bigint;
}

/**
 * The earlier answer to this transaction (its errors, when the detailed row is still kept: none otherwise), or null
 * when it was never answered. Locks the device's row until the caller's transaction ends, so two copies of one
 * upload arriving together are applied once: the second waits, then finds the first's answer.
 */
export async function earlierAnswer(tx: Queryable, key: TransactionKey): Promise<{ errors: OpError[] } | null> {
  const params = [key.userId, key.clientId];
  await tx.query('insert into sync_upload_clients (user_id, client_id) values ($1, $2) on conflict do nothing', params);
  const [device] = await tx.query<{ answered: boolean | null }>(
    'select last_transaction_id >= $3::bigint as answered from sync_upload_clients where user_id = $1 and client_id = $2 for update',
    [...params, key.transactionId.toString()],
  );
  if (!device?.answered) return null;
  const [detail] = await tx.query<{ errors: OpError[] }>(
    'select errors from sync_upload_transactions where user_id = $1 and client_id = $2 and transaction_id = $3',
    [...params, key.transactionId.toString()],
  );
  return { errors: detail?.errors ?? [] };
}

/** Records the answer to a transaction earlierAnswer() found unanswered, in the same database transaction. */
export async function recordAnswer(tx: Queryable, key: TransactionKey, errors: OpError[]): Promise<void> {
  const params = [key.userId, key.clientId, key.transactionId.toString()];
  await tx.query(
    `insert into sync_upload_transactions (user_id, client_id, transaction_id, errors) values ($1, $2, $3, $4::text::jsonb)
     on conflict do nothing`,
    [...params, JSON.stringify(errors)],
  );
  await tx.query(
    `update sync_upload_clients set last_transaction_id = greatest(last_transaction_id, $3::bigint), updated_at = now()
      where user_id = $1 and client_id = $2`,
    params,
  );
}

/** An entry of a refused transaction as kept for administrators: what the device sent. */
export interface RejectedEntry {
  /** PUT, PATCH or DELETE; an operation the server does not know, as its number. */
  op: string | number;
  table: string;
  id: string;
  /** The entry's data as the device sent it (JSON text). */
  data: string;
}

/** Keeps a refused transaction's errors and entries for administrators to read, in the answer's transaction. */
export async function keepRejection(tx: Queryable, key: TransactionKey, errors: OpError[], crud: RejectedEntry[]): Promise<void> {
  await tx.query(
    `insert into sync_upload_rejections (user_id, client_id, transaction_id, errors, crud)
     values ($1, $2, $3, $4::text::jsonb, $5::text::jsonb)`,
    [key.userId, key.clientId, key.transactionId.toString(), JSON.stringify(errors), JSON.stringify(crud)],
  );
}
