import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteValue } from '@powersync/service-sync-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.js';
import { migrate } from '../../server/db/migrate.js';
import { openPglite } from '../../server/db/pglite.js';
import { openPostgres } from '../../server/db/postgres.js';
import type { ColumnRule } from '../../server/writes/columns.js';
import { isMadeOnDevice, isWritableTable, MADE_ON_DEVICE, WRITABLE_COLUMNS } from '../../server/writes/tables.js';
import { authorize, type Lookups } from '../../server/writes/policy.js';
import { evaluateRow, parseSyncRules } from '../../server/sync/rules.js';
import { AppSchema } from '../../src/data/schema.js';
import { createScratchDatabase, testBackends, type ScratchDatabase } from '../helpers/databases.js';
import { ROOT } from '../helpers/server.js';

// A table's columns live in four places: the SQL migrations, the client schema, the upload policy's writable
// columns and the sync rules. A column missing in one of them is how an upload that can never apply (a "poison"
// upload) or a row a device cannot store is born, so all four are checked against the live database here.

const backends = await testBackends();
const rules = parseSyncRules(readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8'));

interface DbColumn {
  type: string;
  maxLength: number | null;
  notNull: boolean;
  hasDefault: boolean;
  /** The table a foreign key holds the column to, if any. */
  references: string | null;
}
type DbSchema = Map<string, Map<string, DbColumn>>;

const INT_RANGES: Record<string, [number, number]> = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Whether a rule of the upload policy fits the SQL column it writes; a reason when it does not. */
function ruleMismatch(rule: ColumnRule, column: Pick<DbColumn, 'type' | 'maxLength'>): string | null {
  switch (rule.kind) {
    case 'text':
    case 'id':
      if (column.type !== 'text' && column.type !== 'character varying') return `a ${rule.kind} rule on a ${column.type} column`;
      if (rule.kind === 'text' && column.maxLength !== null && rule.max > column.maxLength) return `allows ${rule.max} characters, the column ${column.maxLength}`;
      return null;
    case 'int': {
      const range = INT_RANGES[column.type];
      if (!range) return `an int rule on a ${column.type} column`;
      return rule.min < range[0] || rule.max > range[1] ? `allows ${rule.min}..${rule.max}, a ${column.type} holds ${range[0]}..${range[1]}` : null;
    }
    case 'real':
      return column.type === 'double precision' || column.type === 'real' ? null : `a real rule on a ${column.type} column`;
    case 'url':
    case 'choice':
      return column.type === 'text' ? null : `a ${rule.kind} rule on a ${column.type} column`;
    case 'date':
      return column.type === 'date' ? null : `a date rule on a ${column.type} column`;
    case 'flag':
      return column.type === 'boolean' ? null : `a flag rule on a ${column.type} column`;
    case 'time':
    case 'happened':
      return column.type.startsWith('timestamp') ? null : `a time rule on a ${column.type} column`;
  }
}

/** Whether a rule's presence (columns.ts) matches the column's NOT NULL and default; a reason when it does not. */
function presenceMismatch(rule: ColumnRule, column: Pick<DbColumn, 'notNull' | 'hasDefault'>): string | null {
  if (!column.notNull) return rule.presence ? 'required by its rule, nullable in the database' : null;
  if (!rule.presence) return 'NOT NULL in the database, and its rule lets a device leave it out or set it to null';
  if (rule.presence.always === column.hasDefault) {
    return rule.presence.always ? 'its rule requires it of a new row, the database has a default' : 'its rule lets a new row leave it out, the database has no default';
  }
  return null;
}

/** Client column types SQLite stores, and the SQL types whose values sync into them (server/sync/replicate/rows.ts). */
const CLIENT_TYPES: Record<string, ReadonlySet<string>> = {
  INTEGER: new Set(['boolean', 'smallint', 'integer', 'bigint']),
  TEXT: new Set(['text', 'character varying', 'timestamp with time zone', 'jsonb', 'date']),
  REAL: new Set(['double precision', 'real', 'numeric']),
};

/** A value of the column's type that every rule's filter accepts, so the wide row reaches every bucket it can. */
function sampleValue(type: string): SqliteValue {
  if (type === 'boolean' || type in INT_RANGES) return 1n;
  if (type === 'jsonb') return '["x"]';
  if (type.startsWith('timestamp')) return '2026-01-01T00:00:00.000Z';
  return 'x';
}

const syncedTables = AppSchema.tables.filter((t) => !t.localOnly);

describe.each(backends)('the four lists of columns agree on %s', (backend) => {
  let db: Db;
  let scratch: ScratchDatabase | null = null;
  const schema: DbSchema = new Map();
  /** Foreign keys as "table.column" → the table it references. */
  const references = new Map<string, string>();

  beforeAll(async () => {
    if (backend === 'postgres') {
      scratch = await createScratchDatabase();
      db = await openPostgres(scratch.url);
    } else {
      db = await openPglite(null);
    }
    await migrate(db);
    const rows = await db.query<{
      table_name: string; column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string;
      column_default: string | null; references: string | null;
    }>(
      `select c.table_name, c.column_name, c.data_type, c.character_maximum_length, c.is_nullable, c.column_default,
              (select f.confrelid::regclass::text from pg_constraint f
                 join pg_attribute a on a.attrelid = f.conrelid and a.attnum = f.conkey[1]
                where f.contype = 'f' and f.conrelid = ('public.' || c.table_name)::regclass and a.attname = c.column_name
                order by array_length(f.conkey, 1) limit 1) as references
         from information_schema.columns c
        where c.table_schema = 'public'`,
    );
    for (const r of rows) {
      if (!schema.has(r.table_name)) schema.set(r.table_name, new Map());
      schema.get(r.table_name)!.set(r.column_name, {
        type: r.data_type, maxLength: r.character_maximum_length, notNull: r.is_nullable === 'NO', hasDefault: r.column_default !== null,
        references: r.references,
      });
    }
    const keys = await db.query<{ table_name: string; column_name: string; foreign_table: string }>(
      `select k.table_name, k.column_name, u.table_name as foreign_table
         from information_schema.table_constraints c
         join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
         join information_schema.constraint_column_usage u on u.constraint_name = c.constraint_name and u.table_schema = c.table_schema
        where c.constraint_type = 'FOREIGN KEY' and c.table_schema = 'public'
          -- A key over two columns (a completion's reminder and its vehicle, migration 0027) names the row the
          -- first column points at; its other columns only hold that row to the same vehicle.
          and k.ordinal_position = 1`,
    );
    for (const k of keys) references.set(`${k.table_name}.${k.column_name}`, k.foreign_table);
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it('every writable column exists in the database with a type its rule fits, and on the device', () => {
    const problems: string[] = [];
    for (const [table, columns] of Object.entries(WRITABLE_COLUMNS)) {
      const client = syncedTables.find((t) => t.name === table);
      for (const [name, rule] of Object.entries(columns as Record<string, ColumnRule>)) {
        const column = schema.get(table)?.get(name);
        if (!column) problems.push(`${table}.${name}: writable but not in the database`);
        else {
          const mismatch = ruleMismatch(rule, column);
          if (mismatch) problems.push(`${table}.${name}: ${mismatch}`);
        }
        if (!client?.columns.some((c) => c.name === name)) problems.push(`${table}.${name}: writable but not in the client schema`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every writable column the database requires or holds to another table's rows says so in its rule", () => {
    // Otherwise a device's write reaches the database, which refuses it in words of its own (upload/completeness.ts).
    const problems: string[] = [];
    for (const [table, columns] of Object.entries(WRITABLE_COLUMNS)) {
      for (const [name, rule] of Object.entries(columns as Record<string, ColumnRule>)) {
        const column = schema.get(table)?.get(name);
        if (!column) continue;
        const presence = presenceMismatch(rule, column);
        if (presence) problems.push(`${table}.${name}: ${presence}`);
        const references = rule.kind === 'id' ? (rule.references ?? null) : null;
        if (references !== column.references) problems.push(`${table}.${name}: refers to ${references} in its rule, ${column.references} in the database`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every client column exists in the database with a type that syncs into it', () => {
    const problems: string[] = [];
    for (const table of syncedTables) {
      const columns = schema.get(table.name);
      if (!columns) {
        problems.push(`${table.name}: in the client schema but not in the database`);
        continue;
      }
      for (const c of table.columns) {
        const column = columns.get(c.name);
        if (!column) problems.push(`${table.name}.${c.name}: in the client schema but not in the database`);
        else if (!CLIENT_TYPES[c.type ?? ""]?.has(column.type)) problems.push(`${table.name}.${c.name}: ${column.type} into ${c.type}`);
      }
    }
    expect(problems).toEqual([]);
  });

  // A table that holds what must never leave the server (users: a sign-in digest) is captured for sync column by
  // column (tagbook_sync_columns, migrations 0003, 0027); a column the rules deliver but that list leaves out would
  // never reach a device, whatever the rules say.
  it('the change capture passes on every column the sync rules deliver', async () => {
    const problems: string[] = [];
    for (const table of syncedTables) {
      const columns = schema.get(table.name) ?? new Map<string, DbColumn>();
      const record = Object.fromEntries([...columns].map(([name, c]) => [name, sampleValue(c.type)]));
      const [captured] = await db.query<{ r: Record<string, unknown> }>('select tagbook_sync_columns($1, $2::jsonb) as r', [table.name, JSON.stringify(record)]);
      for (const row of evaluateRow(rules, table.name, record).rows) {
        for (const name of Object.keys(JSON.parse(JSON.parse(row.dataLiteral) as string) as object)) {
          if (!(name in (captured?.r ?? {}))) problems.push(`${table.name}.${name}: delivered by a rule but dropped by the change capture`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('the sync rules deliver exactly the client columns, all of them from the database, and nothing else', () => {
    const problems: string[] = [];
    for (const table of syncedTables) {
      const columns = schema.get(table.name) ?? new Map<string, DbColumn>();
      const record = Object.fromEntries([...columns].map(([name, c]) => [name, sampleValue(c.type)]));
      const delivered = new Set<string>();
      for (const row of evaluateRow(rules, table.name, record).rows) {
        for (const name of Object.keys(JSON.parse(JSON.parse(row.dataLiteral) as string) as object)) delivered.add(name);
      }
      delivered.delete('id');
      const client = new Set(table.columns.map((c) => c.name));
      for (const name of delivered) {
        if (!columns.has(name)) problems.push(`${table.name}.${name}: selected by a rule but not in the database`);
        if (!client.has(name)) problems.push(`${table.name}.${name}: reaches devices but is not in the client schema`);
      }
      for (const name of client) if (!delivered.has(name)) problems.push(`${table.name}.${name}: in the client schema but no rule delivers it`);
    }
    expect(problems).toEqual([]);
  });

  // The tables a device makes rows in are one list (MADE_ON_DEVICE); the migration that gave them received_at spells
  // them out again, and the upload policy must refuse every other writable table a new row.
  it('the tables that keep a device\'s time of making are exactly those with a received_at, each bounded by the row it references', async () => {
    const problems: string[] = [];
    const withReceipt = [...schema].filter(([, columns]) => columns.has('received_at')).map(([table]) => table);
    expect(withReceipt.sort()).toEqual(Object.keys(MADE_ON_DEVICE).sort());
    for (const [table, link] of Object.entries(MADE_ON_DEVICE)) {
      if (!schema.get(table)?.has('created_at')) problems.push(`${table}: no created_at in the database`);
      if (!syncedTables.find((t) => t.name === table)?.columns.some((c) => c.name === 'created_at')) problems.push(`${table}: no created_at on the device`);
      if (link !== null && references.get(`${table}.${link.column}`) !== link.parent) problems.push(`${table}.${link.column}: does not reference ${link.parent}`);
    }
    for (const table of syncedTables) if (table.columns.some((c) => c.name === 'received_at')) problems.push(`${table.name}: received_at reaches devices`);
    for (const [table, columns] of Object.entries(WRITABLE_COLUMNS)) if ('received_at' in columns) problems.push(`${table}: received_at is writable`);
    const lookups = { now: () => new Date() } as Lookups;
    const admin = { userId: 'admin', isAdmin: true, companyIds: new Set<string>() };
    for (const table of Object.keys(WRITABLE_COLUMNS).filter(isWritableTable)) {
      if (isMadeOnDevice(table)) continue;
      const refusal = await authorize({ table, kind: 'PUT', current: null, next: { id: 'x' }, changed: new Set() }, admin, lookups);
      if (refusal === null) problems.push(`${table}: a device may make its rows, but it is not in MADE_ON_DEVICE`);
    }
    expect(problems).toEqual([]);
  });

  it('a column one list adds and another lacks is caught', () => {
    expect(ruleMismatch({ kind: 'int', min: 0, max: 100_000 }, { type: 'smallint', maxLength: null })).toMatch(/smallint/);
    expect(ruleMismatch({ kind: 'text', max: 300 }, { type: 'character varying', maxLength: 200 })).toMatch(/200/);
    expect(ruleMismatch({ kind: 'flag' }, { type: 'integer', maxLength: null })).toMatch(/flag/);
    expect(ruleMismatch({ kind: 'time' }, { type: 'timestamp with time zone', maxLength: null })).toBeNull();
    expect(ruleMismatch({ kind: 'date' }, { type: 'timestamp with time zone', maxLength: null })).toMatch(/date/);
    expect(ruleMismatch({ kind: 'real', min: 0, max: 1 }, { type: 'integer', maxLength: null })).toMatch(/real/);
    expect(presenceMismatch({ kind: 'flag' }, { notNull: true, hasDefault: true })).toMatch(/NOT NULL/);
    expect(presenceMismatch({ kind: 'text', max: 1, presence: { always: true, message: 'm' } }, { notNull: true, hasDefault: true })).toMatch(/default/);
    expect(presenceMismatch({ kind: 'text', max: 1, presence: { always: false, message: 'm' } }, { notNull: true, hasDefault: false })).toMatch(/no default/);
    expect(presenceMismatch({ kind: 'text', max: 1, presence: { always: true, message: 'm' } }, { notNull: false, hasDefault: false })).toMatch(/nullable/);
    expect(presenceMismatch({ kind: 'flag', presence: { always: false, message: 'm' } }, { notNull: true, hasDefault: true })).toBeNull();
  });
});
