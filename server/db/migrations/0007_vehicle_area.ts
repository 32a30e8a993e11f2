/**
 * 0007 — the vehicle area: notes, track sessions, and the history the logbook reads.
 *
 * - vehicle_notes: what the owner (or an admin) writes about a vehicle. is_public puts a note on the public profile.
 *   author_name is the author's display name, filled by the database so every device can show it (devices only
 *   hold their own user row). Removing a note sets deleted_at: a device holding only a cached copy of the note can
 *   still express that as an upsert, and the history stays.
 * - track_sessions: track days: date, circuit, laps, best lap (milliseconds), conditions, cold tire pressures,
 *   tires and notes. Soft-deleted like notes.
 * - vehicle_events: what happened to a vehicle, written by triggers whoever wrote the change (upload, RPC,
 *   migration, admin SQL): ownership moves, renames, public/private, info changes (which fields) and tags linked or
 *   unlinked. The writer of a change names themselves with set_config('tagbook.actor_id', user id, true) in its
 *   transaction; without it the event has no actor. Devices never write events.
 *
 * tagbook_sync_snapshot() is redefined to cover every table that has the change-capture trigger, so tables added
 * by this or later migrations are snapshotted without another redefinition.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create table vehicle_notes (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id),
  author_name text,
  body text not null check (btrim(body) <> ''),
  is_public boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
-- A vehicle's notes, newest first; the public profile reads only the public ones.
create index vehicle_notes_vehicle_idx on vehicle_notes (vehicle_id, created_at desc);
create index vehicle_notes_public_idx on vehicle_notes (vehicle_id, created_at desc) where is_public and deleted_at is null;

create table track_sessions (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id),
  held_on date not null,
  circuit text not null check (btrim(circuit) <> ''),
  laps integer check (laps is null or laps >= 0),
  best_lap_ms integer check (best_lap_ms is null or best_lap_ms > 0),
  conditions text check (conditions is null or conditions in ('dry', 'damp', 'wet')),
  tire_pressure_front double precision check (tire_pressure_front is null or tire_pressure_front >= 0),
  tire_pressure_rear double precision check (tire_pressure_rear is null or tire_pressure_rear >= 0),
  tires text,
  notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index track_sessions_vehicle_idx on track_sessions (vehicle_id, held_on desc);

create table vehicle_events (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  kind text not null check (kind in ('ownership', 'renamed', 'visibility', 'info', 'tag_linked', 'tag_unlinked')),
  -- ownership: the new owner's name; renamed: the new name; visibility: public or private; info: the changed
  -- columns, comma-separated; tag_*: the tag's hash.
  detail text,
  -- Server only (not synced): who made the change; actor_name is what devices show.
  actor_id text references users (id) on delete set null,
  actor_name text,
  -- The moment of the change itself (clock time, not the transaction's start), so events of one transaction keep
  -- their order; seq (server only) breaks ties.
  created_at timestamptz not null default clock_timestamp(),
  seq bigserial not null
);
create index vehicle_events_vehicle_idx on vehicle_events (vehicle_id, created_at, seq);

-- Who the current transaction writes for, if its writer said so.
create function tagbook_actor() returns text language sql stable as $$
  select nullif(current_setting('tagbook.actor_id', true), '');
$$;

-- How history and notes name a person: the display name, or a neutral word when there is none.
create function tagbook_user_label(uid text) returns text language sql stable as $$
  select coalesce((select nullif(btrim(display_name), '') from users where id = uid), case when uid is null then null else 'Tagbook user' end);
$$;

create function tagbook_log_vehicle_event(vehicle text, event_kind text, event_detail text) returns void language plpgsql as $$
declare
  actor text := tagbook_actor();
begin
  insert into vehicle_events (id, vehicle_id, kind, detail, actor_id, actor_name)
    values (gen_random_uuid()::text, vehicle, event_kind, event_detail,
            (select id from users where id = actor), tagbook_user_label(actor));
end;
$$;

create function tagbook_vehicles_history() returns trigger language plpgsql as $$
begin
  if new.user_id is distinct from old.user_id then
    perform tagbook_log_vehicle_event(new.id, 'ownership', tagbook_user_label(new.user_id));
  end if;
  if new.name is distinct from old.name then
    perform tagbook_log_vehicle_event(new.id, 'renamed', new.name);
  end if;
  if new.is_public is distinct from old.is_public then
    perform tagbook_log_vehicle_event(new.id, 'visibility', case when new.is_public then 'public' else 'private' end);
  end if;
  return null;
end;
$$;
create trigger vehicles_history after update of user_id, name, is_public on vehicles
  for each row execute function tagbook_vehicles_history();

-- Empty text and null are the same "no value" to a reader of the history.
create function tagbook_blank(value jsonb) returns jsonb language sql immutable as $$
  select case when value is null or value = 'null'::jsonb or value = '""'::jsonb then null else value end;
$$;

create function tagbook_vehicles_info_history() returns trigger language plpgsql as $$
declare
  changed text;
begin
  select string_agg(n.key, ',' order by n.key) into changed
    from jsonb_each(to_jsonb(new)) n
   where n.key in ('category', 'vin', 'make', 'model', 'year', 'color', 'state', 'license_plate', 'mods', 'notes',
                   'generation', 'customer_id')
     and tagbook_blank(n.value) is distinct from
         tagbook_blank(case when tg_op = 'INSERT' then null else to_jsonb(old) -> n.key end);
  if changed is not null then
    perform tagbook_log_vehicle_event(new.vehicle_id, 'info', changed);
  end if;
  return null;
end;
$$;
create trigger vehicles_info_history after insert or update on vehicles_info
  for each row execute function tagbook_vehicles_info_history();

create function tagbook_qr_tags_history() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.target_id is not distinct from new.target_id then
      return null;
    end if;
    if old.target_id is not null then
      perform tagbook_log_vehicle_event(old.target_id, 'tag_unlinked', new.id);
    end if;
  end if;
  if new.target_id is not null then
    perform tagbook_log_vehicle_event(new.target_id, 'tag_linked', new.id);
  end if;
  return null;
end;
$$;
create trigger qr_tags_history after insert or update of target_id on qr_tags
  for each row execute function tagbook_qr_tags_history();

-- A note's author name follows its author, set by the database and never by the writer.
create function tagbook_vehicle_notes_author() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.user_id is distinct from old.user_id then
    new.author_name := tagbook_user_label(new.user_id);
  else
    new.author_name := old.author_name;
  end if;
  return new;
end;
$$;
create trigger vehicle_notes_author before insert or update on vehicle_notes
  for each row execute function tagbook_vehicle_notes_author();

create trigger vehicle_notes_touch before update on vehicle_notes
  for each row execute function tagbook_touch_updated_at();
create trigger track_sessions_touch before update on track_sessions
  for each row execute function tagbook_touch_updated_at();

-- Change capture, as for every synced table (migration 0003).
create trigger vehicle_notes_sync_lock before insert or update or delete on vehicle_notes
  for each statement execute function tagbook_sync_lock();
create trigger vehicle_notes_sync after insert or update or delete on vehicle_notes
  for each row execute function tagbook_sync_capture();
create trigger track_sessions_sync_lock before insert or update or delete on track_sessions
  for each statement execute function tagbook_sync_lock();
create trigger track_sessions_sync after insert or update or delete on track_sessions
  for each row execute function tagbook_sync_capture();
create trigger vehicle_events_sync_lock before insert or update or delete on vehicle_events
  for each statement execute function tagbook_sync_lock();
create trigger vehicle_events_sync after insert or update or delete on vehicle_events
  for each row execute function tagbook_sync_capture();
create trigger vehicle_notes_no_truncate before truncate on vehicle_notes execute function tagbook_sync_refuse_truncate();
create trigger track_sessions_no_truncate before truncate on track_sessions execute function tagbook_sync_refuse_truncate();
create trigger vehicle_events_no_truncate before truncate on vehicle_events execute function tagbook_sync_refuse_truncate();

-- Every table with the capture trigger, in the order the tables were created (users first).
create or replace function tagbook_sync_snapshot() returns bigint language plpgsql as $$
declare
  t text;
  added bigint := 0;
  n bigint;
begin
  perform pg_advisory_xact_lock(7305420003);
  for t in
    select c.relname from pg_class c
     where exists (select 1 from pg_trigger g join pg_proc p on p.oid = g.tgfoid
                    where g.tgrelid = c.oid and p.proname = 'tagbook_sync_capture' and not g.tgisinternal)
     order by c.oid
  loop
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
`;
