/**
 * 0022 — the server remembers why a file left a bucket before its adder stored it.
 *
 * The file sweep (files/sweep.ts) removes a form file its adder never stored after a week without a byte; a person
 * removes one through sync. Afterwards both looked the same: a bucket that no longer lists the file. So a device
 * coming back with a swept file was refused for good and dropped the person's file when its bucket still held others,
 * and a device still sending a removed file added it back when the sweep had taken its emptied bucket too.
 *
 * One row per such form file, under its id (the one its device adds it again under): who added it, the bucket and
 * what that was attached to (the bucket may go too), its vehicle and combined hash, and whether the sweep took it
 * (the device adds it again, which ends the row) or a person removed it (it is never added back). Only files their
 * adder had not stored are kept: nobody is still sending the others. Bounded per user (db/retention.ts).
 */
export default String.raw`
create table gone_form_files (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  upload_form_id text not null,
  form_key text,
  vehicle_id text,
  file_hash text not null,
  swept boolean not null,
  gone_at timestamptz not null default now()
);
create index gone_form_files_bucket_idx on gone_form_files (upload_form_id, user_id, file_hash);
create index gone_form_files_user_idx on gone_form_files (user_id, gone_at desc);
`;
