import { newId } from '../../src/domain/ids.js';
import type { Queryable } from '../db/db.js';

export type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
};

/** Claimed rows are left alone by other processes for this long; a crashed sender's claim simply runs out. */
const CLAIM_MS = 2 * 60 * 1000;
/** After this many failed deliveries a mail stays in the outbox for a person to look at. */
export const MAX_DELIVERY_ATTEMPTS = 10;

export async function storeMail(db: Queryable, mail: { to: string; subject: string; text: string }): Promise<string> {
  const id = newId();
  await db.query('insert into mail_outbox (id, to_address, subject, body_text) values ($1, $2, $3, $4)', [
    id, mail.to, mail.subject, mail.text,
  ]);
  return id;
}

/** Takes one undelivered mail (a given one, or the oldest due) for delivery by this process. */
export async function claimMail(db: Queryable, id: string | null): Promise<OutboxRow | null> {
  const [row] = await db.query<OutboxRow>(
    `update mail_outbox set claimed_until = now() + $2::bigint * interval '1 millisecond', attempts = attempts + 1
      where id = (
        select id from mail_outbox
         where sent_at is null and ($1::text is null or id = $1) and attempts < $3
           and (claimed_until is null or claimed_until < now())
         order by created_at limit 1 for update skip locked)
      returning id, to_address, subject, body_text`,
    [id, CLAIM_MS, MAX_DELIVERY_ATTEMPTS],
  );
  return row ?? null;
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db.query('update mail_outbox set sent_at = now(), error = null, claimed_until = null where id = $1', [id]);
}

/** Keeps the mail with its error; the claim stays until retryAfterMs so that no one retries it straight away. */
export async function markFailed(db: Queryable, id: string, error: string, retryAfterMs: number): Promise<void> {
  await db.query(
    `update mail_outbox set error = $2, claimed_until = now() + $3::bigint * interval '1 millisecond' where id = $1`,
    [id, error.slice(0, 2000), retryAfterMs],
  );
}
