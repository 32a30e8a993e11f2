/**
 * 0001 — every server-side entity: users, companies and their employees, customers, vehicles and their info, service requests, work time, tags, and files.
 *
 * Kept as a TypeScript string (not a .sql file) so the exact same text reaches the database whether the server runs
 * from source or from the bundle: no loader, no path on disk to find. PostgreSQL dialect only; it must behave the
 * same on embedded PGlite and on PostgreSQL 15, so nothing here needs an extension.
 *
 * Conventions, and why:
 * - Ids are text. Entity ids we generate are 22 url-safe characters (src/domain/ids.ts); vehicles enforce that
 *   format because vehicle ids appear in URLs. Other tables only require a non-empty id so that rows made
 *   by other writers (imports, the admin) are not refused for their id alone.
 * - Every table has created_at/updated_at with defaults; a BEFORE UPDATE trigger bumps updated_at unless the writer
 *   set it explicitly, so clients ordering by "last update" (My Vehicles) see server truth.
 * - Soft delete (deleted_at) only where a record may be restored: companies, customers, service requests.
 * - Foreign keys cascade only for rows that cannot exist without their parent (credentials, sessions, a vehicle's
 *   info, a bucket's form files); everything else refuses the delete, so history is never dropped by accident.
 * - Server-only tables (user_credentials, sessions) hold secrets and are never part of sync rules.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
-- Bumps updated_at on every update that did not set it itself (an explicit value, e.g. from an import, wins).
create function tagbook_touch_updated_at() returns trigger language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- Users ---------------------------------------------------------------------------------------------------------

create table users (
  id text primary key check (id <> ''),
  display_name text not null default '',
  -- Stored normalized (trimmed, lowercase; src/domain/credentials.ts) so the unique index means "one account per
  -- address" regardless of how it was typed.
  email text not null unique check (email = lower(btrim(email)) and email <> ''),
  -- The client's SHA-256 of its normalized username (lowercase hex). Sign-in looks the account up by it.
  username_digest text not null unique check (username_digest ~ '^[0-9a-f]{64}$'),
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Server only: scrypt of the client's password digest with a per-user salt (server/accounts/passwords.ts).
create table user_credentials (
  user_id text primary key references users (id) on delete cascade,
  password_salt bytea not null,
  password_hash bytea not null,
  updated_at timestamptz not null default now()
);

-- Server only: key-bound sessions: each signed with its device's own key. counter is the highest request counter accepted so far;
-- a request must carry a greater one, which makes replays fail.
create table sessions (
  id text primary key check (id <> ''),
  user_id text not null references users (id) on delete cascade,
  public_key bytea not null, -- SPKI encoding of the client's ECDSA P-256 public key
  counter bigint not null default 0 check (counter >= 0),
  remember boolean not null default false,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
-- "Log out of all devices" and session listings go by user.
create index sessions_user_id_idx on sessions (user_id);

-- Companies, their employees and customers -----------------------------------------------------------------------

create table companies (
  id text primary key check (id <> ''),
  name text not null,
  short_info text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);

-- A user is an employee (and may pick the company workspace) through these links.
create table company_employees (
  id text primary key check (id <> ''),
  user_id text not null references users (id),
  company_id text not null references companies (id),
  type text,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  created_by text references users (id),
  updated_at timestamptz not null default now(),
  updated_by text references users (id),
  check (end_date is null or start_date is null or end_date >= start_date)
);
-- Per-user sync (own company links) and per-company sync (its employees) look links up from both sides.
create index company_employees_user_id_idx on company_employees (user_id);
create index company_employees_company_id_idx on company_employees (company_id);

create table customers (
  id text primary key check (id <> ''),
  name text not null,
  email text,
  phone text,
  note text,
  -- Nullable: an admin may record a customer before any company takes them on.
  company_id text references companies (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
-- The company's customer list, alphabetical.
create index customers_company_id_name_idx on customers (company_id, name);

-- Vehicles ------------------------------------------------------------------------------------------------------

create table vehicles (
  -- Vehicle ids travel in URLs (/vehicle/{id}); their shape is fixed.
  id text primary key check (id ~ '^[A-Za-z0-9_-]{22}$'),
  name text,
  description text,
  category integer, -- the categories have names but no fixed codes; null is "not set"
  type text,
  instagram text,
  facebook text,
  tiktok text,
  youtube text,
  website text,
  cover text,
  vin text,
  is_public boolean not null default false,
  -- Null until someone claims the vehicle by scanning its tag.
  user_id text references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- My Vehicles: the owner's vehicles by name, then last update.
create index vehicles_user_id_name_idx on vehicles (user_id, name, updated_at desc);
-- The public list: latest listed vehicles only; the partial index stays small while private vehicles grow.
create index vehicles_public_latest_idx on vehicles (created_at desc) where is_public;

-- Exactly one info row per vehicle, hence the unique vehicle_id.
create table vehicles_info (
  id text primary key check (id <> ''),
  vehicle_id text not null unique references vehicles (id) on delete cascade,
  category integer,
  vin text,
  make text,
  model text,
  -- A year of 0 is stored as null; refusing 0 here keeps every writer honest.
  year integer check (year is null or year > 0),
  color text,
  state text,
  license_plate text,
  mods text,
  notes text,
  generation text,
  customer_id text references customers (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The admin vehicle finder searches by VIN; a customer page lists that customer's vehicles.
create index vehicles_info_vin_idx on vehicles_info (vin);
create index vehicles_info_customer_id_idx on vehicles_info (customer_id);

-- Service requests and work time ----------------------------------------------------------------------------------

create table service_requests (
  id text primary key check (id <> ''),
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  vehicle_id text not null references vehicles (id),
  vehicle_service_status_id integer, -- the status codes are the app's own (src/domain/serviceStatus.ts)
  user_id text references users (id), -- who asked for the service
  updated_by text references users (id),
  completed_at timestamptz,
  schedule_start timestamptz,
  schedule_end timestamptz,
  assigned_user_id text references users (id),
  has_started boolean not null default false,
  company_id text references companies (id),
  check (schedule_end is null or schedule_start is null or schedule_end >= schedule_start)
);
-- A vehicle's request list, a company's requests, a worker's assignments.
create index service_requests_vehicle_id_idx on service_requests (vehicle_id, created_at desc);
create index service_requests_company_id_idx on service_requests (company_id, created_at desc);
create index service_requests_assigned_user_id_idx on service_requests (assigned_user_id);

-- Append-only start/stop records; totals and "is running" are derived from them.
create table worktime (
  id text primary key check (id <> ''),
  user_id text not null references users (id),
  service_request_id text not null references service_requests (id),
  operation smallint not null check (operation in (1, 2)), -- 1 = start, 2 = stop
  time timestamptz not null,
  change_time timestamptz,
  created_at timestamptz not null default now()
);
-- Each user's latest operation on a request decides whether it runs; a user's active requests start from the user.
create index worktime_request_user_time_idx on worktime (service_request_id, user_id, time);
create index worktime_user_time_idx on worktime (user_id, time);

-- QR tags -------------------------------------------------------------------------------------------------------

create table qr_tags (
  -- The hash printed in the QR code: 8 to 16 letters or digits, and the resolver refuses others,
  -- so a tag outside that shape could never be scanned.
  id text primary key check (id ~ '^[A-Za-z0-9]{8,16}$'),
  -- Null while the tag is unclaimed (scanning it leads to /register/{hash}).
  target_id text references vehicles (id),
  target_path text,
  created_by text references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- "Show QR Code" only appears when a tag points at the vehicle: look tags up by target.
create index qr_tags_target_id_idx on qr_tags (target_id);

-- Uploads -------------------------------------------------------------------------------------------------------

create table upload_buckets (
  id text primary key check (id <> ''),
  locked smallint not null default 0 check (locked in (0, 1)),
  user_id text references users (id),
  form_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index upload_buckets_user_id_idx on upload_buckets (user_id);

-- A bucket goes from created to locked, never back. A trigger, because a CHECK cannot see the old row.
create function tagbook_bucket_stays_locked() returns trigger language plpgsql as $$
begin
  if old.locked = 1 and new.locked <> 1 then
    raise exception 'upload bucket % is locked and cannot be unlocked', old.id
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;
create trigger upload_buckets_stay_locked before update of locked on upload_buckets
  for each row execute function tagbook_bucket_stays_locked();

-- One row per distinct file content; filehash is the content identity, so it is unique.
create table bucket_files (
  id text primary key check (id <> ''),
  filehash text not null unique,
  extension text,
  type text,
  filesize bigint check (filesize is null or filesize >= 0),
  state smallint not null default 0, -- 2 = downloaded ok; other codes are the upload service's
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A file as placed in a bucket (form): its name, description and position there.
create table upload_form_files (
  id text primary key check (id <> ''),
  upload_form_id text not null references upload_buckets (id) on delete cascade,
  upload_bucket_file_id text references bucket_files (id),
  description text,
  file_hash text,
  filename text,
  sort_order integer not null default 0, -- the file's "order", a reserved word in SQL
  user_id text references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index upload_form_files_form_order_idx on upload_form_files (upload_form_id, sort_order);
create index upload_form_files_bucket_file_idx on upload_form_files (upload_bucket_file_id);

-- updated_at maintenance for every table that has the column.
create trigger users_touch before update on users
  for each row execute function tagbook_touch_updated_at();
create trigger user_credentials_touch before update on user_credentials
  for each row execute function tagbook_touch_updated_at();
create trigger companies_touch before update on companies
  for each row execute function tagbook_touch_updated_at();
create trigger company_employees_touch before update on company_employees
  for each row execute function tagbook_touch_updated_at();
create trigger customers_touch before update on customers
  for each row execute function tagbook_touch_updated_at();
create trigger vehicles_touch before update on vehicles
  for each row execute function tagbook_touch_updated_at();
create trigger vehicles_info_touch before update on vehicles_info
  for each row execute function tagbook_touch_updated_at();
create trigger service_requests_touch before update on service_requests
  for each row execute function tagbook_touch_updated_at();
create trigger qr_tags_touch before update on qr_tags
  for each row execute function tagbook_touch_updated_at();
create trigger upload_buckets_touch before update on upload_buckets
  for each row execute function tagbook_touch_updated_at();
create trigger bucket_files_touch before update on bucket_files
  for each row execute function tagbook_touch_updated_at();
create trigger upload_form_files_touch before update on upload_form_files
  for each row execute function tagbook_touch_updated_at();
`;
