/**
 * 0004 — checked uploads (SyncService.UploadData). Each applied or refused transaction is recorded once per
 * (user, client, transaction), which makes a retried upload a no-op; refusals are kept with what was sent, so an
 * administrator can see what a device tried and why it was turned down.
 */
export default String.raw`
create table sync_upload_transactions (
  user_id text not null references users (id) on delete cascade,
  client_id text not null,
  transaction_id bigint not null,
  errors jsonb not null default '[]',
  created_at timestamptz not null default now(),
  primary key (user_id, client_id, transaction_id)
);

create table sync_upload_rejections (
  id bigserial primary key,
  user_id text not null references users (id) on delete cascade,
  client_id text not null,
  transaction_id bigint not null,
  errors jsonb not null,
  crud jsonb not null,
  created_at timestamptz not null default now()
);
create index sync_upload_rejections_user_idx on sync_upload_rejections (user_id, created_at desc);
`;
