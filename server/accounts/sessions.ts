import { newId } from '../../src/domain/ids.js';
import { SESSION_COUNTER_WINDOW } from '../../src/domain/session.js';
import type { Queryable } from '../db/db.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Trust this device" keeps a session for a year, otherwise a week; each authenticated request restarts the clock. */
export const REMEMBERED_SESSION_MS = 365 * DAY_MS;
export const BROWSER_SESSION_MS = 7 * DAY_MS;

export type SessionRow = {
  id: string;
  user_id: string;
  public_key: Uint8Array;
  counter: string;
  remember: boolean;
  expires_at: Date;
  revoked_at: Date | null;
  /** Evaluated by the database, so that every process judges expiry by the same clock. */
  expired: boolean;
};

export async function createSession(
  db: Queryable,
  s: { userId: string; publicKey: Uint8Array; remember: boolean; device: string },
): Promise<string> {
  const id = newId();
  await db.query(
    `insert into sessions (id, user_id, public_key, remember, expires_at, device)
     values ($1, $2, $3, $4, now() + $5::bigint * interval '1 millisecond', $6)`,
    [id, s.userId, s.publicKey, s.remember, s.remember ? REMEMBERED_SESSION_MS : BROWSER_SESSION_MS, s.device],
  );
  return id;
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | null> {
  const [row] = await db.query<SessionRow>(
    `select id, user_id, public_key, counter, remember, expires_at, revoked_at, expires_at <= now() as expired
       from sessions where id = $1`,
    [id],
  );
  return row ?? null;
}

export type CounterVerdict = 'accepted' | 'replayed' | 'below-window' | 'ended';

/**
 * Accepts a request counter for a live session and slides its expiry, in ONE statement: the WHERE clause is
 * re-checked against the latest row version when two transactions race on the same session (PostgreSQL's read
 * committed update rule), so two processes can never both accept one counter.
 *
 * A counter is accepted once: above the highest seen, or within SESSION_COUNTER_WINDOW below it when not among
 * the recently accepted ones (requests of several tabs overtake each other).
 */
export async function acceptCounter(db: Queryable, sessionId: string, counter: bigint): Promise<CounterVerdict> {
  const accepted = await db.query(
    `update sessions
        set counter = greatest(counter, $2::bigint),
            recent_counters = array(
              select c from unnest(array_append(recent_counters, $2::bigint)) as c
               where c > greatest(counter, $2::bigint) - $3::bigint order by c),
            last_seen_at = now(),
            expires_at = now() + (case when remember then $4::bigint else $5::bigint end) * interval '1 millisecond'
      where id = $1 and revoked_at is null and expires_at > now()
        and ($2::bigint > counter or ($2::bigint > counter - $3::bigint and not ($2::bigint = any(recent_counters))))
      returning id`,
    [sessionId, counter.toString(), SESSION_COUNTER_WINDOW, REMEMBERED_SESSION_MS, BROWSER_SESSION_MS],
  );
  if (accepted.length > 0) return 'accepted';
  // Refused: read the row again only to say why.
  const session = await findSession(db, sessionId);
  if (session === null || session.revoked_at !== null || session.expired) return 'ended';
  return counter <= BigInt(session.counter) - BigInt(SESSION_COUNTER_WINDOW) ? 'below-window' : 'replayed';
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Ends every live session of the user, except `keep` when given (the caller's own). Returns how many ended. */
export async function revokeUserSessions(db: Queryable, userId: string, keep: string | null = null): Promise<number> {
  const rows = await db.query(
    `update sessions set revoked_at = now()
      where user_id = $1 and revoked_at is null and ($2::text is null or id <> $2) returning id`,
    [userId, keep],
  );
  return rows.length;
}
