import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.js';
import { DataPages, LINE_LIMITS, type DataPage, type LineLimits } from '../../server/sync/serve/data-pages.js';
import { testBackends } from '../helpers/databases.js';
import { openSyncTestDatabase, type SyncTestDatabase } from '../helpers/powersync.js';

const backends = await testBackends();
const BUCKET = 'lines_test[]';
const OPS = 2_345;

type Line = { data: { bucket: string; after: string; next_after: string; has_more: boolean; data: { op_id: string; data?: string }[] } };

/** Pages through (after, upTo] as a stream does: each page's nextAfter starts the next. */
async function readAll(pages: DataPages, after: number, upTo: number): Promise<DataPage[]> {
  const all: DataPage[] = [];
  for (let page = await pages.page(BUCKET, after, upTo); ; page = await pages.page(BUCKET, page.nextAfter, upTo)) {
    all.push(page);
    if (page.done) return all;
  }
}

function linesOf(pages: DataPage[]): Line[] {
  return pages.flatMap((p) => (p.line ?? '').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line));
}

describe.each(backends)('data lines on %s', (backend) => {
  let database: SyncTestDatabase;

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    await migrate(database.db);
    // Op ids 10, 20, …: gaps, as other buckets' ops interleave in the real oplog.
    await database.db.query(
      `insert into sync_oplog (bucket, op_id, op, object_type, object_id, data, checksum)
       select $1, n * 10, 'PUT', 'vehicles', 'v' || n, '"{\\"name\\":\\"' || repeat('x', 40) || n || '\\"}"', n
       from generate_series(1, ${OPS}) n`,
      [BUCKET],
    );
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('gathers one line from several reads, up to the ops per line, and chains after / next_after without gaps', async () => {
    const limits: LineLimits = { opsPerLine: 1_000, bytesPerLine: 10 * 1024 * 1024, opsPerRead: 300 };
    const pages = new DataPages(database.db, undefined, limits);
    const read = await readAll(pages, 0, OPS * 10);
    const lines = linesOf(read);
    expect(lines.map((l) => l.data.data.length)).toEqual([1_000, 1_000, 345]);
    expect(read.every((p) => p.line?.split('\n').filter(Boolean).length === 1)).toBe(true);
    expect(lines.map((l) => l.data.has_more)).toEqual([true, true, false]);
    let after = '0';
    for (const line of lines) {
      expect(line.data.after).toBe(after);
      expect(line.data.next_after).toBe(line.data.data.at(-1)!.op_id);
      after = line.data.next_after;
    }
    const ids = lines.flatMap((l) => l.data.data.map((op) => Number(op.op_id)));
    expect(ids).toEqual(Array.from({ length: OPS }, (_, i) => (i + 1) * 10));
  });

  it('ends a line early at its byte bound, and stops at upTo', async () => {
    const limits: LineLimits = { opsPerLine: 10_000, bytesPerLine: 20_000, opsPerRead: 50 };
    const read = await readAll(new DataPages(database.db, undefined, limits), 100, 12_340);
    const lines = linesOf(read);
    expect(lines.length).toBeGreaterThan(1);
    // A line stops at the first read that reaches the bound: never more than one read's worth past it.
    for (const line of lines) expect(JSON.stringify(line.data.data).length).toBeLessThan(20_000 + 50 * 120);
    const ids = lines.flatMap((l) => l.data.data.map((op) => Number(op.op_id)));
    expect(ids[0]).toBe(110);
    expect(ids.at(-1)).toBe(12_340);
    expect(ids).toHaveLength(1_224);
    expect(read.at(-1)!.nextAfter).toBe(12_340);
  });

  it('sends a bucket of 2,345 ops as one line with the default limits', async () => {
    expect(LINE_LIMITS.opsPerLine).toBeGreaterThan(OPS);
    const lines = linesOf(await readAll(new DataPages(database.db), 0, OPS * 10));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.data.data).toHaveLength(OPS);
  });
});
