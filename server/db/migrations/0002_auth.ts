/**
 * 0002 — what sign-in, signed sessions, recovery and mail need beyond the entities of 0001.
 *
 * Every table here is server only: it holds secrets or security state and is never part of sync rules.
 * Times that decide security (expiry, rate-limit windows) are compared with the database's now(), never a process
 * clock, so that several server processes behind one PostgreSQL agree.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
-- Replay window. sessions.counter stays the highest counter accepted; recent_counters holds the
-- counters accepted within SESSION_COUNTER_WINDOW below it, so requests of several tabs that arrive out of order
-- are each accepted once. Both are updated by one conditional UPDATE, which is what makes acceptance atomic.
alter table sessions add column recent_counters bigint[] not null default '{}';
-- Sign-out and the sliding expiry only ever touch live sessions; this keeps those look-ups small as history grows.
create index sessions_live_user_idx on sessions (user_id) where revoked_at is null;

-- Links sent by email: account recovery and passwordless sign-in. Only a SHA-256 of the secret is stored, so a
-- leaked table (or backup) cannot be turned into working links. email is the address the link was issued for:
-- redeeming checks it still belongs to the user.
create table one_time_secrets (
  secret_hash bytea primary key check (length(secret_hash) = 32),
  user_id text not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('recover_password', 'sign_in_email')),
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index one_time_secrets_user_idx on one_time_secrets (user_id);

-- Failed sign-in attempts per key ('account:<username digest>' or 'address:<ip>') in fixed windows that start
-- with the first failure. In the database, not in memory, so the limit holds across server processes.
create table sign_in_failures (
  key text primary key,
  window_started_at timestamptz not null default now(),
  failures integer not null default 0 check (failures >= 0)
);

-- Every mail the server sends, stored before any delivery attempt so a failing SMTP server never loses one.
-- sent_at stays null until delivered; error keeps the last failure; claimed_until keeps two processes from
-- delivering the same row at once.
create table mail_outbox (
  id text primary key check (id <> ''),
  to_address text not null,
  subject text not null,
  body_text text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text,
  attempts integer not null default 0,
  claimed_until timestamptz
);
create index mail_outbox_pending_idx on mail_outbox (created_at) where sent_at is null;

-- Key pairs the server generates once and every process shares (a device keeps the server's
-- public key with its session). Stored here rather than under DATA_DIR so that processes on several machines
-- hand out the same key.
create table server_keys (
  name text primary key,
  public_key bytea not null,  -- SPKI, DER
  private_key bytea not null, -- PKCS #8, DER
  created_at timestamptz not null default now()
);
`;
