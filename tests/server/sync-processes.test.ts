import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.js';
import { openPostgres } from '../../server/db/postgres.js';
import { postgresOnly, postgresReachable } from '../helpers/databases.js';
import {
  oplogInconsistencies,
  openSyncClient,
  openSyncTestDatabase,
  seedAndReplicate,
  type SyncClient,
  type SyncTestDatabase,
  type SyncTestServer,
} from '../helpers/powersync.js';

const reachable = await postgresReachable();

// Two server processes over one PostgreSQL (DESIGN's scale path): one replicates, both serve streams.
describe.runIf(reachable)('two server processes sharing one PostgreSQL', postgresOnly(), () => {
  let database: SyncTestDatabase;
  let a: SyncTestServer;
  let aRunning = false;
  let b: SyncTestServer;
  let secondDb: Db;
  let client: SyncClient;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  const name = async (id: string) => (await client.db.getOptional<{ name: string }>('select name from vehicles where id = ?', [id]))?.name;

  beforeAll(async () => {
    database = await openSyncTestDatabase('postgres');
    const env = { DATABASE_URL: database.url! };
    a = await database.start({ env });
    aRunning = true;
    ids = await seedAndReplicate(a);
    secondDb = await openPostgres(database.url!);
    b = await database.start({ env, db: secondDb });
    client = await openSyncClient({ server: b }, ids.owner);
  });
  afterAll(async () => {
    await client?.close();
    await b?.close();
    if (aRunning) await a.close();
    await secondDb?.close();
    await database?.drop();
  });

  it('lets only one of them replicate, and streams from the other see every change', async () => {
    const [vehicle] = await a.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`);
    await a.db.query(`update vehicles set name = 'Seen through the other process' where id = $1`, [vehicle!.id]);
    await client.waitFor(async () => (await name(vehicle!.id)) === 'Seen through the other process', 'the change on the other process');
    expect(a.sync.replicator.stats.batches + b.sync.replicator.stats.batches).toBeGreaterThan(0);
    expect(Math.min(a.sync.replicator.stats.batches, b.sync.replicator.stats.batches)).toBe(0);
  });

  it('hands replication over when the replicating process stops', async () => {
    const replicating = a.sync.replicator.stats.batches > 0 ? a : b;
    expect(replicating).toBe(a);
    await a.close();
    aRunning = false;
    const [vehicle] = await b.db.query<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`);
    await b.db.query(`update vehicles set name = 'After the handover' where id = $1`, [vehicle!.id]);
    await client.waitFor(async () => (await name(vehicle!.id)) === 'After the handover', 'a change after the handover');
    expect(b.sync.replicator.stats.batches).toBeGreaterThan(0);
    expect(await oplogInconsistencies(b.db)).toEqual([]);
  });
});
