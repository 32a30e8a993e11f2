/**
 * 0017 — a file's rows follow what it is attached to, not who added it.
 *
 * A bucket's vehicle_id and company_id (0011) were copied from its target when the bucket was made, so a request
 * moved to another company kept its files with the old company's staff, and the new company's never got them. Now
 * a BEFORE trigger derives both from the bucket's form_key on every write (the vehicle of the photo, note or request;
 * the request's company), the request's own propagation (0003) refreshes its buckets when the request moves, a
 * bucket's move reaches its form files, and a form file's reaches the stored file's lists (vehicle_ids, company_ids).
 *
 * The sync rules no longer send a user the files they added (by_user): those reach whoever may see what they are
 * attached to (by_vehicle, by_company), so a sold vehicle's photos leave the former owner's devices and a moved
 * request's files its old company's. bucket_files.user_ids, which only that rule read, goes.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create index upload_buckets_form_key_idx on upload_buckets (form_key);

create function tagbook_upload_buckets_scope() returns trigger language plpgsql as $$
declare
  kind text := split_part(new.form_key, '/', 1);
  target text := substr(new.form_key, length(kind) + 2);
begin
  if kind = 'service_request' then
    select vehicle_id, company_id into new.vehicle_id, new.company_id from service_requests where id = target;
  elsif kind = 'note' then
    new.vehicle_id := (select vehicle_id from vehicle_notes where id = target);
    new.company_id := null;
  elsif kind = 'vehicle' then
    new.vehicle_id := (select id from vehicles where id = target);
    new.company_id := null;
  end if;
  return new;
end;
$$;
create trigger upload_buckets_scope before insert or update on upload_buckets
  for each row execute function tagbook_upload_buckets_scope();

-- Form files take their bucket's scope on every write, not only when inserted (0011).
drop trigger upload_form_files_scope on upload_form_files;
create trigger upload_form_files_scope before insert or update on upload_form_files
  for each row execute function tagbook_form_file_scope();

create function tagbook_upload_buckets_propagate() returns trigger language plpgsql as $$
begin
  update upload_form_files set vehicle_id = new.vehicle_id, company_id = new.company_id where upload_form_id = new.id;
  return null;
end;
$$;
create trigger upload_buckets_propagate after update of vehicle_id, company_id on upload_buckets
  for each row when (old.vehicle_id is distinct from new.vehicle_id or old.company_id is distinct from new.company_id)
  execute function tagbook_upload_buckets_propagate();

-- Replaces 0003's: the request's work time and now its files follow it.
create or replace function tagbook_service_requests_propagate() returns trigger language plpgsql as $$
begin
  update worktime set vehicle_id = new.vehicle_id, company_id = new.company_id where service_request_id = new.id;
  update upload_buckets set vehicle_id = new.vehicle_id, company_id = new.company_id
    where form_key = 'service_request/' || new.id;
  return null;
end;
$$;

-- Replaces 0011's: the stored file's lists follow its form files, whoever added them.
create or replace function tagbook_bucket_files_denormalize() returns trigger language plpgsql as $$
begin
  new.vehicle_ids := tagbook_file_vehicles(new.id);
  new.company_ids := tagbook_file_companies(new.id);
  return new;
end;
$$;
create or replace function tagbook_upload_form_files_propagate() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update bucket_files set vehicle_ids = vehicle_ids where id = old.upload_bucket_file_id;
  end if;
  if tg_op <> 'DELETE' then
    update bucket_files set vehicle_ids = vehicle_ids where id = new.upload_bucket_file_id;
  end if;
  return null;
end;
$$;
drop trigger upload_form_files_propagate on upload_form_files;
create trigger upload_form_files_propagate after insert or delete or update of upload_bucket_file_id, vehicle_id, company_id
  on upload_form_files for each row execute function tagbook_upload_form_files_propagate();

alter table bucket_files drop column user_ids;
drop function tagbook_file_users(text);

-- Requests moved before this migration: their buckets take the request's company now (and pass it on).
update upload_buckets b set vehicle_id = r.vehicle_id, company_id = r.company_id
  from service_requests r
 where b.form_key = 'service_request/' || r.id
   and (b.vehicle_id, b.company_id) is distinct from (r.vehicle_id, r.company_id);
`;
