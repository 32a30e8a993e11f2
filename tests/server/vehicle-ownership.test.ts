import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import {
  openSyncClient,
  openSyncTestDatabase,
  seedAndReplicate,
  type SyncClient,
  type SyncTestDatabase,
  type SyncTestServer,
} from '../helpers/powersync.js';

const backends = await testBackends();

/**
 * An admin moves a vehicle to another account while both owners' devices are connected (the official sync client):
 * the vehicle's whole bucket — the vehicle, its info, notes, track sessions and history — leaves the previous
 * owner's device and reaches the new owner's, without a reconnect, and the move is in the history it brings along.
 */
describe.each(backends)('ownership moves live on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let previous: SyncClient;
  let next: SyncClient;
  let vehicleId: string;
  let workerId: string;

  const count = async (client: SyncClient, table: string) =>
    (await client.db.get<{ n: number }>(`select count(*) as n from ${table} where ${table === 'vehicles' ? 'id' : 'vehicle_id'} = ?`, [vehicleId])).n;

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    const ids = await seedAndReplicate(server);
    workerId = ids.worker;
    vehicleId = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    previous = await openSyncClient({ server }, ids.owner);
    next = await openSyncClient({ server }, ids.worker);
  });
  afterAll(async () => {
    await previous?.close();
    await next?.close();
    await server?.close();
    await database?.drop();
  });

  it("leaves the previous owner's device and reaches the new owner's, history included", async () => {
    expect(await count(previous, 'vehicle_notes')).toBe(3);
    expect(await count(previous, 'track_sessions')).toBe(3);
    // The worker sees Red 911 as a public vehicle: its listing only, none of its records.
    expect(await count(next, 'vehicle_notes')).toBe(0);

    const admin = await TestDevice.create(server);
    await admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await admin.client(VehicleService).transferOwnership({ vehicleId, email: 'worker@tagbook.test' });

    await next.waitFor(async () => (await count(next, 'vehicle_notes')) === 3, 'the notes to reach the new owner');
    expect(await count(next, 'track_sessions')).toBe(3);
    expect(await count(next, 'vehicles_info')).toBe(1);
    const owner = await next.db.get<{ user_id: string }>('select user_id from vehicles where id = ?', [vehicleId]);
    expect(owner.user_id).toBe(workerId);
    await next.waitFor(
      async () => (await next.db.getAll('select 1 from vehicle_events where vehicle_id = ? and kind = ?', [vehicleId, 'ownership'])).length === 1,
      'the move to appear in the history',
    );
    const move = await next.db.get<{ detail: string; actor_name: string }>(
      'select detail, actor_name from vehicle_events where vehicle_id = ? and kind = ?',
      [vehicleId, 'ownership'],
    );
    expect(move).toEqual({ detail: 'Demo Worker', actor_name: 'Demo Admin' });

    await previous.waitFor(async () => (await count(previous, 'vehicle_notes')) === 0, 'the notes to leave the previous owner');
    expect(await count(previous, 'track_sessions')).toBe(0);
    expect(await count(previous, 'vehicles_info')).toBe(0);
    expect(await count(previous, 'vehicle_events')).toBe(0);
    // Red 911 is public: the previous owner keeps seeing its listing, no longer as theirs.
    const listing = await previous.db.getOptional<{ user_id: string | null }>('select user_id from vehicles where id = ?', [vehicleId]);
    expect(listing?.user_id ?? null).toBeNull();
  });
});
