import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { putChecksum } from '../../server/sync/checksum.js';
import { postgresOnly, testBackends } from '../helpers/databases.js';
import {
  oplogInconsistencies,
  openSyncClient,
  openSyncTestDatabase,
  seedAndReplicate,
  type SyncTestDatabase,
  type SyncTestServer,
} from '../helpers/powersync.js';

const backends = await testBackends();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.each(backends)('replication of live changes during a bulk load on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  /** Each batch of the load takes a while, so the load is still running when the live changes come. */
  let slow = false;

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start({
      env: { SYNC_COMPACT_INTERVAL_MS: '0' },
      sync: { replicator: { batchSize: 10, beforeCommit: async () => (slow ? sleep(25) : undefined) } },
    });
    ids = await seedAndReplicate(server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('replicates live changes ahead of the backlog, rows the backlog holds too, and every change exactly once', async () => {
    const { db, sync } = server;
    const [red] = await db.query<{ id: string; user_id: string }>(`select id, user_id from vehicles where name = 'Red 911'`);
    const companies = Array.from({ length: 300 }, (_, i) => `BULK${String(i).padStart(6, '0')}`);
    slow = true;
    // 300 companies in one transaction: 30 batches of 10, each at least 25 ms.
    await db.query(`insert into companies (id, name) select id, id from unnest($1::text[]) as id`, [companies]);
    const [{ last }] = (await db.query<{ last: string }>('select max(seq) as last from sync_changes')) as [{ last: string }];
    // Live: a row the load does not touch, one it inserted (renamed), one it inserted (deleted again).
    await db.query(`update vehicles set name = 'Live ahead' where id = $1`, [red!.id]);
    await db.query(`update companies set name = 'Renamed live' where id = $1`, [companies[250]]);
    await db.query(`delete from companies where id = $1`, [companies[260]]);

    const liveSeen = async () =>
      (await db.query(`select 1 from sync_oplog where bucket = $1 and data like '%Live ahead%'`, [`by_owner["${red!.user_id}"]`])).length > 0;
    while (!(await liveSeen())) await sleep(5);
    const [state] = await db.query<{ position: string }>('select position from sync_state where id = 1');
    expect(Number(state!.position)).toBeLessThan(Number(last));
    expect(sync.replicator.stats.liveBatches).toBeGreaterThan(0);

    await sync.replicator.idle();
    slow = false;
    const ops = await db.query<{ object_id: string; op: string; data: string | null }>(
      `select object_id, op, data from sync_oplog where bucket = 'admin[]' and object_id like 'BULK%' order by op_id`,
    );
    const of = (id: string) => ops.filter((o) => o.object_id === id);
    // The rename and the delete come after the row's insert, though they were replicated before the rest of the load.
    expect(of(companies[250]!).map((o) => [o.op, o.data?.includes('Renamed live') ?? null])).toEqual([['PUT', false], ['PUT', true]]);
    expect(of(companies[260]!).map((o) => o.op)).toEqual(['PUT', 'REMOVE']);
    expect(of(companies[5]!).map((o) => o.op)).toEqual(['PUT']);
    expect(new Set(ops.map((o) => o.object_id)).size).toBe(300);
    expect(ops).toHaveLength(302);
    expect(await db.query('select 1 from sync_changes')).toHaveLength(0);
    expect(await db.query(`select 1 from sync_source_rows where row_id = $1`, [companies[260]])).toHaveLength(0);
    expect(await oplogInconsistencies(db)).toEqual([]);

    const client = await openSyncClient({ server }, ids.admin);
    try {
      await client.waitFor(
        async () => (await client.db.getAll(`select id from companies where id like 'BULK%'`)).length === 299,
        'the loaded companies, one deleted',
      );
      const renamed = await client.db.get<{ name: string }>('select name from companies where id = ?', [companies[250]]);
      expect(renamed.name).toBe('Renamed live');
    } finally {
      await client.close();
    }
  });

  it('stores text of every kind as it was written: ops, source rows and the parameter index', async () => {
    const { db, sync } = server;
    // Everything COPY's text format would have to escape, multi-byte and astral characters, and "\N" (its NULL).
    const name = 'Tab\there, new\nline, return\r, back\\slash, \\N, "quoted", Zoë 🚗';
    // The owner's id is a bucket parameter (by_owner): the parameter index holds the awkward text too.
    const owner = `awkward owner ${name}`;
    const vehicle = 'awkwardvehicle00000000';
    await db.query(`insert into users (id, email, username_digest) values ($1, 'awkward@example.com', repeat('b', 64))`, [owner]);
    await db.query(`insert into vehicles (id, name, description, is_public, user_id) values ($1, $2, $2, false, $3)`, [vehicle, name, owner]);
    await sync.replicator.idle();

    const [op] = await db.query<{ data: string; checksum: string; op_id: string }>(
      `select data, checksum, op_id from sync_oplog where bucket = $1 and object_id = $2`,
      [`by_owner[${JSON.stringify(owner)}]`, vehicle],
    );
    const row = JSON.parse(op!.data) as string;
    expect(JSON.parse(row)).toMatchObject({ name, description: name, user_id: owner });
    expect(Number(op!.checksum)).toBe(putChecksum('vehicles', vehicle, Number(op!.op_id)));
    const [source] = await db.query<{ buckets: unknown }>(`select buckets from sync_source_rows where table_name = 'vehicles' and row_id = $1`, [
      vehicle,
    ]);
    expect(source!.buckets).toEqual([[`by_owner[${JSON.stringify(owner)}]`, 'vehicles', vehicle]]);
    const params = await db.query<{ params: string }>(`select params from sync_parameters where table_name = 'users' and row_id = $1`, [
      owner,
    ]);
    expect(params.map((p) => JSON.parse(p.params)).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      [{ owner_id: owner }],
      [{ user_id: owner }],
    ]);
    expect(await oplogInconsistencies(db)).toEqual([]);
  });
});

// The planner statistics are refreshed after a bulk load (ANALYZE, about a second for 100,000 rows); a change made
// meanwhile must not wait for it. PostgreSQL only: a second connection holds the lock that keeps ANALYZE waiting.
describe.skipIf(!backends.includes('postgres'))('the statistics refresh after a bulk load on postgres', postgresOnly(), () => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let blocker: pg.Client;

  beforeAll(async () => {
    database = await openSyncTestDatabase('postgres');
    server = await database.start({ env: { SYNC_COMPACT_INTERVAL_MS: '0' }, sync: { replicator: { analyzeAfterOps: 20 } } });
    await seedAndReplicate(server);
    blocker = new pg.Client({ connectionString: database.url! });
    await blocker.connect();
  });
  afterAll(async () => {
    await blocker?.end();
    await server?.close();
    await database?.drop();
  });

  it('does not hold back a change made while it runs', async () => {
    const { db, sync } = server;
    // ANALYZE takes this lock on each table it reads; row writes do not conflict with it.
    await blocker.query('begin');
    await blocker.query('lock table sync_parameters in share update exclusive mode');
    await db.query(`insert into companies (id, name) select 'STAT' || n, 'Stat ' || n from generate_series(1, 30) n`);
    await sync.replicator.idle();
    const waitingAnalyze = async () =>
      (await db.query(`select 1 from pg_stat_activity where query like 'analyze sync_%' and wait_event_type = 'Lock'`)).length > 0;
    while (!(await waitingAnalyze())) await sleep(5);

    await db.query(`update companies set name = 'Made during the refresh' where id = 'STAT1'`);
    await sync.replicator.idle();
    expect(await db.query(`select 1 from sync_oplog where data like '%Made during the refresh%'`)).not.toHaveLength(0);
    expect(await waitingAnalyze()).toBe(true);
    await blocker.query('commit');
  });
});
