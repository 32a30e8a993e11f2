import type { Queryable } from '../../server/db/db.js';

/**
 * Direct database access for auth tests: reading what the server stored, and moving times into the past instead
 * of waiting for them.
 */

export type OutboxMail = {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  sent_at: Date | null;
  error: string | null;
  attempts: number;
};

type MailServer = { db: Queryable; mailer: { idle(): Promise<void> } };

/** Every mail to this address, once the mail work of requests already answered has finished (it runs after the
 * answer, so timing reveals nothing about who is registered). */
export async function mailsTo(server: MailServer, to: string): Promise<OutboxMail[]> {
  await server.mailer.idle();
  return server.db.query<OutboxMail>(
    `select id, to_address, subject, body_text, sent_at, error, attempts from mail_outbox
      where to_address = $1 order by created_at, id`,
    [to],
  );
}

/** The link in the newest mail to this address whose URL contains `pathPart`. */
export async function lastLinkTo(server: MailServer, to: string, pathPart: string): Promise<string> {
  const mails = await mailsTo(server, to);
  for (const mail of mails.reverse()) {
    const link = mail.body_text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
    if (link !== undefined) return link;
  }
  throw new Error(`no mail to ${to} with a link containing ${pathPart}`);
}

export async function expireSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query(`update sessions set expires_at = now() - interval '1 second' where id = $1`, [sessionId]);
}

export async function sessionRow(db: Queryable, sessionId: string) {
  const [row] = await db.query<{ expires_at: Date; revoked_at: Date | null; counter: string; remember: boolean }>(
    'select expires_at, revoked_at, counter, remember from sessions where id = $1',
    [sessionId],
  );
  if (row === undefined) throw new Error(`no session ${sessionId}`);
  return row;
}

/** Makes every emailed link of the user expire (sign-in links and recovery secrets). */
export async function expireSecrets(db: Queryable, email: string): Promise<void> {
  await db.query(`update one_time_secrets set expires_at = now() - interval '1 second' where email = $1`, [email]);
}

/** Moves every failure window into the past, as if 15 minutes had gone by. */
export async function endFailureWindows(db: Queryable): Promise<void> {
  await db.query(`update sign_in_failures set window_started_at = now() - interval '1 hour'`);
}

export async function passwordHash(db: Queryable, email: string): Promise<Uint8Array> {
  const [row] = await db.query<{ password_hash: Uint8Array }>(
    'select c.password_hash from user_credentials c join users u on u.id = c.user_id where u.email = $1',
    [email],
  );
  if (row === undefined) throw new Error(`no credentials for ${email}`);
  return row.password_hash;
}
