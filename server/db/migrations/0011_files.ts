/**
 * 0011 — files and photos: upload buckets, the files in them and the stored bytes they name (the Upload service).
 *
 * - A bucket is one pick of files attached to one thing, named by form_key '<kind>/<id>' (src/domain/files.ts): a
 *   vehicle's gallery, a note or a service request. vehicle_id and company_id are server-filled helpers for the
 *   sync rules (the vehicle the thing belongs to; the request's company), copied onto each form file.
 * - bucket_files holds one row per combined hash; blob_key is the SHA-256 of the verified bytes, which names the
 *   stored blob, so equal bytes are stored once whoever sent them. vehicle_ids and company_ids say which vehicles'
 *   and companies' buckets carry the file (like user_ids of 0003).
 * - bucket_file_holders: who proved they have a file's bytes by sending them (or is its first uploader). Only their
 *   form files grant downloads, so knowing a file's digests is never enough to get it.
 * - Removing a form file (its owner, or an admin, through sync) leaves the bucket file without references; the
 *   upload service's sweep then deletes it and its blob when no other bucket file uses the same bytes.
 */
export default String.raw`
alter table upload_buckets add column vehicle_id text references vehicles (id) on delete cascade;
alter table upload_buckets add column company_id text;
create index upload_buckets_vehicle_idx on upload_buckets (vehicle_id);

alter table upload_form_files add column vehicle_id text;
alter table upload_form_files add column company_id text;
create index upload_form_files_vehicle_idx on upload_form_files (vehicle_id);
create index upload_form_files_company_idx on upload_form_files (company_id);

alter table bucket_files add column blob_key text check (blob_key is null or blob_key ~ '^[0-9a-f]{64}$');
alter table bucket_files add column file_hash text;
alter table bucket_files add column metadata_hash text;
alter table bucket_files add column vehicle_ids jsonb not null default '[]';
alter table bucket_files add column company_ids jsonb not null default '[]';
create index bucket_files_blob_idx on bucket_files (blob_key);

create table bucket_file_holders (
  bucket_file_id text not null references bucket_files (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (bucket_file_id, user_id)
);

-- Form files copy their bucket's vehicle and company when inserted (the bucket's target never moves).
create function tagbook_form_file_scope() returns trigger language plpgsql as $$
begin
  select vehicle_id, company_id into new.vehicle_id, new.company_id from upload_buckets where id = new.upload_form_id;
  return new;
end;
$$;
create trigger upload_form_files_scope before insert on upload_form_files
  for each row execute function tagbook_form_file_scope();

create function tagbook_file_vehicles(file text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct vehicle_id order by vehicle_id), '[]') from upload_form_files
    where upload_bucket_file_id = file and vehicle_id is not null;
$$;
create function tagbook_file_companies(file text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct company_id order by company_id), '[]') from upload_form_files
    where upload_bucket_file_id = file and company_id is not null;
$$;

-- Replaces 0003's: one pass computes every scope list of a stored file.
create or replace function tagbook_bucket_files_denormalize() returns trigger language plpgsql as $$
begin
  new.user_ids := tagbook_file_users(new.id);
  new.vehicle_ids := tagbook_file_vehicles(new.id);
  new.company_ids := tagbook_file_companies(new.id);
  return new;
end;
$$;
create or replace function tagbook_upload_form_files_propagate() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update bucket_files set user_ids = user_ids where id = old.upload_bucket_file_id;
  end if;
  if tg_op <> 'DELETE' then
    update bucket_files set user_ids = user_ids where id = new.upload_bucket_file_id;
  end if;
  return null;
end;
$$;
`;
