import { isId } from '../../src/domain/ids.js';
import { isWebAddress } from '../../src/domain/socialLinks.js';
import { CATEGORY_CODE_MAX, CATEGORY_CODE_MIN } from '../../src/domain/vehicleCategories.js';
import { isCalendarDate } from '../../src/domain/vehicleRecords.js';
import { isStorableText, storableTime, TIME_YEAR_RANGE } from '../../src/domain/validation.js';

/**
 * What a device may write into a column, and how the SQLite value it sends becomes a PostgreSQL value. A column
 * its table's record (tables/*.ts) lacks is not writable through sync at all: ids come from the entry, timestamps and
 * owners from the server, and flags like users.is_admin never travel this way.
 */
export type ColumnRule = (
  | { kind: 'text'; max: number }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'real'; min: number; max: number }
  | { kind: 'flag' }
  /** Another row's id; `references` names its table when the database holds it to one (a foreign key). */
  | { kind: 'id'; references?: ReferencedTable }
  | { kind: 'time' }
  /** A time something happened on the device (completed, removed): kept when it could be true (deviceTimes.ts). */
  | { kind: 'happened' }
  /** A calendar day, YYYY-MM-DD. */
  | { kind: 'date' }
  /** An http(s) address: anything else (javascript:, data:) could run code where it is linked. */
  | { kind: 'url' }
  /** One of a fixed set of words. */
  | { kind: 'choice'; values: readonly string[] }
) & { presence?: Presence };

/**
 * A column the row cannot be without (NOT NULL in the database), said in the words of the person who wrote the
 * change. `always`: a new row must give it, and text must not be blank; otherwise a new row may leave it out (the
 * database's default fills it in). Either way it is never set to null.
 */
export interface Presence {
  always: boolean;
  message: string;
}

/** Tables other rows point at, and what a person calls one of their rows. */
export const REFERENCED = {
  users: 'account',
  companies: 'company',
  customers: 'customer',
  vehicles: 'vehicle',
  service_requests: 'service request',
  vehicle_reminders: 'reminder',
  odometer_readings: 'odometer reading',
} as const;
export type ReferencedTable = keyof typeof REFERENCED;

// The building blocks of each table's column rules (tables/*.ts).
export const text = (max: number): ColumnRule => ({ kind: 'text', max });
export const int = (min: number, max: number): ColumnRule => ({ kind: 'int', min, max });
export const real = (min: number, max: number): ColumnRule => ({ kind: 'real', min, max });
export const FLAG: ColumnRule = { kind: 'flag' };
export const ref = (table: ReferencedTable): ColumnRule => ({ kind: 'id', references: table });
export const TIME: ColumnRule = { kind: 'time' };
export const HAPPENED: ColumnRule = { kind: 'happened' };
export const DATE: ColumnRule = { kind: 'date' };
export const WEB: ColumnRule = { kind: 'url' };
export const needed = (rule: ColumnRule, message: string): ColumnRule => ({ ...rule, presence: { always: true, message } });
export const kept = (rule: ColumnRule, message: string): ColumnRule => ({ ...rule, presence: { always: false, message } });
export const NAME = text(200);
export const LONG = text(10_000);
export const CATEGORY = int(CATEGORY_CODE_MIN, CATEGORY_CODE_MAX);

/** The rows others belong to, whose time of making bounds theirs. */
export type ParentTable = 'vehicles' | 'companies' | 'service_requests';

/**
 * For a table a device makes rows in: the column naming the row it belongs to and that row's table (null: none). A
 * new row keeps the created_at its device sent, its time of making, when that could be true (src/domain/clock.ts,
 * against the parent's created_at); the server keeps its own received_at beside it, and neither changes afterwards
 * (migration 0016).
 */
export type MadeOnDevice = { column: string; parent: ParentTable } | null;

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
    case 'real':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new InvalidValue(`${column} must be a number`);
      if (value < rule.min || value > rule.max) throw new InvalidValue(`${column} must be ${rule.min} to ${rule.max}`);
      return value;
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) throw new InvalidValue(`${column} must be a date (YYYY-MM-DD)`);
      return value;
    case 'url':
      if (typeof value !== 'string' || !isWebAddress(value) || !isStorableText(value)) {
        throw new InvalidValue(`${column} must be an http or https address`);
      }
      return value;
    case 'choice':
      if (typeof value !== 'string' || !rule.values.includes(value)) throw new InvalidValue(`${column} must be one of ${rule.values.join(', ')}`);
      return value;
    case 'flag':
      if (value !== 0 && value !== 1 && value !== true && value !== false) throw new InvalidValue(`${column} must be 0 or 1`);
      return value === 1 || value === true;
    case 'id':
      if (!isId(value)) throw new InvalidValue(`${column} must be an id`);
      return value;
    case 'time':
    case 'happened': {
      const time = typeof value === 'string' ? storableTime(value) : null;
      if (time === null) {
        throw new InvalidValue(`${column} must be an ISO-8601 time in the years ${TIME_YEAR_RANGE.min} to ${TIME_YEAR_RANGE.max}`);
      }
      return time.toISOString();
    }
  }
}
