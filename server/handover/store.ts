import { createHash, randomBytes } from 'node:crypto';
import { formKey } from '../../src/domain/files.js';
import { isLinkSecret } from '../../src/domain/ids.js';
import type { Queryable } from '../db/db.js';

// What the transfer and report services read and write (migration 0029).

/** 256 random bits, base64url (isLinkSecret): a link's secret, safe as a path segment and too many to guess. */
export function newLinkSecret(): string {
  const secret = randomBytes(32).toString('base64url');
  if (!isLinkSecret(secret)) throw new Error('a link secret lost its shape');
  return secret;
}

export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

export type HandedVehicle = { id: string; name: string | null; user_id: string | null; owner_email: string | null; owner_name: string | null };

/** The vehicle with its owner's address and name, its row locked until the transaction ends (its owner cannot change meanwhile). */
export async function lockVehicleForHandover(tx: Queryable, vehicleId: string): Promise<HandedVehicle | undefined> {
  const [row] = await tx.query<HandedVehicle>(
    `select v.id, v.name, v.user_id, u.email as owner_email, u.display_name as owner_name
       from vehicles v left join users u on u.id = v.user_id where v.id = $1 for update of v`,
    [vehicleId],
  );
  return row;
}

export type TransferRow = {
  id: string;
  vehicle_id: string;
  user_id: string;
  to_email: string;
  keep_private_notes: boolean;
  created_at: Date;
  expires_at: Date;
  cancelled_at: Date | null;
  accepted_at: Date | null;
};

const TRANSFER_COLUMNS = 'id, vehicle_id, user_id, to_email, keep_private_notes, created_at, expires_at, cancelled_at, accepted_at';

/** Whether a transfer of the vehicle still waits for its answer (neither answered, cancelled nor lapsed). */
export async function hasWaitingTransfer(tx: Queryable, vehicleId: string): Promise<boolean> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from vehicle_transfers
      where vehicle_id = $1 and accepted_at is null and cancelled_at is null and expires_at > now()`,
    [vehicleId],
  );
  return (row?.n ?? 0) > 0;
}

export async function insertTransfer(
  tx: Queryable,
  t: { id: string; vehicleId: string; userId: string; toEmail: string; keepPrivateNotes: boolean; tokenHash: Buffer; lifetimeDays: number },
): Promise<Date> {
  const [row] = await tx.query<{ expires_at: Date }>(
    `insert into vehicle_transfers (id, vehicle_id, user_id, to_email, keep_private_notes, token_hash, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + $7::int * interval '1 day') returning expires_at`,
    [t.id, t.vehicleId, t.userId, t.toEmail, t.keepPrivateNotes, t.tokenHash, t.lifetimeDays],
  );
  return row!.expires_at;
}

/** A transfer by id, locked until the transaction ends. */
export async function lockTransfer(tx: Queryable, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx.query<TransferRow>(`select ${TRANSFER_COLUMNS} from vehicle_transfers where id = $1 for update`, [id]);
  return row;
}

/** A transfer by its link's secret (only the digest is stored), locked when asked. */
export async function transferBySecret(db: Queryable, secret: string, lock = false): Promise<TransferRow | undefined> {
  const [row] = await db.query<TransferRow>(
    `select ${TRANSFER_COLUMNS} from vehicle_transfers where token_hash = $1${lock ? ' for update' : ''}`,
    [secretDigest(secret)],
  );
  return row;
}

export async function cancelTransfer(tx: Queryable, id: string): Promise<void> {
  await tx.query('update vehicle_transfers set cancelled_at = now() where id = $1', [id]);
}

export async function markAccepted(tx: Queryable, id: string, userId: string): Promise<void> {
  await tx.query('update vehicle_transfers set accepted_at = now(), accepted_by = $2 where id = $1', [id, userId]);
}

/**
 * Removes the previous owner's private notes of the vehicle for good, with the files attached to them: a soft
 * delete would still carry their words to the new owner's devices as removed rows.
 */
export async function removePrivateNotes(tx: Queryable, vehicleId: string, authorId: string): Promise<void> {
  const notes = await tx.query<{ id: string }>(
    'select id from vehicle_notes where vehicle_id = $1 and user_id = $2 and not is_public',
    [vehicleId, authorId],
  );
  if (notes.length === 0) return;
  const keys = notes.map((n) => formKey({ kind: 'note', id: n.id }));
  await tx.query(
    `delete from upload_form_files where upload_form_id in (select id from upload_buckets where form_key = any($1::text[]))`,
    [keys],
  );
  await tx.query('delete from upload_buckets where form_key = any($1::text[])', [keys]);
  await tx.query('delete from vehicle_notes where id = any($1::text[])', [notes.map((n) => n.id)]);
}

/** Year, make, model and generation as the vehicle's Info has them, for the transfer page's heading. */
export async function vehicleSummaryInfo(db: Queryable, vehicleId: string) {
  const [row] = await db.query<{ make: string | null; model: string | null; year: number | null; generation: string | null; color: string | null; vin: string | null }>(
    'select make, model, year, generation, color, vin from vehicles_info where vehicle_id = $1',
    [vehicleId],
  );
  return row ?? null;
}

export async function displayNameOf(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.query<{ display_name: string }>('select display_name from users where id = $1', [userId]);
  return row?.display_name ?? '';
}

export async function emailOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.query<{ email: string }>('select email from users where id = $1', [userId]);
  return row?.email ?? null;
}

// Report links.

export type ShareRow = { id: string; vehicle_id: string; user_id: string; photo_ids: string; revoked_at: Date | null };

export async function insertShare(tx: Queryable, s: { id: string; vehicleId: string; userId: string; token: string; photoIds: string[] }): Promise<void> {
  await tx.query(
    'insert into report_shares (id, vehicle_id, user_id, token, photo_ids) values ($1, $2, $3, $4, $5)',
    [s.id, s.vehicleId, s.userId, s.token, JSON.stringify(s.photoIds)],
  );
}

export async function shareById(db: Queryable, id: string): Promise<ShareRow | undefined> {
  const [row] = await db.query<ShareRow>('select id, vehicle_id, user_id, photo_ids, revoked_at from report_shares where id = $1', [id]);
  return row;
}

/** A live link by its secret: not revoked (a vehicle changing hands revokes its former owner's links). */
export async function liveShareByToken(db: Queryable, token: string): Promise<ShareRow | undefined> {
  const [row] = await db.query<ShareRow>(
    'select id, vehicle_id, user_id, photo_ids, revoked_at from report_shares where token = $1 and revoked_at is null',
    [token],
  );
  return row;
}

export async function revokeShare(db: Queryable, id: string): Promise<void> {
  await db.query('update report_shares set revoked_at = now() where id = $1 and revoked_at is null', [id]);
}
