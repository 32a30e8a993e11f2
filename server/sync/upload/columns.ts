import { isId, isTagHash } from '../../../src/domain/ids.js';
import { REQUEST_DESCRIPTION_MAX } from '../../../src/domain/serviceStatus.js';
import { isStorableText, storableTime, TIME_YEAR_RANGE } from '../../../src/domain/validation.js';

/**
 * What a device may write into each column, and how the SQLite value it sends becomes a PostgreSQL value. A
 * column missing here is not writable through sync at all: ids come from the entry, timestamps and owners from the
 * server, and flags like users.is_admin never travel this way.
 */
export type ColumnRule =
  | { kind: 'text'; max: number }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'flag' }
  | { kind: 'id' }
  | { kind: 'time' };

const text = (max: number): ColumnRule => ({ kind: 'text', max });
const int = (min: number, max: number): ColumnRule => ({ kind: 'int', min, max });
const FLAG: ColumnRule = { kind: 'flag' };
const ID: ColumnRule = { kind: 'id' };
const TIME: ColumnRule = { kind: 'time' };
const NAME = text(200);
const URL_TEXT = text(2048);
const LONG = text(10_000);

export const WRITABLE_COLUMNS = {
  users: { display_name: NAME },
  vehicles: {
    name: NAME, description: LONG, category: int(0, 1000), type: text(100), instagram: URL_TEXT, facebook: URL_TEXT,
    tiktok: URL_TEXT, youtube: URL_TEXT, website: URL_TEXT, cover: URL_TEXT, vin: text(17), is_public: FLAG, user_id: ID,
  },
  vehicles_info: {
    vehicle_id: ID, category: int(0, 1000), vin: text(17), make: NAME, model: NAME, year: int(0, 3000), color: text(100),
    state: text(100), license_plate: text(20), mods: LONG, notes: LONG, generation: text(100), customer_id: ID,
  },
  qr_tags: { target_id: ID, target_path: text(100) },
  companies: { name: NAME, short_info: LONG, deleted_at: TIME },
  company_employees: { user_id: ID, company_id: ID, type: text(50), start_date: TIME, end_date: TIME },
  customers: { name: NAME, email: text(254), phone: text(50), note: LONG, company_id: ID, deleted_at: TIME },
  service_requests: {
    description: text(REQUEST_DESCRIPTION_MAX), vehicle_id: ID, vehicle_service_status_id: int(0, 1000), assigned_user_id: ID, has_started: FLAG,
    company_id: ID, completed_at: TIME, schedule_start: TIME, schedule_end: TIME, deleted_at: TIME,
  },
  // change_time is the server's (migration 0008); time is the device's.
  worktime: { user_id: ID, service_request_id: ID, operation: int(1, 2), time: TIME },
} satisfies Record<string, Record<string, ColumnRule>>;

export type WritableTable = keyof typeof WRITABLE_COLUMNS;

export function isWritableTable(table: string): table is WritableTable {
  return Object.hasOwn(WRITABLE_COLUMNS, table);
}

/** Which id shape each table's own ids have: tags are printed hashes, everything else our 22-character ids. */
export function isValidRowId(table: WritableTable, id: unknown): boolean {
  return table === 'qr_tags' ? isTagHash(id) : isId(id);
}

export type PgValue = string | number | boolean | null;

export class InvalidValue extends Error {}

/** Turns one SQLite value into the PostgreSQL value for its column, or says plainly why it can't. */
export function toPgValue(column: string, rule: ColumnRule, value: unknown): PgValue {
  if (value === null || value === undefined) return null;
  switch (rule.kind) {
    case 'text':
      if (typeof value !== 'string') throw new InvalidValue(`${column} must be text`);
      if (value.length > rule.max) throw new InvalidValue(`${column} is longer than ${rule.max} characters`);
      if (!isStorableText(value)) throw new InvalidValue(`${column} contains a NUL character or broken Unicode`);
      return value;
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidValue(`${column} must be a whole number`);
      if (value < rule.min || value > rule.max) throw new InvalidValue(`${column} must be ${rule.min} to ${rule.max}`);
      return value;
    case 'flag':
      if (value !== 0 && value !== 1 && value !== true && value !== false) throw new InvalidValue(`${column} must be 0 or 1`);
      return value === 1 || value === true;
    case 'id':
      if (!isId(value)) throw new InvalidValue(`${column} must be an id`);
      return value;
    case 'time': {
      const time = typeof value === 'string' ? storableTime(value) : null;
      if (time === null) {
        throw new InvalidValue(`${column} must be an ISO-8601 time in the years ${TIME_YEAR_RANGE.min} to ${TIME_YEAR_RANGE.max}`);
      }
      return time.toISOString();
    }
  }
}
