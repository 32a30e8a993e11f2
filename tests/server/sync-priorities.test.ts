import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/databases.js';
import { openRawStream, openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { ROOT } from '../helpers/server.js';

const backends = await testBackends();
type Line = Record<string, any>;

// Our rules use no priorities today; the engine supports them, so a variant of the rules file gives the user's own
// bucket priority 1 and checks what the service would send: that bucket's data first, a partial complete, the rest.
describe.each(backends)('bucket priorities on %s', (backend) => {
  let dir: string;
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagbook-rules-'));
    const rules = readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8').replace(
      '  by_user:\n',
      '  by_user:\n    priority: 1\n',
    );
    writeFileSync(join(dir, 'sync-rules.yaml'), rules);
    database = await openSyncTestDatabase(backend);
    server = await database.start({ env: { SYNC_RULES: join(dir, 'sync-rules.yaml') } });
    ids = await seedAndReplicate(server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends higher-priority buckets first, closed by a partial complete, then the rest and the complete', async () => {
    const stream = await openRawStream(server.url, (await server.sync.issueToken(ids.owner)).token);
    const lines = (await stream.until('checkpoint_complete')) as Line[];
    stream.close();
    const checkpoint = lines[0]!.checkpoint;
    const byUser = checkpoint.buckets.find((b: Line) => b.bucket.startsWith('by_user['));
    expect(byUser.priority).toBe(1);
    const partial = lines.findIndex((l) => 'partial_checkpoint_complete' in l);
    expect(lines[partial]).toEqual({ partial_checkpoint_complete: { last_op_id: checkpoint.last_op_id, priority: 1 } });
    const dataBuckets = lines.filter((l) => 'data' in l).map((l) => l.data.bucket as string);
    const userData = lines.findIndex((l) => l.data?.bucket === byUser.bucket);
    expect(userData).toBeLessThan(partial);
    expect(dataBuckets.filter((b) => b !== byUser.bucket).length).toBeGreaterThan(0);
    for (const [i, l] of lines.entries()) if ('data' in l && l.data.bucket !== byUser.bucket) expect(i).toBeGreaterThan(partial);
  });

  it('is accepted by the official client', async () => {
    const client = await openSyncClient({ server }, ids.owner);
    try {
      expect((await client.rows('users')).length).toBe(1);
      expect((await client.rows('vehicles')).length).toBe(6);
    } finally {
      await client.close();
    }
  });
});
