/**
 * 0023 — a vehicle's records carry its owner and the admins watching it, so a fleet of any size syncs as one bucket.
 *
 * Until now every vehicle was a bucket of its own (by_vehicle), reached by a parameter query returning one row per
 * owned or watched vehicle. The PowerSync Service refuses a connection whose parameter queries return over 1,000
 * rows or that would hold over 1,000 buckets (PSYNC_S2305), so an owner of a fleet could not sync there, and on our
 * own engine a device spent its first sync on per-bucket work. The buckets are now keyed by the person: by_owner
 * filters on a record's owner_id, watched on its watcher_ids (the admins whose admin_vehicle_watch, 0010, names the
 * vehicle). Both are copied onto every record of a vehicle the way 0003 copies other facts the rules cannot join
 * to: a BEFORE trigger recomputes them on every write (so no write can make them lie), and a vehicle that changes
 * hands, or that an admin starts or stops watching, carries the change to its records, which then move between
 * buckets as ordinary row changes. A stored file lists the owners and watchers of everything it is attached to; its
 * vehicle_ids (0011), which only the bucket per vehicle read, goes.
 *
 * Carrying the scope is not an edit of a record: the touch trigger leaves updated_at alone meanwhile
 * (tagbook.carrying_scope, set for the transaction by tagbook_carry_vehicle_scope only).
 *
 * PostgreSQL fires a table's BEFORE triggers in the order of their names: each scope trigger is named to fire after
 * the one that derives the vehicle_id it reads (worktime_denormalize, upload_buckets_scope, upload_form_files_scope).
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
alter table vehicles add column watcher_ids jsonb not null default '[]';
alter table vehicles_info add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table qr_tags add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table service_requests add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table worktime add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table vehicle_notes add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table track_sessions add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table vehicle_events add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table upload_buckets add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table upload_form_files add column owner_id text, add column watcher_ids jsonb not null default '[]';
alter table bucket_files add column owner_ids jsonb not null default '[]', add column watcher_ids jsonb not null default '[]';

create or replace function tagbook_touch_updated_at() returns trigger language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at
     and coalesce(current_setting('tagbook.carrying_scope', true), '') <> 'on' then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

create index admin_vehicle_watch_vehicle_idx on admin_vehicle_watch (vehicle_id);
create function tagbook_vehicle_watchers(vehicle text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(user_id order by user_id), '[]') from admin_vehicle_watch where vehicle_id = vehicle;
$$;

create function tagbook_vehicles_scope() returns trigger language plpgsql as $$
begin
  new.watcher_ids := tagbook_vehicle_watchers(new.id);
  return new;
end;
$$;
create trigger vehicles_scope before insert or update on vehicles
  for each row execute function tagbook_vehicles_scope();

-- Records that name their vehicle.
create function tagbook_vehicle_record_scope() returns trigger language plpgsql as $$
begin
  new.owner_id := (select user_id from vehicles where id = new.vehicle_id);
  new.watcher_ids := tagbook_vehicle_watchers(new.vehicle_id);
  return new;
end;
$$;
create trigger vehicles_info_to_vehicle before insert or update on vehicles_info
  for each row execute function tagbook_vehicle_record_scope();
create trigger service_requests_to_vehicle before insert or update on service_requests
  for each row execute function tagbook_vehicle_record_scope();
create trigger worktime_to_vehicle before insert or update on worktime
  for each row execute function tagbook_vehicle_record_scope();
create trigger vehicle_notes_to_vehicle before insert or update on vehicle_notes
  for each row execute function tagbook_vehicle_record_scope();
create trigger track_sessions_to_vehicle before insert or update on track_sessions
  for each row execute function tagbook_vehicle_record_scope();
create trigger vehicle_events_to_vehicle before insert or update on vehicle_events
  for each row execute function tagbook_vehicle_record_scope();
create trigger upload_buckets_to_vehicle before insert or update on upload_buckets
  for each row execute function tagbook_vehicle_record_scope();
create trigger upload_form_files_to_vehicle before insert or update on upload_form_files
  for each row execute function tagbook_vehicle_record_scope();

-- A tag names its vehicle as its target.
create function tagbook_qr_tags_scope() returns trigger language plpgsql as $$
begin
  new.owner_id := (select user_id from vehicles where id = new.target_id);
  new.watcher_ids := case when new.target_id is null then '[]'::jsonb else tagbook_vehicle_watchers(new.target_id) end;
  return new;
end;
$$;
create trigger qr_tags_to_vehicle before insert or update on qr_tags
  for each row execute function tagbook_qr_tags_scope();

-- A stored file: the owners and watchers of the vehicles its form files are attached to.
create function tagbook_file_owners(file text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct owner_id order by owner_id), '[]') from upload_form_files
    where upload_bucket_file_id = file and owner_id is not null;
$$;
create function tagbook_file_watchers(file text) returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(distinct w order by w), '[]')
    from upload_form_files f, jsonb_array_elements_text(f.watcher_ids) w
   where f.upload_bucket_file_id = file;
$$;
-- Replaces 0017's: vehicle_ids goes, its one reader (the bucket per vehicle) gone with it.
create or replace function tagbook_bucket_files_denormalize() returns trigger language plpgsql as $$
begin
  new.company_ids := tagbook_file_companies(new.id);
  new.owner_ids := tagbook_file_owners(new.id);
  new.watcher_ids := tagbook_file_watchers(new.id);
  return new;
end;
$$;
create or replace function tagbook_upload_form_files_propagate() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    update bucket_files set owner_ids = owner_ids where id = old.upload_bucket_file_id;
  end if;
  if tg_op <> 'DELETE' then
    update bucket_files set owner_ids = owner_ids where id = new.upload_bucket_file_id;
  end if;
  return null;
end;
$$;
alter table bucket_files drop column vehicle_ids;
drop function tagbook_file_vehicles(text);
drop trigger upload_form_files_propagate on upload_form_files;
create trigger upload_form_files_propagate
  after insert or delete or update of upload_bucket_file_id, vehicle_id, company_id, owner_id, watcher_ids
  on upload_form_files for each row execute function tagbook_upload_form_files_propagate();

-- Recomputes the scope of every record of a vehicle (the BEFORE triggers do the work). Form files are reached
-- directly: their bucket's own propagation (0017) follows a change of vehicle or company only.
create function tagbook_carry_vehicle_scope(vehicle text) returns void language plpgsql as $$
begin
  perform set_config('tagbook.carrying_scope', 'on', true);
  update vehicles set watcher_ids = watcher_ids where id = vehicle;
  update vehicles_info set owner_id = owner_id where vehicle_id = vehicle;
  update qr_tags set owner_id = owner_id where target_id = vehicle;
  update service_requests set owner_id = owner_id where vehicle_id = vehicle;
  update worktime set owner_id = owner_id where vehicle_id = vehicle;
  update vehicle_notes set owner_id = owner_id where vehicle_id = vehicle;
  update track_sessions set owner_id = owner_id where vehicle_id = vehicle;
  update vehicle_events set owner_id = owner_id where vehicle_id = vehicle;
  update upload_buckets set owner_id = owner_id where vehicle_id = vehicle;
  update upload_form_files set owner_id = owner_id where vehicle_id = vehicle;
  perform set_config('tagbook.carrying_scope', '', true);
end;
$$;

create function tagbook_vehicles_owner_propagate() returns trigger language plpgsql as $$
begin
  perform tagbook_carry_vehicle_scope(new.id);
  return null;
end;
$$;
create trigger vehicles_owner_propagate after update of user_id on vehicles
  for each row when (old.user_id is distinct from new.user_id)
  execute function tagbook_vehicles_owner_propagate();

create function tagbook_admin_vehicle_watch_propagate() returns trigger language plpgsql as $$
begin
  -- A watch deleted with its vehicle has no records left to carry to.
  if tg_op <> 'INSERT' and exists (select 1 from vehicles where id = old.vehicle_id) then
    perform tagbook_carry_vehicle_scope(old.vehicle_id);
  end if;
  if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.vehicle_id is distinct from old.vehicle_id
                            or new.user_id is distinct from old.user_id) then
    perform tagbook_carry_vehicle_scope(new.vehicle_id);
  end if;
  return null;
end;
$$;
create trigger admin_vehicle_watch_propagate after insert or delete or update of user_id, vehicle_id on admin_vehicle_watch
  for each row execute function tagbook_admin_vehicle_watch_propagate();

-- Backfill: the BEFORE triggers compute the values; not an edit of any record.
select set_config('tagbook.carrying_scope', 'on', true);
update vehicles set watcher_ids = watcher_ids;
update vehicles_info set owner_id = owner_id;
update qr_tags set owner_id = owner_id where target_id is not null;
update service_requests set owner_id = owner_id;
update worktime set owner_id = owner_id;
update vehicle_notes set owner_id = owner_id;
update track_sessions set owner_id = owner_id;
update vehicle_events set owner_id = owner_id;
update upload_buckets set owner_id = owner_id where vehicle_id is not null;
update upload_form_files set owner_id = owner_id where vehicle_id is not null;
update bucket_files set owner_ids = owner_ids;
select set_config('tagbook.carrying_scope', '', true);
`;
