/**
 * 0006 — mail throttling (server/accounts/mail-throttle.ts): how many sign-in and recovery mails went to one address,
 * or were asked for from one client address, in the current one-hour window. In the database so the limit holds
 * across server processes; old windows are pruned (server/db/retention.ts).
 */
export default String.raw`
create table mail_throttle (
  key text primary key,
  window_started_at timestamptz not null default now(),
  sent integer not null default 0 check (sent >= 0)
);
create index mail_throttle_window_idx on mail_throttle (window_started_at);
create index sync_write_checkpoints_user_idx on sync_write_checkpoints (user_id, updated_at);
create index sync_upload_transactions_created_idx on sync_upload_transactions (created_at);
create index sync_upload_rejections_created_idx on sync_upload_rejections (created_at);
create index sign_in_failures_window_idx on sign_in_failures (window_started_at);
`;
