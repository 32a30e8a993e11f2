import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { App, VehicleContentKind, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleAccess, VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

type Role = 'owner' | 'other' | 'admin' | 'employee' | 'anonymous';

/**
 * GetVehicle and ListVehicleContents tell each caller exactly what their role lets them see of a vehicle their device
 * does not hold, and say 'Vehicle not found!' identically for a vehicle that is missing and one that is private.
 */
describe.each(backends)('reading a vehicle from the server, per role, on %s', (backend) => {
  let server: TestServer;
  const devices = {} as Record<Role, TestDevice>;
  let ids: { red911: string; camper: string; bronco: string };

  const idOf = async (name: string) => (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]!.id;
  const get = (role: Role, vehicleId: string) => devices[role].client(VehicleService).getVehicle({ vehicleId });
  const contents = (role: Role, vehicleId: string) =>
    devices[role].client(VehicleContentsService).listVehicleContents({ vehicleId, app: App.PROFILE });
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (err: unknown) => (err instanceof ConnectError ? { code: err.code, message: err.rawMessage } : String(err)),
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    for (const role of ['owner', 'other', 'admin', 'employee', 'anonymous'] as const) devices[role] = await TestDevice.create(server);
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.employee.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.other.register('reader@tagbook.test', 'tagbook-reader');
    ids = { red911: await idOf('Red 911'), camper: await idOf('Camper van'), bronco: await idOf('Trail Bronco') };
  });
  afterAll(async () => server?.stop());

  it('a public vehicle: its profile to anyone, never its VIN, owner, info or private records', async () => {
    for (const role of ['anonymous', 'other'] as const) {
      const res = await get(role, ids.red911);
      expect(res.access, role).toBe(VehicleAccess.PUBLIC);
      expect(res.vehicle).toMatchObject({ id: ids.red911, name: 'Red 911', isPublic: true, vin: '', userId: '', category: 1 });
      expect(res.info, role).toBeUndefined();
      expect(res.owner, role).toBeUndefined();
      expect([res.tags, res.notes, res.trackSessions, res.events, res.serviceRequests].map((l) => l.length), role).toEqual([0, 0, 0, 0, 0]);
      expect(JSON.stringify(res, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toContain('WP0AB2A9XKS120418');
    }
  });

  it('the owner gets everything of their vehicle but the account details; admins get the owner too', async () => {
    const mine = await get('owner', ids.red911);
    expect(mine.access).toBe(VehicleAccess.OWNER);
    expect(mine.vehicle?.vin).toBe('WP0AB2A9XKS120418');
    expect(mine.info).toMatchObject({ make: 'Porsche', model: '911 Carrera S', year: 2019, category: 1 });
    expect(mine.tags).toEqual(['DEMOTAG00001']);
    expect(mine.notes.map((n) => n.isPublic)).toEqual([false, true, false]);
    expect(mine.notes[0]!.authorName).toBe('Demo Owner');
    expect(mine.trackSessions.map((t) => [t.circuit, t.bestLapMs])).toEqual([
      ['Laguna Seca', 106_870],
      ['Thunderhill Raceway (East)', 122_985],
      ['Laguna Seca', 108_412],
    ]);
    expect(mine.trackSessions[0]!.tirePressureFront).toBe(2.1);
    expect(mine.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['info', 'tag_linked']));
    expect(mine.owner).toBeUndefined();

    const admin = await get('admin', ids.camper);
    expect(admin.access).toBe(VehicleAccess.ADMIN);
    expect(admin.owner).toMatchObject({ email: 'owner@tagbook.test', displayName: 'Demo Owner' });
    expect(admin.info?.make).toBe('Mercedes-Benz');
  });

  it("service requests come with their work time, a running clock counted up to now", async () => {
    const res = await get('owner', ids.bronco);
    // The demo's started request, whose clock started 25 minutes before seeding and still runs, and a scheduled one
    // nobody has worked on yet.
    expect(res.serviceRequests).toHaveLength(2);
    const started = res.serviceRequests.find((r) => r.description.includes('Front brake pads'));
    expect(Number(started?.workMs)).toBeGreaterThanOrEqual(25 * 60_000);
    const scheduled = res.serviceRequests.find((r) => r !== started);
    expect(Number(scheduled?.workMs)).toBe(0);
  });

  it("an employee of the customer's company sees that vehicle's profile and info, read only, even when private", async () => {
    const ownerCustomer = (await server.db.query<{ id: string }>(`select id from customers where email = 'owner@tagbook.test'`))[0]!.id;
    expect(await refusal(get('employee', ids.camper))).toEqual({ code: Code.NotFound, message: 'Vehicle not found!' });
    await server.db.query('update vehicles_info set customer_id = $1 where vehicle_id = $2', [ownerCustomer, ids.camper]);
    const res = await get('employee', ids.camper);
    expect(res.access).toBe(VehicleAccess.COMPANY);
    expect(res.info).toMatchObject({ make: 'Mercedes-Benz', customerName: 'Demo Owner' });
    expect(res.vehicle?.vin).toBe('');
    expect(res.notes).toEqual([]);
    await server.db.query('update vehicles_info set customer_id = null where vehicle_id = $1', [ids.camper]);
    expect(await refusal(get('employee', ids.camper))).toEqual({ code: Code.NotFound, message: 'Vehicle not found!' });
  });

  it("a private vehicle of someone else, a missing one and a malformed id are all the same 'Vehicle not found!'", async () => {
    const notFound = { code: Code.NotFound, message: 'Vehicle not found!' };
    for (const role of ['anonymous', 'other', 'employee'] as const) {
      for (const vehicleId of [ids.camper, newId(), 'not-an-id', '']) {
        expect(await refusal(get(role, vehicleId)), `${role} ${vehicleId}`).toEqual(notFound);
        expect(await refusal(contents(role, vehicleId)), `${role} contents ${vehicleId}`).toEqual(notFound);
      }
    }
    expect(await refusal(get('admin', newId()))).toEqual(notFound);
    expect(await refusal(get('owner', newId()))).toEqual(notFound);
  });

  it("the profile's contents are the public notes, newest first, to whoever may see the vehicle", async () => {
    for (const role of ['anonymous', 'other', 'owner', 'admin'] as const) {
      const res = await contents(role, ids.red911);
      expect(res.contents.map((c) => [c.kind, c.position]), role).toEqual([[VehicleContentKind.TEXT, 0]]);
      expect(res.contents[0]!.body, role).toContain('Clear PPF on the front end');
    }
    // A private vehicle's profile is its owner's and admins' to see.
    expect((await contents('owner', ids.camper)).contents).toEqual([]);
    // Only the profile has contents.
    expect(await refusal(devices.owner.client(VehicleContentsService).listVehicleContents({ vehicleId: ids.red911 }))).toMatchObject({
      code: Code.InvalidArgument,
    });
  });
});
