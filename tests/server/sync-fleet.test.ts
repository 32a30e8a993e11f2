import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchVehicle } from '../../server/admin/watch.js';
import { checkConnectionLimits, CONNECTION_LIMITS, SyncLimitExceeded } from '../../server/sync/serve/connection-limits.js';
import { testBackends } from '../helpers/databases.js';
import {
  openRawStream,
  openSyncClient,
  openSyncTestDatabase,
  seedAndReplicate,
  type SyncClient,
  type SyncTestDatabase,
  type SyncTestServer,
} from '../helpers/powersync.js';
import { ROOT } from '../helpers/server.js';

const backends = await testBackends();
const FLEET = 5_000;

/** Inserts `n` private vehicles of `owner`, each with its Info and a tag, ids starting with `prefix`. */
async function insertFleet(server: SyncTestServer, owner: string, n: number, prefix: string): Promise<void> {
  const vid = `'${prefix}' || lpad(i::text, ${22 - prefix.length}, '0')`;
  await server.db.query(
    `insert into vehicles (id, name, is_public, user_id) select ${vid}, 'Fleet van ' || i, false, $1 from generate_series(1, $2::int) as i`,
    [owner, n],
  );
  await server.db.query(
    `insert into vehicles_info (id, vehicle_id, make, model) select 'i' || ${vid}, ${vid}, 'Ford', 'Transit' from generate_series(1, $1::int) as i`,
    [n],
  );
  await server.db.query(
    `insert into qr_tags (id, target_id, target_path) select upper('${prefix}') || lpad(i::text, 8, '0'), ${vid}, '/vehicle'
       from generate_series(1, $1::int) as i`,
    [n],
  );
  await server.sync.replicator.idle();
}

/** The bucket names of the first checkpoint a user's stream gets. */
async function checkpointBuckets(server: SyncTestServer, userId: string): Promise<string[]> {
  const { token } = await server.sync.issueToken(userId);
  const stream = await openRawStream(server.url, token);
  try {
    const [line] = await stream.until('checkpoint');
    const checkpoint = line!.checkpoint as { buckets: { bucket: string }[] };
    return checkpoint.buckets.map((b) => b.bucket).sort();
  } finally {
    stream.close();
  }
}

/**
 * A fleet syncs whatever its size: an owner's vehicles are one bucket keyed by the owner (sync-rules.yaml, migration
 * 0023), so a connection stays within the PowerSync Service's limits (1,000 parameter results and buckets), which
 * our engine applies too. The official client syncs an owner of 5,000 vehicles; an admin's watched vehicles arrive
 * whole in one bucket and leave with the flag.
 */
describe.each(backends)('a fleet on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let owner: SyncClient | undefined;
  let admin: SyncClient | undefined;

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    await insertFleet(server, ids.owner, FLEET, 'fleet');
  }, 600_000);
  afterAll(async () => {
    await owner?.close();
    await admin?.close();
    await server?.close();
    await database?.drop();
  });

  it(`syncs an owner of ${FLEET} vehicles through three buckets, every vehicle with its Info and tag`, async () => {
    expect(await checkpointBuckets(server, ids.owner)).toEqual([`by_owner["${ids.owner}"]`, `by_user["${ids.owner}"]`, 'public[]']);
    owner = await openSyncClient({ server }, ids.owner);
    const count = async (sql: string) => (await owner!.db.get<{ n: number }>(sql)).n;
    expect(await count(`select count(*) as n from vehicles where id like 'fleet%'`)).toBe(FLEET);
    expect(await count(`select count(*) as n from vehicles_info where vehicle_id like 'fleet%'`)).toBe(FLEET);
    expect(await count(`select count(*) as n from qr_tags where target_id like 'fleet%'`)).toBe(FLEET);
    expect(server.sync.stats.failures).toEqual([]);
  });

  it("gives an admin each vehicle they open whole, in one bucket, and takes them away with the flag", async () => {
    const watched = ['fleet' + '1'.padStart(17, '0'), 'fleet' + '2'.padStart(17, '0')];
    for (const vehicle of watched) await watchVehicle(server.db, ids.admin, vehicle);
    await server.sync.replicator.idle();
    const buckets = await checkpointBuckets(server, ids.admin);
    expect(buckets).toContain(`watched["${ids.admin}"]`);
    expect(buckets.filter((b) => b.startsWith('watched'))).toHaveLength(1);
    admin = await openSyncClient({ server }, ids.admin);
    const infos = async () => (await admin!.db.getAll<{ vehicle_id: string }>(`select vehicle_id from vehicles_info where vehicle_id like 'fleet%' order by vehicle_id`)).map((r) => r.vehicle_id);
    expect(await infos()).toEqual(watched);
    // Private vehicles: the tags come with them, as they do to their owner.
    expect((await admin.db.get<{ n: number }>(`select count(*) as n from qr_tags where target_id like 'fleet%'`)).n).toBe(2);

    await server.db.query('update users set is_admin = false where id = $1', [ids.admin]);
    await admin.waitFor(async () => (await infos()).length === 0, "the watched vehicles to leave the former admin's device");
    expect(await server.db.query('select 1 from admin_vehicle_watch where user_id = $1', [ids.admin])).toEqual([]);
    await server.db.query('update users set is_admin = true where id = $1', [ids.admin]);
  });

  it("carries a vehicle's records to its new owner without marking them edited", async () => {
    const vehicle = 'fleet' + '3'.padStart(17, '0');
    const [before] = await server.db.query<{ updated_at: Date }>('select updated_at from vehicles_info where vehicle_id = $1', [vehicle]);
    await server.db.query('update vehicles set user_id = $1 where id = $2', [ids.worker, vehicle]);
    const [after] = await server.db.query<{ updated_at: Date; owner_id: string }>('select updated_at, owner_id from vehicles_info where vehicle_id = $1', [vehicle]);
    expect(after!.owner_id).toBe(ids.worker);
    expect(after!.updated_at).toEqual(before!.updated_at);
    await owner!.waitFor(
      async () => (await owner!.db.get<{ n: number }>('select count(*) as n from vehicles_info where vehicle_id = ?', [vehicle])).n === 0,
      "the sold vehicle's Info to leave the former owner's device",
    );
    expect((await owner!.db.get<{ n: number }>('select count(*) as n from qr_tags where target_id = ?', [vehicle])).n).toBe(0);
  });
});

describe('checkConnectionLimits', () => {
  it("allows up to the service's limits and names the one passed in the service's words", () => {
    expect(() => checkConnectionLimits(1000, 1000)).not.toThrow();
    expect(() => checkConnectionLimits(1001, 3)).toThrow(new SyncLimitExceeded('Too many parameter query results: 1001 (limit of 1000)'));
    expect(() => checkConnectionLimits(3, 1001, { parameterQueryResults: 5000, buckets: 1000 })).toThrow('Too many buckets: 1001 (limit of 1000)');
    expect(new SyncLimitExceeded('x').code).toBe('PSYNC_S2305');
  });
});

/**
 * Our engine refuses a connection past the service's limits with the service's error, so a bucket layout that would
 * break on the service breaks here first: the layout before this one, a bucket per owned vehicle, for an owner of
 * 1,001 vehicles.
 */
describe.each(backends)('the connection limits on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ownerId: string;
  const dir = mkdtempSync(join(tmpdir(), 'tagbook-rules-'));

  beforeAll(async () => {
    const yaml = readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8');
    const perVehicle = `${yaml.trimEnd()}

  per_vehicle:
    parameters: SELECT id AS vehicle_id FROM vehicles WHERE user_id = request.user_id()
    data:
      - SELECT id, name FROM vehicles WHERE id = bucket.vehicle_id
`;
    writeFileSync(join(dir, 'sync-rules.yaml'), perVehicle);
    database = await openSyncTestDatabase(backend);
    server = await database.start({ env: { SYNC_RULES: join(dir, 'sync-rules.yaml') } });
    ownerId = (await seedAndReplicate(server)).owner;
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('syncs an owner within them and refuses one past them with PSYNC_S2305, as the service does', async () => {
    expect((await checkpointBuckets(server, ownerId)).length).toBeLessThan(CONNECTION_LIMITS.buckets);
    await insertFleet(server, ownerId, CONNECTION_LIMITS.parameterQueryResults + 1, 'over');
    const { token } = await server.sync.issueToken(ownerId);
    const stream = await openRawStream(server.url, token);
    try {
      // The stream ends without a checkpoint; the client would reconnect and be refused again.
      expect(await stream.next()).toBeNull();
    } finally {
      stream.close();
    }
    expect(server.sync.stats.failures.at(-1)).toMatchObject({
      userId: ownerId,
      code: 'PSYNC_S2305',
      message: expect.stringMatching(/^Too many parameter query results: \d+ \(limit of 1000\)$/),
    });
  });
});
