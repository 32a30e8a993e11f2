import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/db.js';
import { openPostgres } from '../../server/db/postgres.js';
import type { CheckpointEvent } from '../../server/sync/hub.js';
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

// Two server processes over one PostgreSQL (the way to scale out): one replicates, both serve streams.
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

/** The Db with notifications on one channel kept back while held: still on their way, as a network may keep them. */
function holdingNotifications(db: Db, channel: string) {
  let holding = false;
  const held: (() => void)[] = [];
  const wrapped: Db = Object.create(db, {
    listen: {
      value: (name: string, cb: (payload: string) => void) =>
        db.listen!(name, (payload) => (holding && name === channel ? held.push(() => cb(payload)) : cb(payload))),
    },
  });
  return {
    db: wrapped,
    hold: () => (holding = true),
    release() {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
  };
}

/**
 * A process that does not replicate learns of the leader's batches from notifications (and a slow poll). When the
 * leader dies just after a batch, the notification of it may still be on its way, or lost with a dropped
 * connection, when this process takes replication over; from then on it no longer follows anyone, and its own
 * batches are all its streams hear of. What the old leader did last must reach them all the same.
 */
describe.runIf(reachable)('a process taking replication over', postgresOnly(), () => {
  let database: SyncTestDatabase;
  let a: SyncTestServer;
  let aRunning = false;
  let b: SyncTestServer;
  let secondDb: Db;
  let held: ReturnType<typeof holdingNotifications>;
  let client: SyncClient;

  beforeAll(async () => {
    database = await openSyncTestDatabase('postgres');
    const env = { DATABASE_URL: database.url! };
    a = await database.start({ env });
    aRunning = true;
    const ids = await seedAndReplicate(a);
    secondDb = await openPostgres(database.url!);
    held = holdingNotifications(secondDb, 'tagbook_sync_ops');
    // Only notifications tell the second process of the leader's progress: no poll makes up for one still on its way.
    b = await database.start({ env, db: held.db, sync: { followerPollMs: 24 * 60 * 60_000 } });
    client = await openSyncClient({ server: b }, ids.owner);
  });
  afterAll(async () => {
    held?.release();
    await client?.close();
    await b?.close();
    if (aRunning) await a.close();
    await secondDb?.close();
    await database?.drop();
  });

  it('first takes in what the previous leader replicated that its own streams were not yet told of', async () => {
    const events: CheckpointEvent[] = [];
    b.sync.hub.subscribe({ onCheckpoint: (e) => events.push(e), onWriteCheckpoint: () => {} });
    held.hold();
    const [camper] = await a.db.query<{ id: string }>(`select id from vehicles where name = 'Camper van'`);
    await a.db.query(`update vehicles set name = 'Renamed under the old leader' where id = $1`, [camper!.id]);
    await a.sync.replicator.idle();
    const replicated = await a.db.query<{ bucket: string; op: string }>(
      `select bucket, max(op_id) as op from sync_oplog where object_type = 'vehicles' and object_id = $1 group by bucket`,
      [camper!.id],
    );
    const oldHead = a.sync.hub.head;
    // The leader stops before its last batch's notification reached the other process, which takes over and
    // replicates a change of someone else's vehicle.
    await a.close();
    aRunning = false;
    const taken = new Promise<void>((resolve) => b.sync.hub.subscribe({ onCheckpoint: (e) => e.head > oldHead && resolve(), onWriteCheckpoint: () => {} }));
    await b.db.query(`update vehicles set name = 'Renamed under the new leader' where name = 'Supra Turbo'`);
    await taken;
    held.release();

    const known = new Map<string, number>();
    for (const e of events) for (const [bucket, state] of e.buckets) known.set(bucket, Math.max(known.get(bucket) ?? 0, state.lastOp));
    for (const { bucket, op } of replicated) expect(known.get(bucket) ?? 0, bucket).toBeGreaterThanOrEqual(Number(op));
    await client.waitFor(
      async () => (await client.db.getOptional<{ name: string }>('select name from vehicles where id = ?', [camper!.id]))?.name === 'Renamed under the old leader',
      'the change the old leader replicated',
    );
  });
});
