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
