import { isId } from '../../src/domain/ids.js';
import type { ColumnRule } from './columns.js';
import type { TableWrites } from './tableWrites.js';
import { companies } from './tables/companies.js';
import { company_employees } from './tables/company_employees.js';
import { customers } from './tables/customers.js';
import { odometer_readings } from './tables/odometer_readings.js';
import { owner_messages } from './tables/owner_messages.js';
import { qr_tags } from './tables/qr_tags.js';
import { reminder_completions } from './tables/reminder_completions.js';
import { service_requests } from './tables/service_requests.js';
import { track_sessions } from './tables/track_sessions.js';
import { upload_form_files } from './tables/upload_form_files.js';
import { users } from './tables/users.js';
import { vehicle_notes } from './tables/vehicle_notes.js';
import { vehicle_reminders } from './tables/vehicle_reminders.js';
import { vehicles } from './tables/vehicles.js';
import { vehicles_info } from './tables/vehicles_info.js';
import { worktime } from './tables/worktime.js';

/** The synced tables a device writes, each with its record; no other table is written from a device. */
const TABLES = {
  users, vehicles, vehicles_info, qr_tags, companies, company_employees, customers, service_requests, worktime, vehicle_notes,
  track_sessions, odometer_readings, vehicle_reminders, reminder_completions, owner_messages, upload_form_files,
} as const;

export type WritableTable = keyof typeof TABLES;

export function isWritableTable(table: string): table is WritableTable {
  return Object.hasOwn(TABLES, table);
}

/** The record of a writable table. */
export function tableWrites(table: WritableTable): TableWrites {
  return TABLES[table];
}

/** What a device may write into each column of each table, as one list (the tables' records hold it). */
export const WRITABLE_COLUMNS = Object.fromEntries(Object.entries(TABLES).map(([name, t]) => [name, t.columns])) as {
  [T in WritableTable]: (typeof TABLES)[T]['columns'] & Readonly<Record<string, ColumnRule>>;
};

type MadeOnDeviceRecords = { [T in WritableTable as (typeof TABLES)[T] extends { madeOnDevice: unknown } ? T : never]: (typeof TABLES)[T] };

/**
 * The tables a device makes rows in, each with the column naming the row it belongs to (null: none), from their
 * records. Writable tables missing here never get a row from a device (accounts, files).
 */
export const MADE_ON_DEVICE = Object.fromEntries(
  Object.entries(TABLES).flatMap(([name, t]) => ('madeOnDevice' in t ? [[name, t.madeOnDevice]] : [])),
) as { [T in keyof MadeOnDeviceRecords]: MadeOnDeviceRecords[T]['madeOnDevice'] };

export type MadeOnDeviceTable = keyof typeof MADE_ON_DEVICE;

export function isMadeOnDevice(table: WritableTable): table is MadeOnDeviceTable {
  return Object.hasOwn(MADE_ON_DEVICE, table);
}

/** Whether an id has the shape of the table's own ids: tags are printed hashes, everything else our 22-character ids. */
export function isValidRowId(table: WritableTable, id: unknown): boolean {
  return (tableWrites(table).isRowId ?? isId)(id);
}
