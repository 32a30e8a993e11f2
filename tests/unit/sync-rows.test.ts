import { describe, expect, it } from 'vitest';
import { isoOrSame, toSqliteRow } from '../../server/sync/replicate/rows.js';

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

describe('timestamps as ISO-8601 UTC', () => {
  it('rewrites the UTC shape directly, exactly as Date.parse and toISOString would', () => {
    const slow = (text: string) => new Date(Date.parse(text)).toISOString();
    const samples = [
      '2025-11-25T00:56:17.123456+00:00',
      '2025-11-25T00:56:17.9999+00:00',
      '2025-11-25T00:56:17.1+00:00',
      '2025-11-25T00:56:17+00:00',
      '0999-01-01T23:59:59.5+00:00',
      '2024-02-29T12:00:00.000001Z',
      '2025-12-31T23:59:59.999999+00:00',
    ];
    for (let i = 0; i < 2000; i++) {
      const micros = String((i * 7919) % 1_000_000).padStart(6, '0');
      samples.push(`${new Date(i * 1_234_567_891).toISOString().slice(0, 19)}.${micros}+00:00`);
    }
    for (const text of samples) expect(isoOrSame(text)).toBe(slow(text));
  });

  it('leaves other zones and rolled-over dates to Date, and text that is no date as it is', () => {
    expect(isoOrSame('2026-03-01T10:00:00.5+02:00')).toBe('2026-03-01T08:00:00.500Z');
    expect(isoOrSame('2025-02-30T00:00:00+00:00')).toBe('2025-03-02T00:00:00.000Z');
    expect(isoOrSame('not a date')).toBe('not a date');
    expect(isoOrSame('2026-03-01T10:00:00Z', 'fallback')).toBe('2026-03-01T10:00:00.000Z');
  });
});
