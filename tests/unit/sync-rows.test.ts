import { describe, expect, it } from 'vitest';
import { toSqliteRow } from '../../server/sync/rows.js';

const types = new Map([
  ['is_public', 'boolean'],
  ['year', 'integer'],
  ['filesize', 'bigint'],
  ['created_at', 'timestamp with time zone'],
  ['local_at', 'timestamp without time zone'],
  ['member_ids', 'jsonb'],
  ['price', 'double precision'],
  ['name', 'text'],
]);

describe('logged rows to SQLite values', () => {
  it('turns booleans into 1/0, integers into bigint, timestamps into ISO UTC, JSON into text', () => {
    const row = toSqliteRow(
      {
        is_public: true,
        year: 2019,
        filesize: 12345678901,
        created_at: '2026-03-01T10:00:00.123456+02:00',
        local_at: '2026-03-01T10:00:00',
        member_ids: ['u1', 'u2'],
        price: 5,
        name: '2026-03-01T10:00:00+00:00',
        gone: null,
      },
      types,
    );
    expect(row).toEqual({
      is_public: 1n,
      year: 2019n,
      filesize: 12345678901n,
      created_at: '2026-03-01T08:00:00.123Z',
      local_at: '2026-03-01T10:00:00.000Z',
      member_ids: '["u1","u2"]',
      price: 5,
      name: '2026-03-01T10:00:00+00:00',
      gone: null,
    });
    expect(toSqliteRow({ is_public: false }, types)).toEqual({ is_public: 0n });
  });

  it('falls back on the value\'s own kind for columns it has no type for', () => {
    expect(toSqliteRow({ a: 3, b: 2.5, c: true, d: { x: 1 }, e: 'text' }, undefined)).toEqual({ a: 3n, b: 2.5, c: 1n, d: '{"x":1}', e: 'text' });
  });

  it('keeps a timestamp it cannot read as it came', () => {
    expect(toSqliteRow({ created_at: 'infinity' }, types)).toEqual({ created_at: 'infinity' });
  });
});
