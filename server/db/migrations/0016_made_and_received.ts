/**
 * 0016 — a row made on a device keeps its device's time of making; the server keeps its own time of receipt beside
 * it.
 *
 * - created_at of a row a device makes is the time the device made it, within bounds the upload checks
 *   (server/writes/deviceTimes.ts); before this migration every upload dropped it and the default stamped the time
 *   of upload, so a note written offline on Saturday read Monday.
 * - received_at (server only, never synced nor writable from a device) is when the server stored the row. Rows
 *   stored before this migration had created_at stamped on receipt, so that is their received_at.
 * - Neither changes once the row exists, whoever writes (an upload, an RPC, an admin's SQL): a BEFORE UPDATE
 *   trigger puts both back. updated_at stays the server's time of the last change.
 *
 * The tables are those of MADE_ON_DEVICE (server/writes/tables.ts); tests/server/columns.test.ts checks that
 * the two lists agree. The backfill runs with the tables' own triggers off: received_at is no device's business
 * (no sync change to log), and it is no edit (updated_at stays).
 */
const TABLES = [
  'vehicles', 'vehicles_info', 'qr_tags', 'companies', 'company_employees', 'customers', 'service_requests', 'worktime',
  'vehicle_notes', 'track_sessions',
] as const;

const perTable = (table: string) => `
alter table ${table} add column received_at timestamptz;
alter table ${table} disable trigger user;
update ${table} set received_at = created_at;
alter table ${table} enable trigger user;
alter table ${table} alter column received_at set default now(), alter column received_at set not null;
create trigger ${table}_keep_made_times before update of created_at, received_at on ${table}
  for each row execute function tagbook_keep_made_times();
`;

export default `
create function tagbook_keep_made_times() returns trigger language plpgsql as $$
begin
  new.created_at := old.created_at;
  new.received_at := old.received_at;
  return new;
end;
$$;
${TABLES.map(perTable).join('')}`;
