import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { entryBytes, UPLOAD_TRANSACTION_MAX_BYTES } from '../../src/domain/transactionLimits.js';
import { UploadDataRequestSchema, type CrudEntry, type UploadPart } from '../../src/gen/tagbook/v1/sync_pb.js';
import type { Queryable } from '../db/db.js';
import type { TransactionKey } from './answered.js';
import { oversizedEntries, transactionTooLarge, travelledBytes, type OpError } from './size.js';


/**
 * Bytes of unfinished parts one user may leave on the server across all their devices: room for two of the
 * largest transactions at once, so a device cannot fill the disk with parts it never completes. Beyond it a part
 * is answered resource_exhausted, which the device retries later (parts are swept after a day).
 */
export const STAGED_BYTES_PER_USER_MAX = 2 * UPLOAD_TRANSACTION_MAX_BYTES;

/** What became of a part: kept while others are missing, or the whole transaction ready (or refused before it). */
export type PartOutcome =
  | { kind: 'missing'; parts: number[] }
  | { kind: 'complete'; entries: CrudEntry[] }
  | { kind: 'refused'; errors: OpError[]; entries: CrudEntry[] };

const keyParams = (key: TransactionKey) => [key.userId, key.clientId, key.transactionId.toString()];
const OF_TRANSACTION = 'user_id = $1 and client_id = $2 and transaction_id = $3';

/** A part that cannot belong to the transaction it names is a broken request, answered invalid_argument. */
function checkShape(part: UploadPart, entries: number): void {
  const fits =
    part.count >= 1 &&
    part.index < part.count &&
    entries >= 1 &&
    part.count <= part.totalEntries &&
    part.firstEntry + entries <= part.totalEntries;
  if (!fits) throw new ConnectError('The part does not fit the transaction it names', Code.InvalidArgument);
}

/**
 * Keeps one part of a transaction; when it was the last one missing, returns the whole transaction's entries in
 * order. Runs inside the caller's database transaction, so a part is either kept whole or not at all, and the
 * transaction's apply (and the deletion of its parts, dropParts) commits with the last part.
 */
export async function receivePart(tx: Queryable, key: TransactionKey, part: UploadPart, crud: CrudEntry[]): Promise<PartOutcome> {
  checkShape(part, crud.length);
  // Refused as soon as it can be told, so a device does not send 30 MB to hear it at the end.
  const early = [transactionTooLarge(part.totalEntries, Number(part.totalBytes)), ...oversizedEntries(crud, part.firstEntry)];
  const errors = early.filter((e): e is OpError => e !== null);
  if (errors.length > 0) return { kind: 'refused', errors, entries: crud };

  const bytes = crud.reduce((sum, e) => sum + entryBytes(e), 0);
  const params = keyParams(key);
  // A device that split the transaction differently (another version of the app) starts over with this split.
  await tx.query(
    `delete from sync_upload_parts where ${OF_TRANSACTION} and (part_count <> $4 or total_entries <> $5 or total_bytes <> $6)`,
    [...params, part.count, part.totalEntries, part.totalBytes.toString()],
  );
  const [held] = await tx.query<{ bytes: string | null }>(
    'select sum(bytes) as bytes from sync_upload_parts where user_id = $1 and not (client_id = $2 and transaction_id = $3 and part = $4)',
    [...params, part.index],
  );
  if (Number(held?.bytes ?? 0) + bytes > STAGED_BYTES_PER_USER_MAX) {
    throw new ConnectError('Too many unfinished uploads are waiting on the server; this one will be retried later', Code.ResourceExhausted);
  }
  const encoded = toBinary(UploadDataRequestSchema, create(UploadDataRequestSchema, { crud }));
  await tx.query(
    `insert into sync_upload_parts (user_id, client_id, transaction_id, part, part_count, total_entries, total_bytes, first_entry, entries, bytes)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (user_id, client_id, transaction_id, part)
     do update set first_entry = excluded.first_entry, entries = excluded.entries, bytes = excluded.bytes, created_at = now()`,
    [...params, part.index, part.count, part.totalEntries, part.totalBytes.toString(), part.firstEntry, encoded, bytes],
  );
  const stored = await tx.query<{ part: number }>(`select part from sync_upload_parts where ${OF_TRANSACTION}`, params);
  const have = new Set(stored.map((r) => r.part));
  const missing = [...Array(part.count).keys()].filter((i) => !have.has(i));
  if (missing.length > 0) return { kind: 'missing', parts: missing };
  return assemble(tx, key, part);
}

/** Every part is in: their entries in order, or, when the parts do not join up, all but this one dropped. */
async function assemble(tx: Queryable, key: TransactionKey, last: UploadPart): Promise<PartOutcome> {
  const rows = await tx.query<{ part: number; first_entry: number; entries: Uint8Array }>(
    `select part, first_entry, entries from sync_upload_parts where ${OF_TRANSACTION} order by part`,
    keyParams(key),
  );
  const entries: CrudEntry[] = [];
  for (const row of rows) {
    if (row.first_entry !== entries.length) return startOver(tx, key, last);
    entries.push(...fromBinary(UploadDataRequestSchema, row.entries).crud);
  }
  if (entries.length !== last.totalEntries) return startOver(tx, key, last);
  const tooLarge = transactionTooLarge(entries.length, entries.reduce((sum, e) => sum + travelledBytes(e), 0));
  if (tooLarge) return { kind: 'refused', errors: [tooLarge], entries };
  return { kind: 'complete', entries };
}

/** Parts that overlap or leave gaps (kept from another split): only the newest one stays, the device resends the rest. */
async function startOver(tx: Queryable, key: TransactionKey, kept: UploadPart): Promise<PartOutcome> {
  await tx.query(`delete from sync_upload_parts where ${OF_TRANSACTION} and part <> $4`, [...keyParams(key), kept.index]);
  return { kind: 'missing', parts: [...Array(kept.count).keys()].filter((i) => i !== kept.index) };
}

/** Once a transaction is settled (applied, refused or found a duplicate), its parts go. */
export async function dropParts(tx: Queryable, key: TransactionKey): Promise<void> {
  await tx.query(`delete from sync_upload_parts where ${OF_TRANSACTION}`, keyParams(key));
}
