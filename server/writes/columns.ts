import { isId, isTagHash } from '../../src/domain/ids.js';
import { REQUEST_DESCRIPTION_MAX } from '../../src/domain/serviceStatus.js';
import { LAP_TIME_MAX_MS } from '../../src/domain/lapTime.js';
import { isWebAddress, WEB_ADDRESS_MAX } from '../../src/domain/socialLinks.js';
import { CATEGORY_CODE_MAX, CATEGORY_CODE_MIN } from '../../src/domain/vehicleCategories.js';
import {
  INFO_TEXT_LIMITS as INFO,
  isCalendarDate,
  NOTE_BODY_MAX,
  TRACK_CONDITIONS,
  TRACK_LIMITS,
  VEHICLE_TEXT_LIMITS as VEHICLE,
} from '../../src/domain/vehicleRecords.js';
import { isStorableText, storableTime, TIME_YEAR_RANGE } from '../../src/domain/validation.js';
import { DESCRIBE_THE_WORK } from './refusals.js';

/**
 * What a device may write into each column, and how the SQLite value it sends becomes a PostgreSQL value. A
 * column missing here is not writable through sync at all: ids come from the entry, timestamps and owners from the
 * server, and flags like users.is_admin never travel this way.
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
} as const;
export type ReferencedTable = keyof typeof REFERENCED;

const text = (max: number): ColumnRule => ({ kind: 'text', max });
const int = (min: number, max: number): ColumnRule => ({ kind: 'int', min, max });
const FLAG: ColumnRule = { kind: 'flag' };
const ref = (table: ReferencedTable): ColumnRule => ({ kind: 'id', references: table });
const TIME: ColumnRule = { kind: 'time' };
const HAPPENED: ColumnRule = { kind: 'happened' };
const DATE: ColumnRule = { kind: 'date' };
const WEB: ColumnRule = { kind: 'url' };
const real = (min: number, max: number): ColumnRule => ({ kind: 'real', min, max });
const needed = (rule: ColumnRule, message: string): ColumnRule => ({ ...rule, presence: { always: true, message } });
const kept = (rule: ColumnRule, message: string): ColumnRule => ({ ...rule, presence: { always: false, message } });
const NAME = text(200);
const URL_TEXT = text(WEB_ADDRESS_MAX);
const LONG = text(10_000);
const CATEGORY = int(CATEGORY_CODE_MIN, CATEGORY_CODE_MAX);
const PRESSURE = real(TRACK_LIMITS.pressure.min, TRACK_LIMITS.pressure.max);

export const WRITABLE_COLUMNS = {
  users: { display_name: kept(NAME, 'A name can be emptied but not removed') },
  vehicles: {
    name: text(VEHICLE.name), description: text(VEHICLE.description), category: CATEGORY, type: text(VEHICLE.type), instagram: WEB,
    facebook: WEB, tiktok: WEB, youtube: WEB, website: WEB, cover: URL_TEXT, vin: text(INFO.vin),
    is_public: kept(FLAG, 'A vehicle is either public or private'), user_id: ref('users'),
  },
  vehicles_info: {
    vehicle_id: needed(ref('vehicles'), 'Vehicle info belongs to a vehicle'), category: CATEGORY, vin: text(INFO.vin), make: text(INFO.make),
    model: text(INFO.model), year: int(1, 3000), color: text(INFO.color), state: text(INFO.state), license_plate: text(INFO.license_plate),
    mods: text(INFO.mods), notes: text(INFO.notes), generation: text(INFO.generation), customer_id: ref('customers'),
  },
  qr_tags: { target_id: ref('vehicles'), target_path: text(100) },
  companies: { name: needed(NAME, 'A company needs a name'), short_info: LONG, deleted_at: HAPPENED },
  company_employees: {
    user_id: needed(ref('users'), 'An employment names the person employed'),
    company_id: needed(ref('companies'), 'An employment names its company'), type: text(50), start_date: TIME, end_date: TIME,
  },
  customers: { name: needed(NAME, 'A customer needs a name'), email: text(254), phone: text(50), note: LONG, company_id: ref('companies'), deleted_at: HAPPENED },
  service_requests: {
    description: kept(text(REQUEST_DESCRIPTION_MAX), DESCRIBE_THE_WORK), vehicle_id: needed(ref('vehicles'), 'A service request names its vehicle'),
    vehicle_service_status_id: int(0, 1000), assigned_user_id: ref('users'), has_started: kept(FLAG, 'A service request has either started or not'),
    company_id: ref('companies'), completed_at: HAPPENED, schedule_start: TIME, schedule_end: TIME, deleted_at: HAPPENED,
  },
  // change_time is the server's (migration 0008); time is the device's. A missing user_id is the writer's own (apply.ts).
  worktime: {
    user_id: needed(ref('users'), 'A work record names whose time it is'),
    service_request_id: needed(ref('service_requests'), 'A work record names its service request'),
    operation: needed(int(1, 2), 'A work record is a start (1) or a stop (2)'), time: needed(TIME, 'A work record needs its time'),
  },
  vehicle_notes: {
    vehicle_id: needed(ref('vehicles'), 'A note belongs to a vehicle'), user_id: needed(ref('users'), 'A note names who wrote it'),
    body: needed(text(NOTE_BODY_MAX), 'A note needs some text'), is_public: kept(FLAG, 'A note is either public or private'), deleted_at: HAPPENED,
  },
  track_sessions: {
    vehicle_id: needed(ref('vehicles'), 'A track session belongs to a vehicle'), user_id: needed(ref('users'), 'A track session names who logged it'),
    held_on: needed(DATE, 'A track session needs its day'), circuit: needed(text(TRACK_LIMITS.circuit), 'A track session needs its circuit'),
    laps: int(TRACK_LIMITS.laps.min, TRACK_LIMITS.laps.max), best_lap_ms: int(1, LAP_TIME_MAX_MS),
    conditions: { kind: 'choice', values: TRACK_CONDITIONS.map((c) => c.value) }, tire_pressure_front: PRESSURE, tire_pressure_rear: PRESSURE,
    tires: text(TRACK_LIMITS.tires), notes: text(TRACK_LIMITS.notes), deleted_at: HAPPENED,
  },
  // Files are added through the Upload service; through sync a form file can only be removed (a DELETE).
  upload_form_files: {},
} satisfies Record<string, Record<string, ColumnRule>>;

export type WritableTable = keyof typeof WRITABLE_COLUMNS;

/** The rows others belong to, whose time of making bounds theirs. */
export type ParentTable = 'vehicles' | 'companies' | 'service_requests';

/**
 * The tables a device makes rows in, each with the column naming the row it belongs to (null: none). A new row keeps
 * the created_at its device sent, its time of making, when that could be true (src/domain/clock.ts, against the
 * parent's created_at); the server keeps its own received_at beside it, and neither changes afterwards (migration
 * 0016). Writable tables missing here never get a row from a device (accounts, files).
 */
export const MADE_ON_DEVICE = {
  vehicles: null,
  vehicles_info: { column: 'vehicle_id', parent: 'vehicles' },
  qr_tags: null,
  companies: null,
  company_employees: { column: 'company_id', parent: 'companies' },
  customers: { column: 'company_id', parent: 'companies' },
  service_requests: { column: 'vehicle_id', parent: 'vehicles' },
  worktime: { column: 'service_request_id', parent: 'service_requests' },
  vehicle_notes: { column: 'vehicle_id', parent: 'vehicles' },
  track_sessions: { column: 'vehicle_id', parent: 'vehicles' },
} as const satisfies Partial<Record<WritableTable, { column: string; parent: ParentTable } | null>>;

export type MadeOnDeviceTable = keyof typeof MADE_ON_DEVICE;

export function isMadeOnDevice(table: WritableTable): table is MadeOnDeviceTable {
  return Object.hasOwn(MADE_ON_DEVICE, table);
}

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
