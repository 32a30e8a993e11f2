import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteValue } from '@powersync/service-sync-rules';
import { describe, expect, it } from 'vitest';
import { AppSchema } from '../../src/data/schema.js';
import { compileTable, evaluateCompiled } from '../../server/sync/compiled-queries.js';
import { evaluateRow, evaluateWithLibrary, parseSyncRules, sourceTable } from '../../server/sync/rules.js';
import { ROOT } from '../helpers/server.js';

// The compiled data queries (server/sync/compiled-queries.ts) must give exactly what the sync-rules library gives:
// the same buckets, client tables, ids and data text, in the same order. Checked against the library itself on
// generated rows of every synced table.

const rules = parseSyncRules(readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8'));
const SYNCED = ['users', 'companies', 'company_employees', 'customers', 'vehicles', 'vehicles_info', 'service_requests',
  'worktime', 'qr_tags', 'upload_buckets', 'upload_form_files', 'bucket_files'];
/** Columns the rules filter on that devices never receive. */
const FILTER_COLUMNS = ['target_public', 'target_latest', 'is_latest', 'member_ids', 'company_ids',
  'is_admin', 'is_public', 'is_current', 'is_open', 'request_open', 'user_id', 'vehicle_id', 'company_id', 'target_id',
  'owner_id', 'owner_ids', 'watcher_ids'];

/** A small deterministic generator (xorshift), so a failure names a row that can be made again. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return <T,>(choices: readonly T[]): T => choices[Math.floor(next() * choices.length)]!;
}

const IDS = ['v1', 'u1', 'co1', 'x'];
const VALUES: readonly (SqliteValue | undefined)[] = [
  undefined, null, 'x', 'v1', 'u1', 'co1', '', 'say "hi"\\ \n\t', 'ünï 🚗', '<tag>&', 0n, 1n, -7n, 9007199254740993n,
  0, 1, 1.5, -2.25, 1e21, Number.NaN, Number.POSITIVE_INFINITY, '["u1","co1"]', '[]', '["v1"]', 'not json', '{"a":1}',
  // Text JSON escapes (so the data literal escapes it twice): a control character, a lone surrogate, a backslash.
  'bell\u0007', 'half \ud83d', '\\', '\u2028 line',
];

function columnsOf(table: string): string[] {
  const client = AppSchema.tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
  return [...new Set(['id', ...client, ...FILTER_COLUMNS])];
}

describe('compiled data queries', () => {
  it('compile for every synced table of our rules (the fast path is the one taken)', () => {
    for (const table of SYNCED) expect(compileTable(rules.config, sourceTable(table)), table).not.toBeNull();
  });

  it('give the same rows as the library, in the same order, for generated rows of every synced table', () => {
    const pick = generator(20261127);
    let compared = 0;
    let fellBack = 0;
    let rows = 0;
    for (const table of SYNCED) {
      const compiled = compileTable(rules.config, sourceTable(table))!;
      const columns = columnsOf(table);
      for (let n = 0; n < 400; n++) {
        const record: Record<string, SqliteValue> = {};
        for (const column of columns) {
          // Id lists (the IN filters) mostly hold lists: anything else makes the library throw, and the row then
          // takes the library's path, which is not what is compared here.
          const value = column.endsWith('id') && pick([true, false])
            ? pick(IDS)
            : column.endsWith('_ids') && pick([true, true, false])
              ? pick(['["u1","co1"]', '[]', '["v1"]', '["x","u1"]'])
              : pick(VALUES);
          if (value !== undefined) record[column] = value;
        }
        const errors: string[] = [];
        const expected = evaluateWithLibrary(rules, sourceTable(table), record, errors);
        const actual = evaluateCompiled(compiled, record);
        if (actual === null) {
          fellBack++;
          continue;
        }
        expect(errors, `${table} ${JSON.stringify(record, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))}`).toEqual([]);
        expect(actual, `${table} row ${n}`).toEqual(expected);
        compared++;
        rows += actual.length;
      }
    }
    // Most generated rows take the compiled path (a non-text id sends a row to the library).
    expect(compared).toBeGreaterThan(fellBack);
    expect(compared).toBeGreaterThan(SYNCED.length * 100);
    // And they reach buckets: what is compared is rows, not empty lists.
    expect(rows).toBeGreaterThan(compared);
  });

  it('leave a row the compiled path cannot write to the library: a number as id, bytes as a value', () => {
    const compiled = compileTable(rules.config, sourceTable('vehicles'))!;
    expect(evaluateCompiled(compiled, { id: 5n, user_id: 'u1', name: 'A' })).toBeNull();
    expect(evaluateCompiled(compiled, { id: 'v1', user_id: 'u1', name: new Uint8Array([1]) })).toBeNull();
    // And evaluateRow still answers for it, through the library.
    expect(evaluateRow(rules, 'vehicles', { id: 5n, user_id: 'u1', name: 'A' }).rows.map((r) => r.objectId)).toEqual(['5']);
  });

  it('are not used for a query the library must evaluate, and evaluateRow then gives the library’s rows', () => {
    const other = parseSyncRules(`bucket_definitions:
  upper:
    parameters: SELECT id AS user_id FROM users WHERE id = request.user_id()
    data:
      - SELECT id, upper(display_name) AS display_name FROM users WHERE id = bucket.user_id
`);
    expect(compileTable(other.config, sourceTable('users'))).toBeNull();
    const rows = evaluateRow(other, 'users', { id: 'u1', display_name: 'Ann' }).rows;
    expect(rows.map((r) => [r.bucket, JSON.parse(r.dataLiteral)])).toEqual([['upper["u1"]', '{"display_name":"ANN"}']]);
  });
});
