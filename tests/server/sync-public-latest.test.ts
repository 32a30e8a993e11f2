import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHURN_MIN_OPS, compactChurnedBuckets } from '../../server/sync/replicate/compact.js';
import { PUBLIC_LATEST_SYNCED, PUBLIC_LIST_LIMIT } from '../../src/domain/publicFeed.js';
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

// The public bucket holds the latest public vehicles only (migration 0009): what an anonymous device downloads must
// not grow with the service. The demo's five public vehicles are older than the ones inserted here.

const backends = await testBackends();
const EXTRA = PUBLIC_LATEST_SYNCED + 20;
/** Bench vehicle n (1 = oldest); ids have the 22-character shape vehicles require. */
const vehicleId = (n: number) => `latest${String(n).padStart(16, '0')}`;

describe.each(backends)('the public bucket holds only the latest public vehicles on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  const clients: SyncClient[] = [];
  const open = async (userId: string | null) => {
    const client = await openSyncClient({ server }, userId);
    clients.push(client);
    return client;
  };
  const localIds = async (client: SyncClient, table: 'vehicles' | 'qr_tags') =>
    (await client.rows<{ id: string }>(table, 'id')).map((r) => r.id);

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    // No scheduled compaction: the churn test below compacts by hand and counts the ops before.
    server = await database.start({ env: { SYNC_COMPACT_INTERVAL_MS: '0' } });
    ids = await seedAndReplicate(server);
    // One statement: the set is recomputed once, at its end. Vehicle n was updated n minutes after the first.
    await server.db.query(
      `insert into vehicles (id, name, is_public, user_id, created_at, updated_at)
       select 'latest' || lpad(n::text, 16, '0'), 'Latest ' || n, true, $1,
              now() - interval '1 day' + n * interval '1 minute', now() - interval '1 day' + n * interval '1 minute'
         from generate_series(1, ${EXTRA}) n`,
      [ids.owner],
    );
    await server.db.query(
      `insert into qr_tags (id, target_id, target_path)
       select 'LTAG' || lpad(n::text, 8, '0'), 'latest' || lpad(n::text, 16, '0'), '/vehicle' from generate_series(1, ${EXTRA}) n`,
    );
    await server.sync.replicator.idle();
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
    await database?.drop();
  });

  it('flags exactly the newest public vehicles, as many as the list needs and no more', async () => {
    expect(PUBLIC_LIST_LIMIT).toBeLessThanOrEqual(PUBLIC_LATEST_SYNCED);
    const flagged = await server.db.query<{ id: string }>('select id from vehicles where is_latest order by updated_at desc, id');
    const expected = Array.from({ length: PUBLIC_LATEST_SYNCED }, (_, i) => vehicleId(EXTRA - i));
    expect(flagged.map((r) => r.id)).toEqual(expected);
    const tags = await server.db.query<{ n: number }>('select count(*)::int as n from qr_tags where target_latest');
    expect(tags[0]!.n).toBe(PUBLIC_LATEST_SYNCED);
  });

  it('gives an anonymous visitor the latest public vehicles and their tags, not older ones', async () => {
    const anonymous = await open(null);
    const vehicles = await localIds(anonymous, 'vehicles');
    expect(vehicles).toHaveLength(PUBLIC_LATEST_SYNCED);
    expect(vehicles).toContain(vehicleId(EXTRA));
    expect(vehicles).not.toContain(vehicleId(EXTRA - PUBLIC_LATEST_SYNCED));
    expect(await localIds(anonymous, 'qr_tags')).toHaveLength(PUBLIC_LATEST_SYNCED);
  });

  it('still gives the owner every vehicle they own, latest or not', async () => {
    const owner = await open(ids.owner);
    expect(await localIds(owner, 'vehicles')).toContain(vehicleId(1));
    expect(await localIds(owner, 'qr_tags')).toContain('LTAG00000001');
  });

  it('refreshes the set through indexes whatever the statistics say, so an edit costs the same at any size', async () => {
    // A small table is where a planner trusting statistics reads everything: the state right after a bulk load.
    const seqScans = await server.db.transaction(async (tx) => {
      const count = async () =>
        Number((await tx.query<{ n: string }>(`select seq_scan as n from pg_stat_xact_user_tables where relname = 'vehicles'`))[0]?.n ?? 0);
      const before = await count();
      await tx.query('select tagbook_refresh_latest()');
      return (await count()) - before;
    });
    expect(seqScans).toBe(0);
  });

  it('moves the set live: an edit brings an old vehicle in and the oldest listed one out; so does unlisting', async () => {
    const anonymous = await open(null);
    const has = async (id: string) => (await localIds(anonymous, 'vehicles')).includes(id);
    const oldest = vehicleId(1);
    const lastListed = vehicleId(EXTRA - PUBLIC_LATEST_SYNCED + 1);
    expect(await has(lastListed)).toBe(true);

    // A rename touches updated_at: the vehicle becomes the newest, with its tag.
    await server.db.query(`update vehicles set name = 'Back on top' where id = $1`, [oldest]);
    await anonymous.waitFor(async () => has(oldest), 'edited vehicle listed');
    await anonymous.waitFor(async () => !(await has(lastListed)), 'oldest listed vehicle leaves');
    await anonymous.waitFor(async () => (await localIds(anonymous, 'qr_tags')).includes('LTAG00000001'), 'its tag follows');
    expect(await localIds(anonymous, 'vehicles')).toHaveLength(PUBLIC_LATEST_SYNCED);
    // The refresh is not a user's edit: the vehicle that left keeps its time.
    const [left] = await server.db.query<{ moved: boolean }>(
      `select updated_at > now() - interval '1 hour' as moved from vehicles where id = $1`, [lastListed]);
    expect(left!.moved).toBe(false);

    // Made private: it leaves, and the next newest public one takes its place.
    await server.db.query('update vehicles set is_public = false where id = $1', [oldest]);
    await anonymous.waitFor(async () => !(await has(oldest)), 'private vehicle leaves');
    await anonymous.waitFor(async () => has(lastListed), 'next newest comes back');

    // Deleted: the same.
    const newest = vehicleId(EXTRA);
    await server.db.query('delete from qr_tags where target_id = $1', [newest]);
    await server.db.query('delete from vehicles where id = $1', [newest]);
    await anonymous.waitFor(async () => !(await has(newest)), 'deleted vehicle leaves');
    await anonymous.waitFor(async () => has(vehicleId(EXTRA - PUBLIC_LATEST_SYNCED)), 'next newest fills the set');
    expect(await localIds(anonymous, 'vehicles')).toHaveLength(PUBLIC_LATEST_SYNCED);
    expect(await oplogInconsistencies(server.db)).toEqual([]);
  });

  it('compacts the public bucket once new vehicles have doubled its ops, so a new device gets about the live rows', async () => {
    const publicOps = async () =>
      Number((await server.db.query<{ count: string }>(`select count from sync_buckets where bucket = 'public[]'`))[0]!.count);
    // One vehicle per statement, as people add them: each brings a PUT and pushes the oldest listed one out (a REMOVE).
    for (let n = 1; n <= CHURN_MIN_OPS / 2 + 50; n++) {
      await server.db.query(`insert into vehicles (id, name, is_public, user_id) values ($1, $2, true, $3)`, [
        `churn${String(n).padStart(17, '0')}`, `Churn ${n}`, ids.owner]);
    }
    await server.sync.replicator.idle();
    const before = await publicOps();
    expect(before).toBeGreaterThan(CHURN_MIN_OPS);
    const report = await compactChurnedBuckets(server.db);
    expect(report.buckets).toBeGreaterThan(0);
    const after = await publicOps();
    // The live rows (vehicles and tags) and one CLEAR, plus tombstones after the first live row.
    expect(after).toBeLessThan(before / 2);
    expect(await compactChurnedBuckets(server.db)).toMatchObject({ buckets: 0 });
    expect(await oplogInconsistencies(server.db)).toEqual([]);
    server.sync.pages.clear();
    const fresh = await open(null);
    expect(await localIds(fresh, 'vehicles')).toHaveLength(PUBLIC_LATEST_SYNCED);
    expect(await localIds(fresh, 'vehicles')).toContain(`churn${String(CHURN_MIN_OPS / 2 + 50).padStart(17, '0')}`);
  });
});
