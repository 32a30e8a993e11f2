/**
 * 0009 — the public bucket holds the latest public vehicles only, so what an anonymous device downloads does not grow
 * with the service (the public bucket of sync-rules.yaml).
 *
 * vehicles.is_latest: true for the newest 100 public vehicles by (updated_at desc, id), the order of the public
 * list (src/entities/vehicle/queries.ts shows the first PUBLIC_LIST_LIMIT of them; src/domain/publicFeed.ts holds
 * the number, and a server test checks the two agree). Sync-rules data queries see one row at a time, so the rank is
 * stored on the row: statement-level triggers recompute the set once per statement that can move it (a bulk insert of 10,000
 * vehicles recomputes once), and rewrite only the rows whose flag changes. A vehicle leaving the set leaves the
 * public bucket (devices drop it); its page and tags still resolve through the server.
 *
 * qr_tags.target_latest: the flag of the tag's vehicle, so a tag reaches the public bucket with its vehicle.
 *
 * sync_buckets.compacted_count: the bucket's op count after its last compaction. Every new public vehicle now brings a
 * PUT and a REMOVE to the public bucket, so the server compacts a bucket between its regular passes once its ops have
 * doubled (server/sync/replicate/compact.ts), and a new device downloads about the live rows, not the history.
 *
 * Neither flag is a user's edit: the touch triggers leave updated_at alone when only a flag moves, or the refresh
 * would reorder the very list it follows.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
alter table vehicles add column is_latest boolean not null default false;
alter table qr_tags add column target_latest boolean not null default false;
alter table sync_buckets add column compacted_count bigint not null default 0;
update sync_buckets set compacted_count = count where compacted_op > 0;

-- The public list's order, for the refresh's top-100 read; the flag's partial index finds the current set.
create index vehicles_public_updated_idx on vehicles (updated_at desc, id) where is_public;
create index vehicles_is_latest_idx on vehicles (id) where is_latest;

create function tagbook_refresh_latest() returns void language plpgsql as $$
begin
  with latest as (
    select id from vehicles where is_public order by updated_at desc, id limit 100
  )
  update vehicles set is_latest = false where is_latest and id not in (select id from latest);
  with latest as (
    select id from vehicles where is_public order by updated_at desc, id limit 100
  )
  update vehicles set is_latest = true where id in (select id from latest) and not is_latest;
end;
$$;

-- Which statements can move the set: inserting or deleting a public vehicle, or changing a vehicle's visibility or
-- last update. Updates that only move a flag (the refresh itself, the company list of 0008) change neither, so the
-- refresh does not recurse. One trigger per event: a trigger with transition tables takes one event only.
create function tagbook_vehicles_latest_insert() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed where is_public) then
    perform tagbook_refresh_latest();
  end if;
  return null;
end;
$$;
create trigger vehicles_latest_insert after insert on vehicles
  referencing new table as changed for each statement execute function tagbook_vehicles_latest_insert();

create function tagbook_vehicles_latest_update() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from changed_new n join changed_old o on o.id = n.id
      where n.is_public is distinct from o.is_public or (n.is_public and n.updated_at is distinct from o.updated_at)
  ) then
    perform tagbook_refresh_latest();
  end if;
  return null;
end;
$$;
create trigger vehicles_latest_update after update on vehicles
  referencing old table as changed_old new table as changed_new
  for each statement execute function tagbook_vehicles_latest_update();

create function tagbook_vehicles_latest_delete() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed where is_latest) then
    perform tagbook_refresh_latest();
  end if;
  return null;
end;
$$;
create trigger vehicles_latest_delete after delete on vehicles
  referencing old table as changed for each statement execute function tagbook_vehicles_latest_delete();

-- Tags carry their vehicle's flag (recomputed on every tag write, so a direct write cannot make it lie).
create or replace function tagbook_qr_tags_denormalize() returns trigger language plpgsql as $$
begin
  select is_public, is_latest into new.target_public, new.target_latest from vehicles where id = new.target_id;
  new.target_public := coalesce(new.target_public, false);
  new.target_latest := coalesce(new.target_latest, false);
  return new;
end;
$$;

create function tagbook_vehicles_propagate_latest() returns trigger language plpgsql as $$
begin
  update qr_tags set target_latest = new.is_latest where target_id = new.id and target_latest is distinct from new.is_latest;
  return null;
end;
$$;
create trigger vehicles_propagate_latest after update of is_latest on vehicles
  for each row when (old.is_latest is distinct from new.is_latest) execute function tagbook_vehicles_propagate_latest();

-- The touch triggers skip updates that move only a flag: the refresh's, and the propagation to tags (a tag whose
-- target changes is still touched).
drop trigger vehicles_touch on vehicles;
create trigger vehicles_touch before update on vehicles
  for each row when (old.company_ids is not distinct from new.company_ids and old.is_latest is not distinct from new.is_latest)
  execute function tagbook_touch_updated_at();
drop trigger qr_tags_touch on qr_tags;
create trigger qr_tags_touch before update on qr_tags
  for each row when (old.target_latest is not distinct from new.target_latest or old.target_id is distinct from new.target_id)
  execute function tagbook_touch_updated_at();

-- Backfill: the newest 100 public vehicles, and their tags through the propagation trigger.
select tagbook_refresh_latest();
`;
