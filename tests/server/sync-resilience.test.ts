import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchPlan } from '../../server/sync/replicate/batch.js';
import { testBackends } from '../helpers/databases.js';
import {
  oplogInconsistencies,
  openSyncClient,
  openSyncTestDatabase,
  seedAndReplicate,
  type SyncClient,
  type SyncTestDatabase,
  type SyncTestServer,
} from '../helpers/powersync.js';

const backends = await testBackends();

const vehicleName = async (client: SyncClient, id: string) =>
  (await client.db.getOptional<{ name: string }>('select name from vehicles where id = ?', [id]))?.name;

describe.each(backends)('sync through expiry, reconnects, compaction and restarts on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let redId: string;
  const clients: SyncClient[] = [];
  const target = { get server() { return server; } };
  const open = async (userId: string | null, ttlSeconds?: number) => {
    const client = await openSyncClient(target, userId, { ttlSeconds });
    clients.push(client);
    return client;
  };
  const rename = (name: string) => server.db.query('update vehicles set name = $1 where id = $2', [name, redId]);

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start({ env: { SYNC_COMPACT_INTERVAL_MS: '0' } });
    ids = await seedAndReplicate(server);
    redId = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
  });
  // Each test's clients go away with it: a client left connected would add its own traffic to the next test's counts.
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('ends the stream when the token expires, and the client comes back with a fresh one', async () => {
    const client = await open(ids.owner, 2);
    const issued = client.tokensIssued;
    await client.waitFor(async () => client.tokensIssued > issued, 'a new token');
    await rename('After expiry');
    await client.waitFor(async () => (await vehicleName(client, redId)) === 'After expiry', 'a change after reconnecting');
  });

  it('resumes after a reconnect from where it was, without downloading everything again', async () => {
    const client = await open(ids.owner);
    const full = server.sync.stats.opsSent;
    await client.db.disconnect();
    await rename('While away');
    const before = server.sync.stats.opsSent;
    const requests = server.sync.stats.requests.length;
    await client.db.connect(
      { fetchCredentials: async () => ({ endpoint: server.url, token: (await server.sync.issueToken(ids.owner)).token }), uploadData: async () => {} },
    );
    await client.waitFor(async () => (await vehicleName(client, redId)) === 'While away', 'the change made while away');
    const clientId = await client.db.getClientId();
    const request = server.sync.stats.requests.slice(requests).find((r) => r.request.clientId === clientId)!.request;
    expect(request.buckets.length).toBeGreaterThan(0);
    expect(request.buckets.every((b) => b.after > 0)).toBe(true);
    // The rename moves the vehicle into the latest public list and may push another out (migration 0009): the two
    // vehicles and their tags in the public bucket and the vehicle's own, at most 8 ops; a full download is dozens.
    expect(server.sync.stats.opsSent - before).toBeLessThanOrEqual(8);
    expect(full).toBeGreaterThan(10);
  });

  it('keeps every checksum through compaction: connected clients stay in sync and new ones sync correctly', async () => {
    const client = await open(ids.owner);
    for (let i = 0; i < 30; i++) await rename(`Red ${i}`);
    await server.db.query(`update vehicles set is_public = false where id = $1`, [redId]);
    await server.db.query(`update vehicles set is_public = true where id = $1`, [redId]);
    await server.sync.replicator.idle();
    await client.waitFor(async () => (await vehicleName(client, redId)) === 'Red 29', 'the renames');
    const size = async () =>
      (await server.db.query<{ puts: string; bytes: string }>(
        `select count(*) filter (where op = 'PUT') as puts, coalesce(sum(length(data)), 0) as bytes from sync_oplog`,
      ))[0]!;
    const before = await size();
    // The data of every PUT of the vehicle that a later op of the same row in the same bucket supersedes.
    const [superseded] = await server.db.query<{ bytes: string }>(
      `select coalesce(sum(length(o.data)), 0) as bytes from sync_oplog o
        where o.op = 'PUT' and o.object_id = $1
          and exists (select 1 from sync_oplog n where n.bucket = o.bucket and n.object_type = o.object_type
                        and n.object_id = o.object_id and n.op_id > o.op_id)`,
      [redId],
    );
    const report = await server.sync.compact();
    const after = await size();
    expect(report.opsAfter).toBeLessThan(report.opsBefore);
    // Superseded PUTs keep only their checksum: 32 versions of the renamed vehicle in each of three buckets.
    expect(Number(after.puts)).toBeLessThanOrEqual(Number(before.puts) - 90);
    expect(Number(superseded!.bytes)).toBeGreaterThan(0);
    expect(Number(before.bytes) - Number(after.bytes)).toBeGreaterThanOrEqual(Number(superseded!.bytes));
    expect(await server.db.query(`select 1 from sync_oplog where op = 'CLEAR'`)).not.toHaveLength(0);
    expect(await oplogInconsistencies(server.db)).toEqual([]);

    const clientId = await client.db.getClientId();
    const reconnects = () => server.sync.stats.requests.filter((r) => r.request.clientId === clientId).length;
    const requests = reconnects();
    await rename('After compaction');
    await client.waitFor(async () => (await vehicleName(client, redId)) === 'After compaction', 'a change after compaction');
    // A checksum mismatch would have made the client drop its buckets and reconnect.
    expect(reconnects()).toBe(requests);

    const fresh = await open(ids.owner);
    const expected = await client.db.getAll('select * from vehicles order by id');
    expect(await fresh.db.getAll('select * from vehicles order by id')).toEqual(expected);
    const anonymous = await open(null);
    expect(await vehicleName(anonymous, redId)).toBe('After compaction');
  });

  it('recovers when the server restarts under a connected client, losing nothing', async () => {
    const client = await open(ids.owner);
    const port = server.port;
    await server.close();
    await server.db.query(`update vehicles set description = 'Changed while the server was down' where id = $1`, [redId]);
    server = await database.start({ port, env: { SYNC_COMPACT_INTERVAL_MS: '0' } });
    await rename('After restart');
    await client.waitFor(async () => (await vehicleName(client, redId)) === 'After restart', 'a change after the restart');
    const row = await client.db.get<{ description: string }>('select description from vehicles where id = ?', [redId]);
    expect(row.description).toBe('Changed while the server was down');
  });

  it('restarts the replicator mid-log: the failed batch is rolled back, then every change applies exactly once', async () => {
    const client = await open(ids.admin);
    await server.close();
    let batches = 0;
    const failOnce = (plan: BatchPlan) => {
      if (plan.ops.length > 0 && ++batches === 3) throw new Error('crash in the middle of a batch (test)');
    };
    server = await database.start({ port: server.port, sync: { replicator: { batchSize: 7, beforeCommit: failOnce } } });
    // Companies reach every admin's device (the admin bucket); 40 of them make several batches of 7.
    const companies = Array.from({ length: 40 }, (_, i) => `RESTART${String(i).padStart(5, '0')}`);
    await server.db.query(`insert into companies (id, name) select id, id from unnest($1::text[]) as id`, [companies]);
    await server.sync.replicator.idle();
    await server.sync.replicator.stop();
    await server.sync.replicator.start();
    await server.sync.replicator.idle();
    expect(batches).toBeGreaterThan(3);
    expect(server.sync.replicator.stats.errors).toBe(1);

    const ops = await server.db.query<{ object_id: string; n: string }>(
      `select object_id, count(*) as n from sync_oplog where bucket = 'admin[]' and object_id like 'RESTART%' group by 1`,
    );
    expect(ops).toHaveLength(40);
    expect(ops.every((o) => o.n === '1')).toBe(true);
    expect(await server.db.query('select 1 from sync_changes')).toHaveLength(0);
    expect(await oplogInconsistencies(server.db)).toEqual([]);
    await client.waitFor(async () => (await client.db.getAll(`select id from companies where id like 'RESTART%'`)).length === 40, 'all companies');
  });
});
