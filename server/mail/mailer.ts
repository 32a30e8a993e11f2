import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { claimMail, markFailed, markSent, storeMail } from './outbox.js';
import { smtpTransport, type MailTransport } from './smtp.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The link in the mail that grants access (sign-in, recovery). See send() for where it may appear. */
  secretLink: string;
}

export interface Mailer {
  /** Stores the mail (it is never lost from then on), logs it, and starts SMTP delivery when configured. */
  send(mail: Mail): Promise<string>;
  /** Delivers what is still undelivered (a timer does this every minute); returns how many were tried. */
  deliverPending(): Promise<number>;
  /**
   * Runs mail work (issuing a link, storing its mail) after the caller has answered, so a request that sends a
   * mail takes as long as one that does not: timing must not tell who is registered.
   */
  later(work: () => Promise<unknown>): void;
  /** Resolves when no delivery or later work is under way: shutdown waits for it, tests use it. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const RETRY_INTERVAL_MS = 60_000;

export function createMailer(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'production'>,
  log: (line: string) => void = console.log,
): Mailer {
  const transport: MailTransport | null = config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const running = new Set<Promise<void>>();
  let closed = false;

  async function deliver(id: string | null): Promise<boolean> {
    if (transport === null) return false;
    const row = await claimMail(db, id);
    if (row === null) return false;
    try {
      await transport.send({ from: config.mailFrom, to: row.to_address, subject: row.subject, text: row.body_text });
      await markSent(db, row.id);
    } catch (error) {
      // The row keeps the mail; the retry timer (of this or another process) tries again.
      const message = error instanceof Error ? error.message : String(error);
      await markFailed(db, row.id, message, RETRY_INTERVAL_MS);
      log(`mail ${row.id} to ${row.to_address} not delivered: ${message}`);
    }
    return true;
  }

  function track(work: Promise<unknown>): void {
    const done = work.then(
      () => undefined,
      (error: unknown) => log(`mail delivery failed: ${error instanceof Error ? error.message : String(error)}`),
    );
    running.add(done);
    void done.finally(() => running.delete(done));
  }

  async function deliverPending(): Promise<number> {
    let tried = 0;
    while (!closed && (await deliver(null))) tried++;
    return tried;
  }

  // Mails left undelivered (relay down, process stopped mid-way) go out on the next tick of any process.
  const retry = transport === null ? null : setInterval(() => {
    if (!closed) track(deliverPending());
  }, RETRY_INTERVAL_MS);
  retry?.unref();

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.all(running);
  }

  return {
    async send(mail) {
      const id = await storeMail(db, mail);
      log(`mail ${id} to ${mail.to}: "${mail.subject}"${transport ? '' : ' (kept in the outbox: SMTP_URL is not set)'}`);
      // The link is the credential. In development it is the only way to reach it without SMTP; in production the
      // console ends up in log collectors that many people can read, so it never goes there.
      if (!config.production) log(`  link (not logged in production): ${mail.secretLink}`);
      // Not awaited: the caller's answer must not depend on the relay's speed (timing would tell whether an account
      // exists), and a slow relay must not hold the request.
      if (transport !== null) track(deliver(id));
      return id;
    },
    later(work) {
      track(Promise.resolve().then(work));
    },
    deliverPending,
    idle,
    async close() {
      closed = true;
      if (retry !== null) clearInterval(retry);
      await idle();
      transport?.close();
    },
  };
}
