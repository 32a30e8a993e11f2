/**
 * 0027 — maintenance: odometer readings, reminders, and each time a reminder was done; a person's distance unit.
 *
 * - odometer_readings: what the odometer showed on a day, in the unit it was read in (km or mi), whole units; taken
 *   by the owner, or by a shop at a service request (service_request_id) when it completes the work. A
 *   reading that contradicts its neighbours is kept as written: the devices flag it and leave it out of their figures
 *   (src/domain/odometer.ts), so one typo never corrupts what follows it.
 * - vehicle_reminders: a task due by a day, by an odometer reading, or whichever comes first, once or every
 *   every_months / every_distance. It stores its first due point; the next ones are counted from its completions
 *   (src/domain/reminders.ts). email: whether its owner wants a mail when it falls due.
 * - reminder_completions: each time a reminder was marked done, on which day and, if given, with which reading.
 * - reminder_mail (server only, not synced): the due point a reminder's mail was last sent for, so each due point
 *   mails once (server/vehicles/reminderMail.ts).
 * - users.distance_unit: kilometres or miles, what the person reads and types distances in. users leaves the server
 *   column by column (tagbook_sync_columns, 0003), so that list learns it too.
 *
 * The three records are a vehicle's like its notes and track days: soft-deleted (deleted_at), made on a device with
 * its time of making (0016: received_at beside it, both kept), scoped to the vehicle's owner and watching admins
 * (0023), captured for sync (0003). tagbook_carry_vehicle_scope is redefined to carry them when a vehicle changes
 * hands.
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
const RECORDS = ['odometer_readings', 'vehicle_reminders', 'reminder_completions'] as const;

const perRecord = (table: string) => `
alter table ${table} add column owner_id text, add column watcher_ids jsonb not null default '[]';
create index ${table}_owner_idx on ${table} (owner_id);
create trigger ${table}_touch before update on ${table}
  for each row execute function tagbook_touch_updated_at();
create trigger ${table}_keep_made_times before update of created_at, received_at on ${table}
  for each row execute function tagbook_keep_made_times();
create trigger ${table}_to_vehicle before insert or update on ${table}
  for each row execute function tagbook_vehicle_record_scope();
create trigger ${table}_sync_lock before insert or update or delete on ${table}
  for each statement execute function tagbook_sync_lock();
create trigger ${table}_sync after insert or update or delete on ${table}
  for each row execute function tagbook_sync_capture();
`;

export default String.raw`
alter table users add column distance_unit text not null default 'km' check (distance_unit in ('km', 'mi'));
create or replace function tagbook_sync_columns(table_name text, r jsonb) returns jsonb language sql immutable as $$
  select case table_name
    when 'users' then jsonb_build_object(
      'id', r -> 'id', 'display_name', r -> 'display_name', 'email', r -> 'email',
      'is_admin', r -> 'is_admin', 'distance_unit', r -> 'distance_unit', 'created_at', r -> 'created_at', 'updated_at', r -> 'updated_at')
    else r
  end;
$$;

create table odometer_readings (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id),
  read_on date not null,
  value integer not null check (value >= 0),
  unit text not null check (unit in ('km', 'mi')),
  note text,
  service_request_id text references service_requests (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  received_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index odometer_readings_vehicle_idx on odometer_readings (vehicle_id, read_on);
-- What a completion may name: a reading of the same vehicle (below).
alter table odometer_readings add unique (id, vehicle_id);

create table vehicle_reminders (
  id text primary key check (id <> ''),
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id),
  title text not null check (btrim(title) <> ''),
  due_on date,
  due_distance integer check (due_distance is null or due_distance >= 0),
  distance_unit text not null check (distance_unit in ('km', 'mi')),
  every_months integer check (every_months is null or every_months > 0),
  every_distance integer check (every_distance is null or every_distance > 0),
  email boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  received_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- A reminder is due by something.
  check (due_on is not null or due_distance is not null)
);
create index vehicle_reminders_vehicle_idx on vehicle_reminders (vehicle_id);
alter table vehicle_reminders add unique (id, vehicle_id);
-- The due-mail job walks the live reminders that mail.
create index vehicle_reminders_mail_idx on vehicle_reminders (id) where email and deleted_at is null;

create table reminder_completions (
  id text primary key check (id <> ''),
  reminder_id text not null,
  vehicle_id text not null references vehicles (id) on delete cascade,
  user_id text not null references users (id),
  done_on date not null,
  reading_id text,
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  received_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- A completion is of a reminder of its own vehicle, with a reading of that vehicle: a device cannot mark
  -- someone else's reminder done by naming it.
  foreign key (reminder_id, vehicle_id) references vehicle_reminders (id, vehicle_id) on delete cascade,
  foreign key (reading_id, vehicle_id) references odometer_readings (id, vehicle_id)
);
create index reminder_completions_reminder_idx on reminder_completions (reminder_id);
create index reminder_completions_vehicle_idx on reminder_completions (vehicle_id);

create table reminder_mail (
  reminder_id text primary key references vehicle_reminders (id) on delete cascade,
  due_key text not null,
  sent_at timestamptz not null default now()
);
${RECORDS.map(perRecord).join('')}
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
  perform set_config('tagbook.carrying_scope', '', true);
end;
$$;
`;
