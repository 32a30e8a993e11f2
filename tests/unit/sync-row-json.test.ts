import { JSONBig } from '@powersync/service-jsonbig';
import type { SqliteJsonValue } from '@powersync/service-sync-rules';
import { describe, expect, it } from 'vitest';
import { columnsLiteral, columnWriter, stringifyParameters, stringifyRow } from '../../server/sync/row-json.js';

describe('row JSON', () => {
  it('writes what the service\'s JSONBig writes for flat SQLite rows, without null columns and the id', () => {
    const rows: Record<string, SqliteJsonValue>[] = [
      { id: 'v1', name: 'Red "911"\n', year: 2019n, price: 5, ratio: 0.25, big: 12345678901234567890n, none: null, neg: -3n, huge: 1e21 },
      {},
      { 'odd key': 'ünïcödé \u2028', zero: 0, negZero: -0.5, empty: '' },
    ];
    for (const row of rows) {
      const lean = Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== null && key !== 'id'));
      expect(stringifyRow(row)).toBe(JSONBig.stringify(lean));
    }
    expect(stringifyRow({ id: 'v1', name: null })).toBe('{}');
  });

  it('writes the selected columns as the data literal the oplog stores: the row JSON, as a JSON string', () => {
    const record: Record<string, SqliteJsonValue> = {
      id: 'v1', name: 'Red "911"\n', notes: 'back\\slash \u0007 \ud83d half', emoji: 'ünï 🚗 \u2028', year: 2019n, ratio: 0.25,
      whole: 5, none: null, owner_id: 'u1',
    };
    const columns = [
      columnWriter('id', 'id'), columnWriter('name', 'name'), columnWriter('notes', 'notes'), columnWriter('emoji', 'emoji'),
      columnWriter('year', 'year'), columnWriter('ratio', 'ratio'), columnWriter('whole', 'whole'), columnWriter('none', 'none'),
      columnWriter('say "owner"', 'owner_id'),
    ];
    const selected = Object.fromEntries(columns.map((c) => [c.name, record[c.source]!]));
    const literal = columnsLiteral(record, columns);
    expect(literal).toBe(JSON.stringify(stringifyRow(selected)));
    expect(JSON.parse(JSON.parse(literal) as string)).toEqual({
      name: 'Red "911"\n', notes: 'back\\slash \u0007 \ud83d half', emoji: 'ünï 🚗 \u2028', year: 2019, ratio: 0.25, whole: 5,
      'say "owner"': 'u1',
    });
    expect(columnsLiteral({ id: 'v1' }, columns)).toBe('"{}"');
  });

  it('writes bucket parameters as JSONBig writes them, text values by hand and anything else through JSONBig', () => {
    const lists: unknown[][] = [
      [{ vehicle_id: 'v1' }],
      [{ vehicle_id: 'say "hi"\\ \n' }, { vehicle_id: 'ünï 🚗', 'odd key': '' }],
      [],
      [{}],
      [{ company_id: 5n }],
      [{ year: 5 }, { ratio: 0.5 }],
      [{ a: 'x' }, { b: null }],
      [{ nested: ['x'] }],
      ['x', 1n],
    ];
    for (const values of lists) expect(stringifyParameters(values)).toBe(JSONBig.stringify(values));
  });
});
