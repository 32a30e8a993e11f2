import type { Queryable } from './db.js';

/**
 * How long rows a caller can make the server store are kept, and how many per user. Every table a request can grow
 * is listed here, so nobody can fill the database by repeating a cheap call: sign-in failure counters for made-up
 * accounts and addresses, one-time links, mail already delivered (or given up on), ended sessions, write
 * checkpoints of device ids no longer used, the upload log kept for admins to read, each device's upload mark, the
 * parts of uploads never finished, and why a file left its bucket before it was stored. Files added and never sent
 * (their form file, stored-file row and empty bucket) go by the rule of partial bytes, a week without a byte
 * (files/partials.ts PARTIAL_LIMITS.idleMs), with the file sweep (files/sweep.ts): only the partial's last byte
 * tells whether bytes still arrive.
 */
export const RETENTION = {
  /** A failure window lasts 15 minutes; a day later its counter means nothing. */
  signInFailuresDays: 1,
  throttleDays: 1,
  /** One-time links live an hour at most; kept a week after expiry for support questions. */
  expiredSecretsDays: 7,
  mailDays: 30,
  endedSessionsDays: 30,
  writeCheckpointDays: 30,
  uploadLogDays: 90,
  /** Device ids a user keeps write checkpoints for (browsers, reinstalls); the least recently used go first. */
  writeCheckpointsPerUser: 50,
  /**
   * Detailed upload records (refusal errors) kept per user; "applied once" itself rests on each device's mark
   * (server/writes/answered.ts), kept for as long as the device may come back.
   */
  uploadTransactionsPerUser: 10_000,
  /**
   * Parts of a transaction a device began sending and has not finished (0015). A device that comes back later only
   * hears which parts are missing and sends them again: its writes wait in its own queue, never here.
   */
  uploadPartsHours: 24,
  /**
   * Devices (client ids) a user keeps an upload mark for, the least recently used going first: a real person has a
   * few devices and reinstalls, and made-up client ids must not grow the table without end.
   */
  uploadClientsPerUser: 1_000,
  /**
   * Files taken off a bucket before their adder stored them, kept with why (files/gone-files.ts): swept, so the
   * device adds it again, or removed, so it never does. Kept for as long as the device may come back, as an upload
   * mark is: a device's queue never gives a file up, and an age limit would bring back the very loss (or undo the
   * removal) for a device away longer. A swept one ends when its device adds it again. Past this many per user the
   * oldest go first: far more files than a person leaves unsent, and a client adding files it never sends (or
   * removing its own) cannot grow the table without end.
   */
  goneFormFilesPerUser: 1_000,
} as const;

const days = (n: number) => `now() - interval '${n} days'`;

/** One pass over every growable table; returns how many rows each statement removed. */
export async function pruneStoredRows(db: Queryable): Promise<Record<string, number>> {
  const statements: Record<string, string> = {
    sign_in_failures: `delete from sign_in_failures where window_started_at < ${days(RETENTION.signInFailuresDays)} returning 1`,
    mail_throttle: `delete from mail_throttle where window_started_at < ${days(RETENTION.throttleDays)} returning 1`,
    one_time_secrets: `delete from one_time_secrets where expires_at < ${days(RETENTION.expiredSecretsDays)} returning 1`,
    mail_outbox: `delete from mail_outbox where created_at < ${days(RETENTION.mailDays)} returning 1`,
    sessions: `delete from sessions where (revoked_at is not null or expires_at < now()) and last_seen_at < ${days(RETENTION.endedSessionsDays)} returning 1`,
    sync_write_checkpoints: `delete from sync_write_checkpoints where updated_at < ${days(RETENTION.writeCheckpointDays)} returning 1`,
    sync_upload_transactions: `delete from sync_upload_transactions where created_at < ${days(RETENTION.uploadLogDays)} returning 1`,
    sync_upload_rejections: `delete from sync_upload_rejections where created_at < ${days(RETENTION.uploadLogDays)} returning 1`,
    sync_upload_parts: `delete from sync_upload_parts where created_at < now() - interval '${RETENTION.uploadPartsHours} hours' returning 1`,
    sync_upload_transactions_per_user: `delete from sync_upload_transactions t using (
        select user_id, client_id, transaction_id from (
          select user_id, client_id, transaction_id,
                 row_number() over (partition by user_id order by created_at desc, transaction_id desc) as n
            from sync_upload_transactions) ranked
         where n > ${RETENTION.uploadTransactionsPerUser}) old
      where t.user_id = old.user_id and t.client_id = old.client_id and t.transaction_id = old.transaction_id returning 1`,
    sync_upload_clients_per_user: `delete from sync_upload_clients c using (
        select user_id, client_id from (
          select user_id, client_id, row_number() over (partition by user_id order by updated_at desc, client_id) as n
            from sync_upload_clients) ranked
         where n > ${RETENTION.uploadClientsPerUser}) old
      where c.user_id = old.user_id and c.client_id = old.client_id returning 1`,
    gone_form_files_per_user: `delete from gone_form_files g using (
        select id from (
          select id, row_number() over (partition by user_id order by gone_at desc, id desc) as n from gone_form_files) ranked
         where n > ${RETENTION.goneFormFilesPerUser}) old
      where g.id = old.id returning 1`,
  };
  const removed: Record<string, number> = {};
  for (const [name, sql] of Object.entries(statements)) removed[name] = (await db.query(sql)).length;
  return removed;
}

/** Prunes once an hour in the process that leads; returns its stop. */
export function schedulePruning(db: Queryable, isLeader: () => boolean, intervalMs = 3_600_000): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running || !isLeader()) return;
    running = pruneStoredRows(db)
      .catch((error: unknown) => console.error('pruning stored rows failed', error))
      .finally(() => (running = null));
  }, intervalMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
