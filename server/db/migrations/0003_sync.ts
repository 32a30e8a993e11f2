/**
 * 0003 — the built-in sync engine's storage: the change log, the per-bucket oplogs and the key that signs sync tokens.
 *
 * Change capture: every synced table gets triggers that append the written row to sync_changes in the writing
 * transaction, so whoever writes (RPC handler, migration, admin SQL) is captured and write paths hold no sync code.
 * The replicator (server/sync) turns that log into the oplog tables below.
 *
 * Denormalized columns: sync-rules data queries see one row at a time and cannot join, so the few facts the rules
 * filter on that live in another table are copied onto the row by triggers (a tag's target visibility, a work
 * record's vehicle and company, the members of a company, the users of a stored file). BEFORE triggers always
 * recompute them from the source table, so a direct write cannot make them lie; AFTER triggers on the source table
 * touch the dependent rows when the fact changes. None of these columns is part of the client schema.
 *
 * Every table named sync_* is server only and never appears in sync rules.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
-- Denormalized columns -----------------------------------------------------------------------------------------

alter table qr_tags add column target_public boolean not null default false;
alter table worktime add column vehicle_id text;
alter table worktime add column company_id text;
alter table companies add column member_ids jsonb not null default '[]';
alter table bucket_files add column user_ids jsonb not null default '[]';

create function tagbook_qr_tags_denormalize() returns trigger language plpgsql as $$
begin
  new.target_public := coalesce((select is_public from vehicles where id = new.target_id), false);
  return new;
end;
$$;
create trigger qr_tags_denormalize before insert or update on qr_tags
  for each row execute function tagbook_qr_tags_denormalize();

create function tagbook_vehicles_propagate() returns trigger language plpgsql as $$
begin
  update qr_tags set target_public = new.is_public where target_id = new.id;
  return null;
end;
$$;
create trigger vehicles_propagate after update of is_public on vehicles
  for each row when (old.is_public is distinct from new.is_public) execute function tagbook_vehicles_propagate();

create function tagbook_worktime_denormalize() returns trigger language plpgsql as $$
begin
  select vehicle_id, company_id into new.vehicle_id, new.company_id
    from service_requests where id = new.service_request_id;
  return new;
end;
$$;
create trigger worktime_denormalize before insert or update on worktime
  for each row execute function tagbook_worktime_denormalize();

create function tagbook_service_requests_propagate() returns trigger language plpgsql as $$
begin
  update worktime set vehicle_id = new.vehicle_id, company_id = new.company_id where service_request_id = new.id;
  return null;
end;
$$;
create trigger service_requests_propagate after update of vehicle_id, company_id on service_requests
  for each row when (old.vehicle_id is distinct from new.vehicle_id or old.company_id is distinct from new.company_id)
  execute function tagbook_service_requests_propagate();

-- Every user with a link to the company, ended links included: the user's own link rows name the company.
create function tagbook_company_members(company text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct user_id order by user_id), '[]') from company_employees where company_id = company;
$$;
create function tagbook_companies_denormalize() returns trigger language plpgsql as $$
begin
  new.member_ids := tagbook_company_members(new.id);
  return new;
end;
$$;
create trigger companies_denormalize before insert or update on companies
  for each row execute function tagbook_companies_denormalize();

create function tagbook_company_employees_propagate() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update companies set member_ids = tagbook_company_members(id)
      where id = old.company_id and member_ids is distinct from tagbook_company_members(id);
  end if;
  if tg_op <> 'DELETE' then
    update companies set member_ids = tagbook_company_members(id)
      where id = new.company_id and member_ids is distinct from tagbook_company_members(id);
  end if;
  return null;
end;
$$;
create trigger company_employees_propagate after insert or delete or update of user_id, company_id on company_employees
  for each row execute function tagbook_company_employees_propagate();

-- The users whose upload forms hold the file: a stored file reaches exactly them.
create function tagbook_file_users(file text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct user_id order by user_id), '[]') from upload_form_files
    where upload_bucket_file_id = file and user_id is not null;
$$;
create function tagbook_bucket_files_denormalize() returns trigger language plpgsql as $$
begin
  new.user_ids := tagbook_file_users(new.id);
  return new;
end;
$$;
create trigger bucket_files_denormalize before insert or update on bucket_files
  for each row execute function tagbook_bucket_files_denormalize();

create function tagbook_upload_form_files_propagate() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update bucket_files set user_ids = tagbook_file_users(id)
      where id = old.upload_bucket_file_id and user_ids is distinct from tagbook_file_users(id);
  end if;
  if tg_op <> 'DELETE' then
    update bucket_files set user_ids = tagbook_file_users(id)
      where id = new.upload_bucket_file_id and user_ids is distinct from tagbook_file_users(id);
  end if;
  return null;
end;
$$;
create trigger upload_form_files_propagate after insert or delete or update of user_id, upload_bucket_file_id
  on upload_form_files for each row execute function tagbook_upload_form_files_propagate();

-- Backfill for rows written before this migration (the BEFORE triggers compute the values). Not a user's edit, so
-- updated_at must not move: the touch triggers sleep meanwhile.
alter table qr_tags disable trigger qr_tags_touch;
update qr_tags set target_public = target_public;
alter table qr_tags enable trigger qr_tags_touch;
update worktime set vehicle_id = vehicle_id;
alter table companies disable trigger companies_touch;
update companies set member_ids = member_ids;
alter table companies enable trigger companies_touch;
alter table bucket_files disable trigger bucket_files_touch;
update bucket_files set user_ids = user_ids;
alter table bucket_files enable trigger bucket_files_touch;

-- Change capture ------------------------------------------------------------------------------------------------

create table sync_changes (
  seq bigserial primary key,
  table_name text not null,
  row_id text not null,
  op text not null check (op in ('PUT', 'DELETE')),
  row jsonb -- the row as written (PUT), null for DELETE
);

-- Writers of synced tables take this lock (7305420003, nothing else uses it) before their first change is logged
-- and keep it until commit. Without it, seq order (allocation order) could differ from commit order: a reader that
-- has consumed seq 11 would never look back at a seq 10 committed a moment later, and that change would be lost.
-- Serialized writers make "seq > position" a complete answer. Taken per statement, before the statement locks any
-- row, so two transactions never wait on each other's row and this lock at once; again per row as a safety net
-- (re-taking a held lock is cheap).
create function tagbook_sync_lock() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(7305420003);
  return null;
end;
$$;

-- Columns that may leave the server, for tables that hold more. Everything else syncs whole (the rules still pick
-- columns); users carries a sign-in digest that must never reach a device, so it is listed column by column.
create function tagbook_sync_columns(table_name text, r jsonb) returns jsonb language sql immutable as $$
  select case table_name
    when 'users' then jsonb_build_object(
      'id', r -> 'id', 'display_name', r -> 'display_name', 'email', r -> 'email',
      'is_admin', r -> 'is_admin', 'created_at', r -> 'created_at', 'updated_at', r -> 'updated_at')
    else r
  end;
$$;

create function tagbook_sync_capture() returns trigger language plpgsql as $$
declare
  new_row jsonb;
  old_row jsonb;
begin
  if tg_op <> 'DELETE' then
    new_row := tagbook_sync_columns(tg_table_name, to_jsonb(new));
  end if;
  if tg_op <> 'INSERT' then
    old_row := tagbook_sync_columns(tg_table_name, to_jsonb(old));
  end if;
  -- An update of server-only columns alone (a user's digest) changes nothing a device could see.
  if tg_op = 'UPDATE' and new_row = old_row then
    return null;
  end if;
  perform pg_advisory_xact_lock(7305420003);
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and (old_row ->> 'id') <> (new_row ->> 'id')) then
    insert into sync_changes (table_name, row_id, op, row) values (tg_table_name, old_row ->> 'id', 'DELETE', null);
  end if;
  if tg_op <> 'DELETE' then
    insert into sync_changes (table_name, row_id, op, row) values (tg_table_name, new_row ->> 'id', 'PUT', new_row);
  end if;
  -- Delivered at commit, once per transaction however many rows it wrote: wakes the replicator.
  perform pg_notify('tagbook_sync_changes', '');
  return null;
end;
$$;

create trigger users_sync_lock before insert or update or delete on users
  for each statement execute function tagbook_sync_lock();
create trigger users_sync after insert or update or delete on users
  for each row execute function tagbook_sync_capture();
create trigger companies_sync_lock before insert or update or delete on companies
  for each statement execute function tagbook_sync_lock();
create trigger companies_sync after insert or update or delete on companies
  for each row execute function tagbook_sync_capture();
create trigger company_employees_sync_lock before insert or update or delete on company_employees
  for each statement execute function tagbook_sync_lock();
create trigger company_employees_sync after insert or update or delete on company_employees
  for each row execute function tagbook_sync_capture();
create trigger customers_sync_lock before insert or update or delete on customers
  for each statement execute function tagbook_sync_lock();
create trigger customers_sync after insert or update or delete on customers
  for each row execute function tagbook_sync_capture();
create trigger vehicles_sync_lock before insert or update or delete on vehicles
  for each statement execute function tagbook_sync_lock();
create trigger vehicles_sync after insert or update or delete on vehicles
  for each row execute function tagbook_sync_capture();
create trigger vehicles_info_sync_lock before insert or update or delete on vehicles_info
  for each statement execute function tagbook_sync_lock();
create trigger vehicles_info_sync after insert or update or delete on vehicles_info
  for each row execute function tagbook_sync_capture();
create trigger service_requests_sync_lock before insert or update or delete on service_requests
  for each statement execute function tagbook_sync_lock();
create trigger service_requests_sync after insert or update or delete on service_requests
  for each row execute function tagbook_sync_capture();
create trigger worktime_sync_lock before insert or update or delete on worktime
  for each statement execute function tagbook_sync_lock();
create trigger worktime_sync after insert or update or delete on worktime
  for each row execute function tagbook_sync_capture();
create trigger qr_tags_sync_lock before insert or update or delete on qr_tags
  for each statement execute function tagbook_sync_lock();
create trigger qr_tags_sync after insert or update or delete on qr_tags
  for each row execute function tagbook_sync_capture();
create trigger upload_buckets_sync_lock before insert or update or delete on upload_buckets
  for each statement execute function tagbook_sync_lock();
create trigger upload_buckets_sync after insert or update or delete on upload_buckets
  for each row execute function tagbook_sync_capture();
create trigger upload_form_files_sync_lock before insert or update or delete on upload_form_files
  for each statement execute function tagbook_sync_lock();
create trigger upload_form_files_sync after insert or update or delete on upload_form_files
  for each row execute function tagbook_sync_capture();
create trigger bucket_files_sync_lock before insert or update or delete on bucket_files
  for each statement execute function tagbook_sync_lock();
create trigger bucket_files_sync after insert or update or delete on bucket_files
  for each row execute function tagbook_sync_capture();

-- TRUNCATE fires no row triggers: devices would keep rows the server no longer has. Delete instead.
create function tagbook_sync_refuse_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'TRUNCATE of synced table % is not captured for sync; use DELETE', tg_table_name
    using errcode = 'feature_not_supported';
end;
$$;
create trigger users_no_truncate before truncate on users execute function tagbook_sync_refuse_truncate();
create trigger companies_no_truncate before truncate on companies execute function tagbook_sync_refuse_truncate();
create trigger company_employees_no_truncate before truncate on company_employees
  execute function tagbook_sync_refuse_truncate();
create trigger customers_no_truncate before truncate on customers execute function tagbook_sync_refuse_truncate();
create trigger vehicles_no_truncate before truncate on vehicles execute function tagbook_sync_refuse_truncate();
create trigger vehicles_info_no_truncate before truncate on vehicles_info execute function tagbook_sync_refuse_truncate();
create trigger service_requests_no_truncate before truncate on service_requests
  execute function tagbook_sync_refuse_truncate();
create trigger worktime_no_truncate before truncate on worktime execute function tagbook_sync_refuse_truncate();
create trigger qr_tags_no_truncate before truncate on qr_tags execute function tagbook_sync_refuse_truncate();
create trigger upload_buckets_no_truncate before truncate on upload_buckets
  execute function tagbook_sync_refuse_truncate();
create trigger upload_form_files_no_truncate before truncate on upload_form_files
  execute function tagbook_sync_refuse_truncate();
create trigger bucket_files_no_truncate before truncate on bucket_files execute function tagbook_sync_refuse_truncate();

-- Every current row of every synced table, as PUT changes. The replicator calls it when the sync rules it built the
-- oplog with differ from the current ones (the first start included), so existing rows reach their buckets.
create function tagbook_sync_snapshot() returns bigint language plpgsql as $$
declare
  synced text[] := array['users', 'companies', 'company_employees', 'customers', 'vehicles', 'vehicles_info',
    'service_requests', 'worktime', 'qr_tags', 'upload_buckets', 'upload_form_files', 'bucket_files'];
  t text;
  added bigint := 0;
  n bigint;
begin
  perform pg_advisory_xact_lock(7305420003);
  foreach t in array synced loop
    execute format(
      'insert into sync_changes (table_name, row_id, op, row)
         select %L, r.id, ''PUT'', tagbook_sync_columns(%L, to_jsonb(r)) from %I r order by r.id', t, t, t);
    get diagnostics n = row_count;
    added := added + n;
  end loop;
  perform pg_notify('tagbook_sync_changes', '');
  return added;
end;
$$;

-- Replicator state and oplog -----------------------------------------------------------------------------------

-- One row. position: the last sync_changes.seq applied; head_op: the last op id written (one global sequence);
-- both move in the transaction that writes the ops, so a restart resumes exactly where the last commit left off.
create table sync_state (
  id smallint primary key check (id = 1),
  position bigint not null default 0,
  head_op bigint not null default 0,
  rules_hash text
);
insert into sync_state (id) values (1);

-- checksum: the op's 32-bit checksum stored as an unsigned value (0 .. 2^32-1); data (PUT only): the row's JSON
-- as a JSON string literal, escaped once here rather than for every stream that sends it.
create table sync_oplog (
  bucket text not null,
  op_id bigint not null,
  op text not null check (op in ('PUT', 'REMOVE', 'MOVE', 'CLEAR')),
  object_type text,
  object_id text,
  data text,
  checksum bigint not null check (checksum >= 0 and checksum < 4294967296),
  primary key (bucket, op_id)
);

-- checksum: the wrapping 32-bit sum of every op in the bucket, unsigned; compacted_op: last_op when compaction last
-- looked at the bucket (nothing to do while they are equal).
create table sync_buckets (
  bucket text primary key,
  checksum bigint not null default 0 check (checksum >= 0 and checksum < 4294967296),
  count bigint not null default 0,
  last_op bigint not null default 0,
  compacted_op bigint not null default 0
);
-- Other processes reload the buckets changed since the checkpoint they know.
create index sync_buckets_last_op_idx on sync_buckets (last_op);

-- What each source row last produced: [[bucket, object_type, object_id], ...] and {lookup: parameters JSON}, so an
-- update can remove the row from buckets it left and a delete from all of them.
create table sync_source_rows (
  table_name text not null,
  row_id text not null,
  buckets jsonb not null default '[]',
  lookups jsonb not null default '{}',
  primary key (table_name, row_id)
);

-- The parameter index: parameter-query results per lookup, per source row. params holds JSON with big integers
-- kept exact (it is read back as text).
create table sync_parameters (
  lookup text not null,
  table_name text not null,
  row_id text not null,
  params text not null,
  primary key (lookup, table_name, row_id)
);

-- Lookups whose results changed in the batch that ended at position: streams in other processes re-run only the
-- parameter queries that depend on them. Keyed by position, which grows with every batch (a batch may change
-- parameters without writing an op). Old rows are trimmed by compaction.
create table sync_parameter_changes (
  position bigint primary key,
  lookups text[] not null,
  created_at timestamptz not null default now()
);

-- Write checkpoints per (token subject, client id): checkpoint only grows; head_seq is the change-log head when it
-- was issued, so it is acknowledged once the replicator's position reaches it.
create table sync_write_checkpoints (
  user_id text not null,
  client_id text not null,
  checkpoint bigint not null,
  head_seq bigint not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, client_id)
);

-- The key that signs sync tokens. In the database rather than under DATA_DIR so that every
-- process sharing a PostgreSQL signs and verifies with the same key. One row: the first process to start wins.
create table sync_signing_keys (
  id smallint primary key check (id = 1),
  kid text not null,
  public_jwk jsonb not null,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- Rows written before this migration reach the oplog like any later change.
select tagbook_sync_snapshot();
`;
