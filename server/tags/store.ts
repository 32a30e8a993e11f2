import { tagCodeKey } from '../../src/domain/ids.js';
import type { Queryable } from '../db/db.js';

// What QrTagService reads and writes of qr_tags. Who owns a tag is decided by sync uploads (the claim); the one change
// made here is a tag swap (replaceTag).

/** Whether a tag uses this hash. */
export async function tagExists(db: Queryable, hash: string): Promise<boolean> {
  const rows = await db.query('select 1 from qr_tags where id = $1', [hash]);
  return rows.length > 0;
}

/** Whether a tag uses any of these hashes (at least one). */
export async function anyTagExists(db: Queryable, hashes: readonly string[]): Promise<boolean> {
  const placeholders = hashes.map((_, i) => `$${i + 1}`).join(', ');
  const rows = await db.query(`select 1 from qr_tags where id in (${placeholders})`, hashes);
  return rows.length > 0;
}

/** Where a tag points: its code, its vehicle (null when unclaimed) and, when that vehicle exists, its owner and visibility. */
export type TagTarget = {
  id: string;
  target_id: string | null;
  is_public: boolean | null;
  user_id: string | null;
  /** Set when the tag was replaced by another: it opens nothing and cannot be claimed. */
  replaced_at: Date | null;
};

const TAG_TARGET = `select t.id, t.target_id, v.is_public, v.user_id, t.replaced_at from qr_tags t left join vehicles v on v.id = t.target_id`;

/**
 * The tag a code names and the vehicle it points at: the tag with exactly this code, else the one tag that reads the
 * same to a person (tagCodeKey: case, O for 0, I or L for 1; migration 0025's index); null when none does, or when
 * several do (the code is ambiguous: nothing is guessed).
 */
export async function tagByCode(db: Queryable, code: string): Promise<TagTarget | null> {
  const [exact] = await db.query<TagTarget>(`${TAG_TARGET} where t.id = $1`, [code]);
  if (exact) return exact;
  const readAlike = await db.query<TagTarget>(`${TAG_TARGET} where translate(upper(t.id), 'OIL', '011') = $1 limit 2`, [tagCodeKey(code)]);
  return readAlike.length === 1 ? readAlike[0]! : null;
}

/**
 * Creates an unclaimed tag made by `createdBy`; false, changing nothing, when a tag already uses the hash (one made
 * since the caller looked fails the primary key and is told the same way).
 */
export async function insertTagIfAbsent(tx: Queryable, hash: string, createdBy: string): Promise<boolean> {
  const inserted = await tx.query('insert into qr_tags (id, created_by) values ($1, $2) on conflict (id) do nothing returning id', [
    hash,
    createdBy,
  ]);
  return inserted.length > 0;
}

/** Both tags of a swap, locked in one order (by id) so two swaps of the same tags never wait on each other. */
export async function lockTags(tx: Queryable, ids: readonly string[]): Promise<Map<string, { id: string; target_id: string | null; replaced_at: Date | null }>> {
  const rows = await tx.query<{ id: string; target_id: string | null; replaced_at: Date | null }>(
    'select id, target_id, replaced_at from qr_tags where id = any($1::text[]) order by id for update',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The swap itself: the new tag opens the vehicle; the old one opens nothing, marked as replaced by the new one. */
export async function swapTags(tx: Queryable, oldId: string, newId: string, vehicleId: string): Promise<void> {
  await tx.query(`update qr_tags set target_id = $2, target_path = '/vehicle' where id = $1`, [newId, vehicleId]);
  await tx.query('update qr_tags set target_id = null, target_path = null, replaced_at = now(), replaced_by = $2 where id = $1', [oldId, newId]);
}
