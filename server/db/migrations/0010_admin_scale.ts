/**
 * 0010 — the admin and company areas at scale.
 *
 * Search keys: tagbook_search_key() is the one normalisation the Vehicle Finder and the admin lists compare with
 * (letters and digits only, upper case: 'wp0-ab2a 9x' and 'WP0AB2A9X' are the same key). Expression indexes on it
 * (and on the last 8 characters of a VIN) answer exact and prefix lookups without a column to keep in step;
 * trigram indexes (pg_trgm, a trusted extension on PostgreSQL 13+ and shipped with PGlite) answer "contains" on
 * names. Keyset indexes back every list's order, so a page costs the same at row 10 and at row 100,000.
 *
 * is_open (service_requests) and request_open (worktime): the sync rules' admin bucket carries only open requests
 * and their work time (data queries cannot join or compare statuses), kept right by triggers like is_current (0005).
 *
 * admin_vehicle_watch: the vehicles an administrator opened (VehicleService.GetVehicle records them). A parameter
 * query of the by_vehicle bucket reads it, so an admin's device holds the whole of each vehicle it works on — its
 * requests with their history, info, notes — and nothing of the rest. Server-side rows only; no device receives the
 * table itself. Revoking the flag drops them.
 *
 * company_services: a company's catalogue of service types (name, description, typical duration), offered when a
 * request is written. Served by CompanyService over RPC; not synced.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
create extension if not exists pg_trgm;

create function tagbook_search_key(value text) returns text language sql immutable parallel safe as $$
  select upper(regexp_replace(coalesce(value, ''), '[^A-Za-z0-9]', '', 'g'));
$$;

-- Vehicle Finder ---------------------------------------------------------------------------------------------------
create index vehicles_info_vin_key_idx on vehicles_info (tagbook_search_key(vin) text_pattern_ops);
create index vehicles_info_vin_last8_idx on vehicles_info (right(tagbook_search_key(vin), 8));
create index vehicles_info_plate_key_idx on vehicles_info (tagbook_search_key(license_plate));
create index vehicles_vin_key_idx on vehicles (tagbook_search_key(vin) text_pattern_ops);
create index vehicles_vin_last8_idx on vehicles (right(tagbook_search_key(vin), 8));
create index vehicles_name_trgm_idx on vehicles using gin (lower(name) gin_trgm_ops);
create index qr_tags_key_idx on qr_tags (upper(id));
create index vehicles_created_idx on vehicles (created_at desc, id desc);

-- Users, customers, requests -----------------------------------------------------------------------------------------
create index users_created_idx on users (created_at desc, id desc);
create index users_email_prefix_idx on users (email text_pattern_ops);
create index users_name_trgm_idx on users using gin (lower(display_name) gin_trgm_ops);
create index customers_name_idx on customers (lower(name), id);
create index customers_company_lname_idx on customers (company_id, lower(name), id);
create index customers_name_trgm_idx on customers using gin (lower(name) gin_trgm_ops);
create index customers_email_idx on customers (lower(email) text_pattern_ops);
create index customers_created_idx on customers (created_at desc);
create index users_admin_idx on users (id) where is_admin;
create index customers_phone_trgm_idx on customers using gin (phone gin_trgm_ops);
create index service_requests_created_idx on service_requests (created_at desc, id desc);
create index service_requests_status_created_idx on service_requests (vehicle_service_status_id, created_at desc, id desc);
create index service_requests_assigned_created_idx on service_requests (assigned_user_id, created_at desc, id desc);
create index vehicle_events_created_idx on vehicle_events (created_at desc);

-- Open requests for the admin bucket ---------------------------------------------------------------------------------
alter table service_requests add column is_open boolean not null default true;
alter table worktime add column request_open boolean not null default true;
-- The dashboard counts open and started requests.
create index service_requests_open_idx on service_requests (vehicle_service_status_id, has_started) where is_open;

-- Open: not deleted, neither completed (4) nor cancelled (5); a row without a status reads as open (serviceStatus.ts).
create function tagbook_request_is_open(deleted_at timestamptz, status integer) returns boolean language sql immutable as $$
  select deleted_at is null and (status is null or status not in (4, 5));
$$;

create function tagbook_service_requests_open() returns trigger language plpgsql as $$
begin
  new.is_open := tagbook_request_is_open(new.deleted_at, new.vehicle_service_status_id);
  return new;
end;
$$;
create trigger service_requests_open before insert or update on service_requests
  for each row execute function tagbook_service_requests_open();

create function tagbook_worktime_open() returns trigger language plpgsql as $$
begin
  new.request_open := coalesce((select is_open from service_requests where id = new.service_request_id), false);
  return new;
end;
$$;
create trigger worktime_open before insert or update on worktime
  for each row execute function tagbook_worktime_open();

create function tagbook_service_requests_open_propagate() returns trigger language plpgsql as $$
begin
  update worktime set request_open = new.is_open where service_request_id = new.id and request_open is distinct from new.is_open;
  return null;
end;
$$;
create trigger service_requests_open_propagate after update of is_open on service_requests
  for each row when (old.is_open is distinct from new.is_open)
  execute function tagbook_service_requests_open_propagate();

-- Backfill; not a user's edit, so updated_at stays.
alter table service_requests disable trigger service_requests_touch;
update service_requests set is_open = tagbook_request_is_open(deleted_at, vehicle_service_status_id)
  where is_open is distinct from tagbook_request_is_open(deleted_at, vehicle_service_status_id);
alter table service_requests enable trigger service_requests_touch;
update worktime w set request_open = false
  where exists (select 1 from service_requests r where r.id = w.service_request_id and not r.is_open);

-- Vehicles an administrator works on --------------------------------------------------------------------------------
create table admin_vehicle_watch (
  -- user id and vehicle id: one row per pair, and an id the change log can name.
  id text primary key check (id <> ''),
  user_id text not null references users (id) on delete cascade,
  vehicle_id text not null references vehicles (id) on delete cascade,
  opened_at timestamptz not null default now(),
  unique (user_id, vehicle_id)
);
create index admin_vehicle_watch_user_idx on admin_vehicle_watch (user_id, opened_at desc);

create trigger admin_vehicle_watch_sync_lock before insert or update or delete on admin_vehicle_watch
  for each statement execute function tagbook_sync_lock();
create trigger admin_vehicle_watch_sync after insert or update or delete on admin_vehicle_watch
  for each row execute function tagbook_sync_capture();
create trigger admin_vehicle_watch_no_truncate before truncate on admin_vehicle_watch
  execute function tagbook_sync_refuse_truncate();

create function tagbook_users_admin_revoked() returns trigger language plpgsql as $$
begin
  delete from admin_vehicle_watch where user_id = new.id;
  return null;
end;
$$;
create trigger users_admin_revoked after update of is_admin on users
  for each row when (old.is_admin and not new.is_admin) execute function tagbook_users_admin_revoked();

-- A company's catalogue of service types ----------------------------------------------------------------------------
create table company_services (
  id text primary key check (id <> ''),
  company_id text not null references companies (id),
  name text not null check (name <> ''),
  description text not null default '',
  duration_minutes integer check (duration_minutes is null or duration_minutes between 1 and 100000),
  created_by text references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
-- One live service of a name per company.
create unique index company_services_name_idx on company_services (company_id, lower(name)) where deleted_at is null;
create trigger company_services_touch before update on company_services
  for each row execute function tagbook_touch_updated_at();
`;
