/**
 * 0029 — an owner hands their vehicle over (server/vehicles/transfer-service.ts) and shares its history report by
 * link (server/vehicles/report-service.ts).
 *
 * - vehicle_transfers: a transfer the owner (user_id) started to the account signing in with to_email. It waits
 *   until expires_at; accepted_at or cancelled_at ends it. The link's secret is mailed to that address and only its
 *   SHA-256 is kept (token_hash, server only, never synced). keep_private_notes: whether the owner's private notes
 *   go with the vehicle (src/domain/transfer.ts says why they stay behind by default). One waiting transfer per
 *   vehicle at a time: the service checks under the vehicle's row lock, since an unanswered one lapses by time
 *   alone and no index can see that.
 * - report_shares: a link to a vehicle's history report (src/domain/historyReport.ts) made by user_id, showing the
 *   photos photo_ids names (a JSON array of the vehicle's photo ids). token is the link itself: synced to the
 *   vehicle's owner and watching admins, who may copy it again, and to no one else. revoked_at ends it; a vehicle
 *   changing hands ends every link of its former owner's (the trigger below), so no old link shows the new owner's
 *   records.
 *
 * Both are written by the services only (no upload rules) and scoped to the vehicle's owner and watching admins
 * like its other records (0023): tagbook_carry_vehicle_scope learns them.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
const RECORDS = ['vehicle_transfers', 'report_shares'] as const;

const perRecord = (table: string) => `
create index ${table}_vehicle_idx on ${table} (vehicle_id);
create index ${table}_owner_idx on ${table} (owner_id);
create trigger ${table}_touch before update on ${table}
  for each row execute function tagbook_touch_updated_at();
create trigger ${table}_to_vehicle before insert or update on ${table}
  for each row execute function tagbook_vehicle_record_scope();
create trigger ${table}_sync_lock before insert or update or delete on ${table}
  for each statement execute function tagbook_sync_lock();
create trigger ${table}_sync after insert or update or delete on ${table}
  for each row execute function tagbook_sync_capture();
`;

export default String.raw`
create table vehicle_transfers (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  to_email text not null check (to_email <> ''),
  keep_private_notes boolean not null default false,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null,
  cancelled_at timestamptz,
  accepted_at timestamptz,
  accepted_by text references users (id) on delete set null,
  owner_id text,
  watcher_ids jsonb not null default '[]',
  check (cancelled_at is null or accepted_at is null)
);

create table report_shares (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  token text not null unique check (token <> ''),
  photo_ids text not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  revoked_at timestamptz,
  owner_id text,
  watcher_ids jsonb not null default '[]'
);
${RECORDS.map(perRecord).join('')}
-- A vehicle changing hands ends its former owner's links: a link shows the records of whoever owns the vehicle now.
create function tagbook_report_shares_end() returns trigger language plpgsql as $$
begin
  update report_shares set revoked_at = now() where vehicle_id = new.id and revoked_at is null and user_id is distinct from new.user_id;
  return null;
end;
$$;
create trigger vehicles_report_shares_end after update of user_id on vehicles
  for each row when (old.user_id is distinct from new.user_id)
  execute function tagbook_report_shares_end();

create or replace function tagbook_carry_vehicle_scope(vehicle text) returns void language plpgsql as $$
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
  update odometer_readings set owner_id = owner_id where vehicle_id = vehicle;
  update vehicle_reminders set owner_id = owner_id where vehicle_id = vehicle;
  update reminder_completions set owner_id = owner_id where vehicle_id = vehicle;
  update vehicle_transfers set owner_id = owner_id where vehicle_id = vehicle;
  update report_shares set owner_id = owner_id where vehicle_id = vehicle;
  perform set_config('tagbook.carrying_scope', '', true);
end;
$$;
`;
