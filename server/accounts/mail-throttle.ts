import type { Queryable } from '../db/db.js';

/**
 * Sign-in links and recovery mails are sent on request by anyone, so each is counted twice: per target address (a
 * victim's inbox must not be flooded) and per client address (one client must not mail everyone). Over either
 * limit the mail is simply not sent; the caller's answer does not change, so throttling reveals nothing about who
 * is registered.
 */
export const MAIL_LIMITS = { perTargetPerHour: 5, perClientPerHour: 20, windowMs: 3_600_000 } as const;

async function count(db: Queryable, key: string): Promise<number> {
  const [row] = await db.query<{ sent: number }>(
    `insert into mail_throttle as t (key, window_started_at, sent) values ($1, now(), 1)
     on conflict (key) do update set
       sent = case when t.window_started_at <= now() - $2::bigint * interval '1 millisecond' then 1 else t.sent + 1 end,
       window_started_at = case when t.window_started_at <= now() - $2::bigint * interval '1 millisecond'
                                then now() else t.window_started_at end
     returning sent`,
    [key, MAIL_LIMITS.windowMs],
  );
  return row?.sent ?? Number.POSITIVE_INFINITY;
}

/** Counts one requested mail against both limits (always both, whatever the outcome); true when it may go out. */
export async function mayMail(db: Queryable, keys: { to: string; client: string }): Promise<boolean> {
  const toTarget = await count(db, `to:${keys.to}`);
  const fromClient = await count(db, `from:${keys.client}`);
  return toTarget <= MAIL_LIMITS.perTargetPerHour && fromClient <= MAIL_LIMITS.perClientPerHour;
}
