import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.js';

export type SecretPurpose = 'recover_password' | 'sign_in_email';

export const RECOVERY_LIFETIME_MS = 60 * 60 * 1000;
export const SIGN_IN_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** 256 random bits, base64url: safe as a URL path segment, and too many to guess. */
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Creates a secret for the user and returns it; only its SHA-256 is stored. */
export async function issueSecret(
  db: Queryable,
  s: { userId: string; email: string; purpose: SecretPurpose; lifetimeMs: number },
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await db.query(
    `insert into one_time_secrets (secret_hash, user_id, purpose, email, expires_at)
     values ($1, $2, $3, $4, now() + $5::bigint * interval '1 millisecond')`,
    [digest(secret), s.userId, s.purpose, s.email, s.lifetimeMs],
  );
  return secret;
}

export type Redeemed = { ok: true; userId: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' | 'other-email' };

/**
 * Marks the secret used and returns its user, in one statement so that two requests racing with the same link
 * cannot both succeed. With `email`, the secret must have been issued for it and the account must still have it.
 * A refusal changes nothing (a link opened with a wrong email stays usable with the right one).
 */
export async function redeemSecret(
  db: Queryable,
  s: { secret: string; purpose: SecretPurpose; email?: string },
): Promise<Redeemed> {
  if (!SECRET_PATTERN.test(s.secret)) return { ok: false, reason: 'unknown' };
  const hash = digest(s.secret);
  const email = s.email ?? null;
  const [row] = await db.query<{ user_id: string }>(
    `update one_time_secrets t set used_at = now()
      where secret_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
        and ($3::text is null or (t.email = $3 and exists (select 1 from users u where u.id = t.user_id and u.email = $3)))
      returning user_id`,
    [hash, s.purpose, email],
  );
  if (row !== undefined) return { ok: true, userId: row.user_id };
  const [found] = await db.query<{ used: boolean; expired: boolean }>(
    `select used_at is not null as used, expires_at <= now() as expired
       from one_time_secrets where secret_hash = $1 and purpose = $2`,
    [hash, s.purpose],
  );
  if (found === undefined) return { ok: false, reason: 'unknown' };
  if (found.used) return { ok: false, reason: 'used' };
  if (found.expired) return { ok: false, reason: 'expired' };
  return { ok: false, reason: 'other-email' };
}
