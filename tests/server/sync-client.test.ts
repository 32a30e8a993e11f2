import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { TestDevice } from '../helpers/device.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';

const backends = await testBackends();

const count = async (client: SyncClient, table: string) =>
  (await client.db.get<{ n: number }>(`select count(*) as n from ${table}`)).n;

/** Row counts of every synced table, as one comparable object. */
async function counts(client: SyncClient): Promise<Record<string, number>> {
  const tables = ['users', 'companies', 'company_employees', 'customers', 'vehicles', 'vehicles_info', 'service_requests',
    'worktime', 'qr_tags', 'upload_buckets', 'upload_form_files', 'bucket_files'];
  const result: Record<string, number> = {};
  for (const table of tables) result[table] = await count(client, table);
  return result;
}

describe.each(backends)('the official Node client syncing from our server on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  const clients: SyncClient[] = [];
  const open = async (userId: string | null) => {
    const client = await openSyncClient({ server }, userId);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await server?.close();
    await database?.drop();
  });

  it('gives an anonymous visitor the five public vehicles and their tags, without owners or VINs, and nothing else', async () => {
    const anonymous = await open(null);
    expect(await counts(anonymous)).toMatchObject({ vehicles: 5, qr_tags: 5, users: 0, vehicles_info: 0, companies: 0,
      customers: 0, service_requests: 0, worktime: 0 });
    const vehicles = await anonymous.rows<{ name: string; vin: string | null; user_id: string | null; is_public: number }>('vehicles');
    expect(vehicles.every((v) => v.vin === null && v.user_id === null && v.is_public === 1)).toBe(true);
    expect(vehicles.map((v) => v.name)).not.toContain('Camper van');
  });

  it('gives the owner all of their vehicles in full, others\' public listings, and no company data', async () => {
    const owner = await open(ids.owner);
    expect(await counts(owner)).toMatchObject({ users: 1, vehicles: 6, vehicles_info: 3, qr_tags: 6, service_requests: 2,
      worktime: 1, companies: 0, customers: 0, company_employees: 0 });
    const own = await owner.rows<{ name: string; vin: string; user_id: string; created_at: string }>(
      'vehicles', 'name, vin, user_id, created_at');
    const camper = own.find((v) => v.name === 'Camper van');
    expect(camper).toMatchObject({ vin: 'WD4PF4CD5GP211754', user_id: ids.owner });
    expect(camper?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const others = own.filter((v) => v.user_id !== ids.owner);
    expect(others).toHaveLength(3);
    expect(others.every((v) => v.vin === null)).toBe(true);
    const [user] = await owner.rows<{ id: string; email: string; is_admin: number }>('users');
    expect(user).toMatchObject({ id: ids.owner, email: 'owner@tagbook.test', is_admin: 0 });
    // Rows arrive lean (no null columns, no id in the data): the official client still reads every column, nulls as
    // NULL and the id from the op.
    const columns = 'id, name, description, instagram, tiktok, youtube, cover, vin';
    const byId = (rows: Array<Record<string, unknown>>) => [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    const onServer = byId(await server.db.query(`select ${columns} from vehicles where user_id = $1`, [ids.owner]));
    const onDevice = byId(await owner.db.getAll(`select ${columns} from vehicles where user_id = ?`, [ids.owner]));
    expect(onServer.some((v) => v.youtube === null)).toBe(true);
    expect(onDevice).toEqual(onServer);
  });

  it('gives the worker their company, its customers, requests and work time, and what the requests show of the vehicle', async () => {
    const worker = await open(ids.worker);
    // vehicles_info: the worker's three, and the make and model of the customer's Bronco the requests are for.
    expect(await counts(worker)).toMatchObject({ users: 1, companies: 1, company_employees: 1, customers: 2,
      service_requests: 2, worktime: 1, vehicles: 5, vehicles_info: 4, qr_tags: 5 });
    const requests = await worker.rows<{ has_started: number; schedule_start: string }>('service_requests');
    expect(requests.map((r) => r.has_started).sort()).toEqual([0, 1]);
  });

  it('gives the admin what admin work needs offline: open requests, their work time, current links, companies', async () => {
    const admin = await open(ids.admin);
    // Users, customers, unclaimed tags and private vehicles stay on the server (AdminService lists them): the admin
    // holds the public listing like everyone (5 vehicles and their tags) and their own user row.
    expect(await counts(admin)).toMatchObject({ users: 1, companies: 1, customers: 0, vehicles: 5, vehicles_info: 0,
      qr_tags: 5, service_requests: 2, worktime: 1, company_employees: 1 });
    const users = await admin.db.getAll<Record<string, unknown>>('select * from users');
    expect(Object.keys(users[0]!).sort()).toEqual(['created_at', 'display_name', 'distance_unit', 'email', 'id', 'is_admin', 'updated_at']);
  });

  it("brings a vehicle an admin opens to the admin's device whole — closed requests and tags too — and takes it away with the flag", async () => {
    const adminDevice = await TestDevice.create(server);
    await adminDevice.signIn('admin@tagbook.test', 'tagbook-admin');
    const admin = await open(ids.admin);
    const camper = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Camper van'`))[0]!.id;
    expect(await admin.db.getAll('select id from vehicles where id = ?', [camper])).toHaveLength(0);
    await adminDevice.client(VehicleService).getVehicle({ vehicleId: camper });
    await admin.waitFor(async () => (await admin.db.getAll('select id from vehicles_info where vehicle_id = ?', [camper])).length === 1, 'the opened vehicle arrives');
    expect((await admin.db.get<{ vin: string | null }>('select vin from vehicles where id = ?', [camper])).vin).toBe('WD4PF4CD5GP211754');
    expect(await admin.db.getAll('select id from qr_tags where target_id = ?', [camper])).toHaveLength(1);
    await server.db.query('update users set is_admin = false where id = $1', [ids.admin]);
    await admin.waitFor(async () => (await admin.db.getAll('select id from vehicles_info where vehicle_id = ?', [camper])).length === 0, 'the vehicle leaves');
    await server.db.query('update users set is_admin = true where id = $1', [ids.admin]);
  });

  it('delivers updates and deletes live', async () => {
    const [owner, anonymous] = [await open(ids.owner), await open(null)];
    await server.db.query(`update vehicles set name = 'Red 911 GTS' where name = 'Red 911'`);
    for (const client of [owner, anonymous]) {
      await client.waitFor(async () => (await client.rows<{ name: string }>('vehicles', 'name')).some((v) => v.name === 'Red 911 GTS'), 'rename');
    }
    await server.db.query(`delete from qr_tags where id = 'DEMOTAG00003'`);
    await owner.waitFor(async () => (await count(owner, 'qr_tags')) === 5, 'tag deleted');
    await server.db.query(`update vehicles set is_public = false where name = 'Trail Bronco'`);
    await anonymous.waitFor(async () => (await count(anonymous, 'vehicles')) === 4, 'vehicle unlisted');
    await anonymous.waitFor(async () => (await count(anonymous, 'qr_tags')) === 4, 'its tag unlisted');
    const bronco = await owner.db.get<{ is_public: number; vin: string }>(`select is_public, vin from vehicles where name = 'Trail Bronco'`);
    await owner.waitFor(async () => (await owner.db.get<{ p: number }>(`select is_public as p from vehicles where name = 'Trail Bronco'`)).p === 0, 'owner sees it private');
    expect(bronco.vin).toBe('1FMEE5DP3MLA31867');
    expect(await oplogInconsistencies(server.db)).toEqual([]);
  });

  it('moves a vehicle, with its info and tag, from one owner to the other when ownership changes', async () => {
    const [owner, worker] = [await open(ids.owner), await open(ids.worker)];
    const vanInfo = `select count(*) as n from vehicles_info where vin = 'WD4PF4CD5GP211754'`;
    expect((await owner.db.get<{ n: number }>(vanInfo)).n).toBe(1);
    expect((await worker.db.get<{ n: number }>(vanInfo)).n).toBe(0);
    await server.db.query(`update vehicles set user_id = $1 where name = 'Camper van'`, [ids.worker]);
    await worker.waitFor(async () => (await worker.db.get<{ n: number }>(vanInfo)).n === 1, 'van info reaches the new owner');
    await owner.waitFor(async () => (await owner.db.get<{ n: number }>(vanInfo)).n === 0, 'van info leaves the old owner');
    await owner.waitFor(async () => (await owner.db.getAll(`select 1 from vehicles where name = 'Camper van'`)).length === 0, 'van leaves');
    const van = await worker.db.get<{ user_id: string; vin: string }>(`select user_id, vin from vehicles where name = 'Camper van'`);
    expect(van).toEqual({ user_id: ids.worker, vin: 'WD4PF4CD5GP211754' });
    expect(await worker.db.getAll(`select id from qr_tags where id = 'DEMOTAG00003'`)).toHaveLength(0); // deleted above
  });

  it('takes a company\'s shared data away live when employment ends, and brings it back when it resumes', async () => {
    const worker = await open(ids.worker);
    expect(await count(worker, 'customers')).toBe(2);
    await server.db.query('update company_employees set end_date = now() where user_id = $1', [ids.worker]);
    await worker.waitFor(async () => (await count(worker, 'customers')) === 0, 'customers leave');
    expect(await count(worker, 'service_requests')).toBe(0);
    // The customer's Bronco came with its make and model only (no VIN); they leave with the company.
    const narrowInfo = async () => (await worker.db.get<{ n: number }>('select count(*) as n from vehicles_info where vin is null')).n;
    await worker.waitFor(async () => (await narrowInfo()) === 0, "the customer's vehicle info leaves");
    // The user's own link and the company's name stay: they are the user's history.
    expect(await count(worker, 'company_employees')).toBe(1);
    expect(await count(worker, 'companies')).toBe(1);
    await server.db.query('update company_employees set end_date = null where user_id = $1', [ids.worker]);
    await worker.waitFor(async () => (await count(worker, 'customers')) === 2, 'customers return');
  });

  it('gives a company\'s data to a future employee only once the start date arrives, with nobody writing then', async () => {
    const worker = await open(ids.worker);
    await worker.waitFor(async () => (await count(worker, 'customers')) === 2, 'customers present');
    // Hired again, starting in a moment: nothing of the company until then.
    await server.db.query(`update company_employees set start_date = now() + interval '1500 milliseconds' where user_id = $1`, [ids.worker]);
    await worker.waitFor(async () => (await count(worker, 'customers')) === 0, 'customers leave before the start');
    // The start passes; only the server's employment job writes.
    await worker.waitFor(async () => (await count(worker, 'customers')) === 2, 'customers arrive at the start');
    const [link] = await server.db.query<{ is_current: boolean; start_date: Date }>(
      'select is_current, start_date from company_employees where user_id = $1',
      [ids.worker],
    );
    expect(link).toMatchObject({ is_current: true });
  });

  it('grants and revokes the admin bucket live when the flag changes', async () => {
    const owner = await open(ids.owner);
    const before = await count(owner, 'users');
    expect(before).toBe(1);
    await server.db.query('update users set is_admin = true where id = $1', [ids.owner]);
    await owner.waitFor(async () => (await count(owner, 'company_employees')) === 1, 'admin data arrives');
    await server.db.query('update users set is_admin = false where id = $1', [ids.owner]);
    await owner.waitFor(async () => (await count(owner, 'company_employees')) === 0, 'admin data leaves');
    expect(await count(owner, 'users')).toBe(1);
    expect(await oplogInconsistencies(server.db)).toEqual([]);
  });
});
