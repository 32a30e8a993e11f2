import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { SERVICING_COMPANIES_SQL } from '../../src/entities/company/servicingCompanies.js';
import { QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { App, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleAccess, VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { buildCompanyFixture, type CompanyFixture } from '../helpers/company-fixture.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { upload, verdict } from '../helpers/upload.js';

const backends = await testBackends();

/** Employees of the company an administrator moved a request to: one current, one whose link ended an hour ago. */
type MovedStaff = 'movedCurrent' | 'movedEnded';
const MOVED_STAFF: readonly MovedStaff[] = ['movedCurrent', 'movedEnded'];

/** What each read path answers one caller: GetVehicle's access, ListVehicleContents, Resolve of the vehicle's tag. */
type Reads = { vehicle: string; contents: string; tag: string };
const SERVICES: Reads = { vehicle: 'company', contents: 'ok', tag: 'vehicle' };
const STRANGER: Reads = { vehicle: 'not_found', contents: 'not_found', tag: 'private_vehicle' };

/**
 * One meaning of "the company servicing a vehicle" (tagbook_vehicle_companies, migration 0008: a company with a
 * request on it that is not deleted, or the company whose customer, not deleted, its Info names), on every path a
 * vehicle is read by: GetVehicle, ListVehicleContents, QrTagService.Resolve and the sync stream's by_company bucket
 * (the official Node client as each employee's device). The fixture's company services the vehicle through its
 * customer and its own request; a second company services it only through a request an administrator moved to it.
 */
describe.each(backends)('the company servicing a vehicle, the same on every path, on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let world: CompanyFixture;
  const staff = {} as Record<MovedStaff, TestDevice>;
  const clients = {} as Record<'movedCurrent' | 'movedEnded' | 'current', SyncClient>;
  const ids = { moved: newId(), movedRequest: newId() } as { moved: string; movedRequest: string } & Record<MovedStaff, string>;

  /** How every read path answers `device` now. */
  async function reads(device: TestDevice): Promise<Reads> {
    const call = device.client(VehicleService).getVehicle({ vehicleId: world.ids.vehicle });
    const result = await outcome(call);
    const vehicle = result === 'ok' ? VehicleAccess[(await call).access].toLowerCase() : result;
    const contents = await outcome(device.client(VehicleContentsService).listVehicleContents({ vehicleId: world.ids.vehicle, app: App.PROFILE }));
    const tag = TagStatus[(await device.client(QrTagService).resolve({ hash: world.ids.tag })).status].toLowerCase();
    return { vehicle, contents, tag };
  }
  const readsOfAll = async () => ({
    movedCurrent: await reads(staff.movedCurrent),
    movedEnded: await reads(staff.movedEnded),
    current: await reads(world.devices.current),
  });

  /** One change uploaded through sync by a moved-to employee's device: 'ok', or the refusal's code. */
  async function uploadAs(who: MovedStaff, op: 'PUT' | 'PATCH', id: string, data: Record<string, unknown>): Promise<string> {
    return verdict(await upload(staff[who], { table: 'service_requests', id, op, data }));
  }

  /** Whether the device holds the vehicle's name and its Info. */
  async function holdsVehicle(device: SyncClient): Promise<boolean> {
    const vehicle = await device.db.getOptional('select id from vehicles where id = ?', [world.ids.vehicle]);
    const info = await device.db.getOptional('select id from vehicles_info where vehicle_id = ?', [world.ids.vehicle]);
    if ((vehicle === null) !== (info === null)) return false; // between the two rows' ops: not settled yet
    return vehicle !== null;
  }
  /** Waits until the device holds the request as `deleted` says, then answers whether it holds the vehicle. */
  async function settledHolds(device: SyncClient, requestId: string, deleted: boolean): Promise<boolean> {
    await device.waitFor(async () => {
      const row = await device.db.getOptional<{ deleted_at: string | null }>('select deleted_at from service_requests where id = ?', [requestId]);
      return row !== null && (row.deleted_at !== null) === deleted;
    }, `the request ${deleted ? 'marked deleted' : 'standing'} on the device`);
    return holdsVehicle(device);
  }

  /** The companies servicing the vehicle as the app reads them from the device's rows (offline access). */
  const servicingOnDevice = async (device: SyncClient) =>
    (await device.db.getAll<{ company_id: string }>(SERVICING_COMPANIES_SQL, [world.ids.vehicle, world.ids.vehicle])).map((r) => r.company_id).sort();

  async function softDeleted<T>(table: 'service_requests' | 'customers', id: string, fn: () => Promise<T>): Promise<T> {
    await server.db.query(`update ${table} set deleted_at = now() where id = $1`, [id]);
    try {
      return await fn();
    } finally {
      await server.db.query(`update ${table} set deleted_at = null where id = $1`, [id]);
    }
  }

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    world = await buildCompanyFixture(server);
    await server.db.query(`insert into companies (id, name) values ($1, 'Moved Motors')`, [ids.moved]);
    for (const who of MOVED_STAFF) {
      staff[who] = await TestDevice.create(server);
      ids[who] = (await staff[who].register(`${who.toLowerCase()}-${ids.moved.slice(0, 6).toLowerCase()}@example.com`, `${who}-password`)).userId;
    }
    const DAY = 24 * 3_600_000;
    for (const [who, end] of [['movedCurrent', null], ['movedEnded', new Date(Date.now() - 3_600_000)]] as const) {
      await server.db.query(
        `insert into company_employees (id, user_id, company_id, type, start_date, end_date) values ($1, $2, $3, 'manager', $4, $5)`,
        [newId(), ids[who], ids.moved, new Date(Date.now() - 30 * DAY), end],
      );
    }
    // The owner asks the fixture's company; an administrator then moves the request to the other company.
    await server.db.query(
      `insert into service_requests (id, vehicle_id, company_id, description, user_id, vehicle_service_status_id)
       values ($1, $2, $3, 'Alignment after the kerb', $4, $5)`,
      [ids.movedRequest, world.ids.vehicle, world.ids.company, world.ids.owner, REQUEST_STATUS.REQUESTED],
    );
    expect(await world.upload('admin', 'PATCH', 'service_requests', ids.movedRequest, { company_id: ids.moved })).toBe('ok');
    await server.sync.replicator.idle();
    clients.movedCurrent = await openSyncClient({ server }, ids.movedCurrent);
    clients.movedEnded = await openSyncClient({ server }, ids.movedEnded);
    clients.current = await openSyncClient({ server }, world.ids.current);
  });
  afterAll(async () => {
    for (const client of Object.values(clients)) await client.close();
    await server?.close();
    await database?.drop();
  });

  it('a company a request was moved to services the vehicle on every path, for its current employees only', async () => {
    expect(await readsOfAll()).toEqual({ movedCurrent: SERVICES, movedEnded: STRANGER, current: SERVICES });
    expect(await settledHolds(clients.movedCurrent, ids.movedRequest, false)).toBe(true);
    expect(await settledHolds(clients.current, world.ids.request, false)).toBe(true);
    expect(await holdsVehicle(clients.movedEnded)).toBe(false);
    // The app, offline, reads the same from what the devices hold.
    expect(await servicingOnDevice(clients.movedCurrent)).toEqual([ids.moved]);
    expect(await servicingOnDevice(clients.current)).toEqual([world.ids.company]);
  });

  it("the moved-to company reads the shop's Info but not the name of another company's customer", async () => {
    const res = await staff.movedCurrent.client(VehicleService).getVehicle({ vehicleId: world.ids.vehicle });
    expect(res.info).toMatchObject({ make: 'Ford', model: 'Transit', customerName: '' });
    const own = await world.devices.current.client(VehicleService).getVehicle({ vehicleId: world.ids.vehicle });
    expect(own.info).toMatchObject({ customerId: world.ids.customer, customerName: 'Casey Customer' });
  });

  it('with the moved request deleted, that company no longer services the vehicle, on any path', async () => {
    await softDeleted('service_requests', ids.movedRequest, async () => {
      expect(await readsOfAll()).toEqual({ movedCurrent: STRANGER, movedEnded: STRANGER, current: SERVICES });
      expect(await settledHolds(clients.movedCurrent, ids.movedRequest, true)).toBe(false);
      expect(await servicingOnDevice(clients.movedCurrent)).toEqual([]);
    });
    expect(await settledHolds(clients.movedCurrent, ids.movedRequest, false)).toBe(true);
  });

  it('with the customer deleted, each company that still has a request on the vehicle services it; with that request deleted too, not', async () => {
    await softDeleted('customers', world.ids.customer, async () => {
      expect(await readsOfAll()).toEqual({ movedCurrent: SERVICES, movedEnded: STRANGER, current: SERVICES });
      expect(await settledHolds(clients.current, world.ids.request, false)).toBe(true);
      await softDeleted('service_requests', world.ids.request, async () => {
        expect(await readsOfAll()).toEqual({ movedCurrent: SERVICES, movedEnded: STRANGER, current: STRANGER });
        expect(await settledHolds(clients.current, world.ids.request, true)).toBe(false);
        expect(await servicingOnDevice(clients.current)).toEqual([]);
        expect(await settledHolds(clients.movedCurrent, ids.movedRequest, false)).toBe(true);
      });
    });
    expect(await settledHolds(clients.current, world.ids.request, false)).toBe(true);
  });

  it("opening a request stays with the customer's company: the moved-to company handles its request but opens none", async () => {
    const opened = (company: string) => ({ vehicle_id: world.ids.vehicle, company_id: company, description: 'Another look', vehicle_service_status_id: 1 });
    expect(await uploadAs('movedCurrent', 'PATCH', ids.movedRequest, { description: 'Alignment after the kerb, toe out' })).toBe('ok');
    expect(await uploadAs('movedCurrent', 'PUT', newId(), opened(ids.moved))).toBe('not_found');
    expect(await uploadAs('movedEnded', 'PATCH', ids.movedRequest, { description: 'Not mine any more' })).toBe('not_found');
    expect(await world.upload('current', 'PUT', 'service_requests', newId(), opened(world.ids.company))).toBe('ok');
  });
});
