import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PowerSyncDatabase } from '@powersync/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCAN_HISTORY_LIMIT, SCAN_HISTORY_QUERY, recordScanIn, type ScanHistoryEntry } from '../../src/data/scanHistory.js';
import { AppSchema } from '../../src/data/schema.js';

// The history's SQL runs here against the official Node client: the same SQLite, PowerSync views and local-only
// table triggers as in the browser, without a browser.

describe('scan history (local_qr_scan_history) on a real PowerSync database', () => {
  let dir: string;
  let db: PowerSyncDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagbook-scans-'));
    db = new PowerSyncDatabase({ schema: AppSchema, database: { dbFilename: 'scans.db', dbLocation: dir } });
    await db.init();
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const history = () => db.getAll<ScanHistoryEntry>(SCAN_HISTORY_QUERY, [SCAN_HISTORY_LIMIT]);
  const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 12, 0, second));

  it('inserts a new scan with a generated id and an ISO timestamp', async () => {
    const id = await recordScanIn(db, 'https://tagbook.example/ABCD1234', at(1));
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await history()).toEqual([
      { id, content: 'https://tagbook.example/ABCD1234', scanned_at: '2025-01-01T12:00:01.000Z' },
    ]);
  });

  it('deduplicates by content: a repeat scan only moves scanned_at and returns the existing id', async () => {
    const first = await recordScanIn(db, 'A', at(1));
    await recordScanIn(db, 'B', at(2));
    const again = await recordScanIn(db, 'A', at(3));
    expect(again).toBe(first);
    const rows = await history();
    expect(rows.map((r) => [r.content, r.scanned_at])).toEqual([
      ['A', '2025-01-01T12:00:03.000Z'],
      ['B', '2025-01-01T12:00:02.000Z'],
    ]);
    expect(rows[0]!.id).toBe(first);
  });

  it('treats content exactly: case and whitespace make a different scan', async () => {
    const ids = new Set([await recordScanIn(db, 'abc'), await recordScanIn(db, 'ABC'), await recordScanIn(db, 'abc ')]);
    expect(ids.size).toBe(3);
  });

  it('keeps the newest 20 by scanned_at and deletes older ones', async () => {
    for (let i = 0; i < 25; i++) await recordScanIn(db, `scan-${i}`, at(i));
    const rows = await history();
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.content)).toEqual(Array.from({ length: 20 }, (_, k) => `scan-${24 - k}`));
    const all = await db.getAll<{ n: number }>('SELECT count(*) AS n FROM local_qr_scan_history');
    expect(all[0]!.n).toBe(20);
  });

  it('keeps an old entry that is scanned again instead of trimming it', async () => {
    for (let i = 0; i < 20; i++) await recordScanIn(db, `scan-${i}`, at(i));
    await recordScanIn(db, 'scan-0', at(30));
    await recordScanIn(db, 'new', at(31));
    const contents = (await history()).map((r) => r.content);
    expect(contents.slice(0, 2)).toEqual(['new', 'scan-0']);
    expect(contents).not.toContain('scan-1');
    expect(contents).toHaveLength(20);
  });

  it('never creates two rows for the same content scanned concurrently', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => recordScanIn(db, 'same tag')));
    expect(new Set(ids).size).toBe(1);
    const rows = await db.getAll('SELECT id FROM local_qr_scan_history WHERE content = ?', ['same tag']);
    expect(rows).toHaveLength(1);
  });

  it('is local only: nothing is queued for upload', async () => {
    await recordScanIn(db, 'private');
    expect(await db.getNextCrudTransaction()).toBeNull();
  });

  it('refuses an empty scan', async () => {
    await expect(recordScanIn(db, '')).rejects.toThrow('without content');
    expect(await history()).toEqual([]);
  });
});
