/**
 * 0015 — a transaction too large for one request arrives in parts (SyncService.UploadData). Each part is kept here
 * until the last one arrives; then the whole transaction is applied or refused and its parts deleted in the same
 * database transaction. Parts of a transaction a device never finished are swept by age (server/db/retention.ts).
 */
export default String.raw`
create table sync_upload_parts (
  user_id text not null references users (id) on delete cascade,
  client_id text not null,
  transaction_id bigint not null,
  part integer not null,
  part_count integer not null,
  total_entries integer not null,
  total_bytes bigint not null,
  first_entry integer not null,
  -- The part's entries as an UploadDataRequest holding only crud (protobuf), and their size as counted for limits.
  entries bytea not null,
  bytes integer not null,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id, transaction_id, part),
  check (part >= 0 and part < part_count)
);
create index sync_upload_parts_created_idx on sync_upload_parts (created_at);
`;
