import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { SHOP_INFO_COLUMNS } from '../../src/domain/vehicleReaders.js';
import { CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { App, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleAccess, VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
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

type Role = 'admin' | 'owner' | 'worker' | 'stranger';

/** The Info's VIN (what the shop orders parts by) and the one the owner typed on the vehicle row, told apart. */
const INFO_VIN = '1FMEE5DP3MLA31867';
const OWNER_VIN = '1FMEE5DP5MLA40001';

const text = (message: unknown) => JSON.stringify(message, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v));

/**
 * The servicing company's one rule (src/domain/vehicleReaders.ts), on every path a vehicle is read by: its current
 * employees read the Info's VIN and what finds the vehicle in the lot, never the owner's account nor the VIN the
 * owner typed; the owner and admins read everything; anyone else nothing private. GetVehicle, ListVehicleContents,
 * CompanyService.GetCustomer and the sync stream (the official Node client as the device).
 */
describe.each(backends)('what the company servicing a vehicle reads of it, on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  const devices = {} as Record<Role, TestDevice>;
  const ids = {} as Record<Role | 'bronco' | 'company' | 'other' | 'customer' | 'otherRequest', string>;
  const ownerEmail = 'owner@tagbook.test';

  const vehicles = (role: Role) => devices[role].client(VehicleService);
  const company = (role: Role) => devices[role].client(CompanyService);
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (err: unknown) => (err instanceof ConnectError ? Code[err.code] : String(err)),
    );
  /** Whether a message names the owner's account or the VIN they typed, anywhere in it. */
  const namesOwner = (message: unknown) => [ids.owner, ownerEmail, OWNER_VIN].filter((s) => text(message).includes(s));

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    const users = await seedAndReplicate(server);
    Object.assign(ids, users);
    for (const role of ['admin', 'owner', 'worker', 'stranger'] as const) devices[role] = await TestDevice.create(server);
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.owner.signIn(ownerEmail, 'tagbook-demo');
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.stranger.register('shop-stranger@tagbook.test', 'tagbook-stranger');
    ids.stranger = devices.stranger.session!.userId;
    const one = async (sql: string, params: unknown[] = []) => (await server.db.query<{ id: string }>(sql, params))[0]!.id;
    ids.bronco = await one(`select id from vehicles where name = 'Trail Bronco'`);
    ids.company = await one(`select id from companies where name = 'Tagbook Garage'`);
    ids.customer = await one(`select id from customers where name = 'Demo Owner'`);
    // A private vehicle whose owner typed a VIN of their own, and a request on it of another company.
    await server.db.query('update vehicles set is_public = false, vin = $2 where id = $1', [ids.bronco, OWNER_VIN]);
    ids.other = newId();
    ids.otherRequest = newId();
    await server.db.query(`insert into companies (id, name) values ($1, 'Other Motors')`, [ids.other]);
    await server.db.query(
      `insert into service_requests (id, vehicle_id, company_id, description, user_id, vehicle_service_status_id)
       values ($1, $2, $3, 'Second opinion on the lift kit', $4, 1)`,
      [ids.otherRequest, ids.bronco, ids.other, ids.owner],
    );
    await server.sync.replicator.idle();
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("GetVehicle: the servicing company's employee reads the shop's Info, the VIN included, and nothing of the owner", async () => {
    const res = await vehicles('worker').getVehicle({ vehicleId: ids.bronco });
    expect(res.access).toBe(VehicleAccess.COMPANY);
    expect(res.info).toMatchObject({ vin: INFO_VIN, make: 'Ford', model: 'Bronco Badlands', year: 2021, licensePlate: 'BRNC021', customerId: ids.customer });
    // The rest of the Info is the owner's and admins'.
    expect(res.info).toMatchObject({ mods: '', notes: '', state: '', generation: '', category: 0 });
    expect(res.vehicle).toMatchObject({ vin: '', userId: '' });
    expect(res.owner).toBeUndefined();
    expect(namesOwner(res)).toEqual([]);
  });

  it('GetVehicle: the owner and admins read it all; someone else not even that it exists', async () => {
    const admin = await vehicles('admin').getVehicle({ vehicleId: ids.bronco });
    expect(admin.info).toMatchObject({ vin: INFO_VIN, mods: '2-inch lift, 35-inch tires', state: 'CO', generation: 'U725' });
    expect(admin.vehicle).toMatchObject({ vin: OWNER_VIN, userId: ids.owner });
    expect(admin.owner).toMatchObject({ id: ids.owner, email: ownerEmail });
    const owner = await vehicles('owner').getVehicle({ vehicleId: ids.bronco });
    expect(owner.info).toMatchObject({ vin: INFO_VIN, mods: '2-inch lift, 35-inch tires' });
    expect(owner.vehicle).toMatchObject({ vin: OWNER_VIN, userId: ids.owner });
    expect(await refusal(vehicles('stranger').getVehicle({ vehicleId: ids.bronco }))).toBe('NotFound');
  });

  it('ListVehicleContents: the profile names nobody and carries no VIN, to the shop as to the owner', async () => {
    for (const role of ['worker', 'owner', 'admin'] as const) {
      const res = await devices[role].client(VehicleContentsService).listVehicleContents({ vehicleId: ids.bronco, app: App.PROFILE });
      expect(namesOwner(res), role).toEqual([]);
      expect(text(res), role).not.toContain(INFO_VIN);
    }
    expect(await refusal(devices.stranger.client(VehicleContentsService).listVehicleContents({ vehicleId: ids.bronco, app: App.PROFILE }))).toBe('NotFound');
  });

  it("GetCustomer: an employee gets the customer's vehicles with the Info's VIN, never their owner's account", async () => {
    const res = await company('worker').getCustomer({ customerId: ids.customer });
    expect(res.vehicles.map((v) => v.name)).toEqual(['Trail Bronco']);
    expect(res.vehicles[0]).toMatchObject({ vin: INFO_VIN, ownerId: '', ownerEmail: '', make: 'Ford', licensePlate: 'BRNC021' });
    expect(namesOwner(res.vehicles)).toEqual([]);
  });

  it('GetCustomer: an admin gets the owner of each vehicle too', async () => {
    const res = await company('admin').getCustomer({ customerId: ids.customer });
    expect(res.vehicles[0]).toMatchObject({ vin: INFO_VIN, ownerId: ids.owner, ownerEmail });
    await server.db.query(`update vehicles_info set vin = null where vehicle_id = $1`, [ids.bronco]);
    try {
      // Without an Info VIN, an admin still finds the vehicle by the one its owner typed; an employee gets none.
      expect((await company('admin').getCustomer({ customerId: ids.customer })).vehicles[0]!.vin).toBe(OWNER_VIN);
      expect((await company('worker').getCustomer({ customerId: ids.customer })).vehicles[0]!.vin).toBe('');
    } finally {
      await server.db.query(`update vehicles_info set vin = $2 where vehicle_id = $1`, [ids.bronco, INFO_VIN]);
    }
  });

  it("GetCustomer: an employee sees their company's requests on the customer's vehicles, not another company's; admins every one", async () => {
    const mine = await company('worker').getCustomer({ customerId: ids.customer });
    expect(mine.requests.length).toBe(2);
    expect(mine.requests.map((r) => r.companyId)).toEqual([ids.company, ids.company]);
    expect(mine.requests.map((r) => r.id)).not.toContain(ids.otherRequest);
    const all = await company('admin').getCustomer({ customerId: ids.customer });
    expect(all.requests.map((r) => r.id)).toContain(ids.otherRequest);
    expect(all.requests.length).toBe(3);
    expect(await refusal(company('stranger').getCustomer({ customerId: ids.customer }))).toBe('NotFound');
  });

  describe('the sync stream', () => {
    const clients = {} as Record<'worker' | 'stranger' | 'owner', SyncClient>;
    beforeAll(async () => {
      for (const role of ['worker', 'stranger', 'owner'] as const) clients[role] = await openSyncClient({ server }, ids[role]);
    });
    afterAll(async () => {
      for (const client of Object.values(clients)) await client.close();
    });
    const infoOf = (role: keyof typeof clients) =>
      clients[role].db.getOptional<Record<string, unknown>>('select * from vehicles_info where vehicle_id = ?', [ids.bronco]);
    const vehicleOf = (role: keyof typeof clients) =>
      clients[role].db.getOptional<Record<string, unknown>>('select * from vehicles where id = ?', [ids.bronco]);

    it("an employee's device holds the shop's Info with its VIN, and neither the owner nor the VIN they typed", async () => {
      await clients.worker.waitFor(async () => (await infoOf('worker'))?.vin === INFO_VIN, "the Info's VIN reaches the employee");
      const info = (await infoOf('worker'))!;
      const held = Object.keys(info).filter((c) => info[c] !== null && c !== 'id' && c !== 'vehicle_id' && !c.endsWith('_at'));
      expect(held.sort()).toEqual([...SHOP_INFO_COLUMNS].sort());
      const vehicle = (await vehicleOf('worker'))!;
      expect(vehicle).toMatchObject({ name: 'Trail Bronco', vin: null, user_id: null });
      expect(await clients.worker.db.getAll('select id from users where id = ?', [ids.owner])).toEqual([]);
    });

    it("the owner's device holds it all; a device of someone outside the company holds no Info at all", async () => {
      await clients.owner.waitFor(async () => (await vehicleOf('owner'))?.vin === OWNER_VIN, "the owner's row");
      expect(await infoOf('owner')).toMatchObject({ vin: INFO_VIN, mods: '2-inch lift, 35-inch tires' });
      expect(await infoOf('stranger')).toBeNull();
      expect(await vehicleOf('stranger')).toBeNull();
    });
  });
});
