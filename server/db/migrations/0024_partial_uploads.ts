/**
 * 0024 — uploads in progress live in the database, so any of several processes behind a load balancer can take the
 * next byte range of a file another one began (until now the bytes sat on the disk of the process that received them).
 *
 * A head row per (uploader, stored file): the bytes held (size) and when the last of them arrived (the idle sweep's
 * clock). The bytes themselves are pieces, a row per appended piece keyed by the offset it starts at, gone with their
 * head. An append locks the head row and checks the offset and the uploader's share in the transaction that inserts the
 * piece (files/partials.ts). Server-only, like the sync_* tables: no sync trigger, no device ever sees these rows.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create table partial_uploads (
  user_id text not null references users (id) on delete cascade,
  file_id text not null,
  size bigint not null default 0 check (size >= 0),
  last_byte_at timestamptz not null default now(),
  primary key (user_id, file_id)
);
create index partial_uploads_last_byte_idx on partial_uploads (last_byte_at);

create table partial_upload_chunks (
  user_id text not null,
  file_id text not null,
  start bigint not null check (start >= 0),
  bytes bytea not null,
  primary key (user_id, file_id, start),
  foreign key (user_id, file_id) references partial_uploads (user_id, file_id) on delete cascade
);
`;
