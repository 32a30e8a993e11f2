import { hashPassword, verifyPassword, type StoredPassword } from './passwords.js';
import type { Queryable } from '../db/db.js';

export interface Account {
  id: string;
  email: string;
  usernameDigest: string;
}

type AccountRow = {
  id: string;
  email: string;
  username_digest: string;
};

const toAccount = (row: AccountRow | undefined): Account | null =>
  row === undefined ? null : { id: row.id, email: row.email, usernameDigest: row.username_digest };

/** Looks an account up by its normalized email or by the client's username digest. */
export async function findAccount(
  db: Queryable,
  by: { email: string } | { usernameDigest: string },
): Promise<Account | null> {
  const [column, value] = 'email' in by ? ['email', by.email] : ['username_digest', by.usernameDigest];
  const [row] = await db.query<AccountRow>(`select id, email, username_digest from users where ${column} = $1`, [value]);
  return toAccount(row);
}

export async function findAccountById(db: Queryable, id: string): Promise<Account | null> {
  const [row] = await db.query<AccountRow>('select id, email, username_digest from users where id = $1', [id]);
  return toAccount(row);
}

/**
 * Stores a new account and its password, in the caller's transaction. Returns false, storing nothing, when the
 * email is already taken: a concurrent registration of the same address loses here rather than failing on the
 * unique index.
 */
export async function insertAccount(
  tx: Queryable,
  user: { id: string; displayName: string; email: string; usernameDigest: string },
  password: StoredPassword,
): Promise<boolean> {
  const inserted = await tx.query(
    `insert into users (id, display_name, email, username_digest) values ($1, $2, $3, $4)
     on conflict do nothing returning id`,
    [user.id, user.displayName, user.email, user.usernameDigest],
  );
  if (inserted.length === 0) return false;
  await tx.query('insert into user_credentials (user_id, password_salt, password_hash) values ($1, $2, $3)', [
    user.id, password.salt, password.hash,
  ]);
  return true;
}

/** Replaces the user's stored password. */
export async function updatePassword(tx: Queryable, userId: string, stored: StoredPassword): Promise<void> {
  await tx.query('update user_credentials set password_salt = $2, password_hash = $3 where user_id = $1', [
    userId, stored.salt, stored.hash,
  ]);
}

/** Replaces the username digest the account is found by (the current client's digest of its email). */
export async function updateUsernameDigest(db: Queryable, userId: string, usernameDigest: string): Promise<void> {
  await db.query('update users set username_digest = $2 where id = $1', [userId, usernameDigest]);
}

// A real scrypt result to compare against when there is no account, so that "no such user" costs the same time
// as "wrong password". Made once, on first need.
let decoy: Promise<StoredPassword> | null = null;

/** Whether digest is the user's password. With no user (null) it still does the full work, then says no. */
export async function checkPassword(db: Queryable, userId: string | null, digest: string): Promise<boolean> {
  // The query runs for unknown users too (matching nothing), again so both paths take the same steps.
  const [row] = await db.query<{ password_salt: Uint8Array; password_hash: Uint8Array }>(
    'select password_salt, password_hash from user_credentials where user_id = $1',
    [userId ?? ''],
  );
  if (row === undefined) {
    decoy ??= hashPassword('0'.repeat(64));
    await verifyPassword(digest, await decoy);
    return false;
  }
  return verifyPassword(digest, { salt: Buffer.from(row.password_salt), hash: Buffer.from(row.password_hash) });
}
