import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
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

/**
 * What a company's employees receive of the private vehicles their company's requests are for (migration 0008,
 * sync-rules.yaml by_company): what the requests show, and nothing more; and that it follows requests, names and
 * employment live. The official Node client is the device.
 */
describe.each(backends)("a company's employees and the vehicles of its requests, on %s", (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let worker: SyncClient;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let company: string;
  let camper: string;
  let requestId: string;

  const camperRow = () =>
    worker.db.getOptional<Record<string, unknown>>('select * from vehicles where id = ?', [camper]);
  const camperInfo = () =>
    worker.db.getOptional<Record<string, unknown>>('select * from vehicles_info where vehicle_id = ?', [camper]);

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    company = (await server.db.query<{ id: string }>(`select id from companies where name = 'Tagbook Garage'`))[0]!.id;
    camper = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Camper van'`))[0]!.id;
    worker = await openSyncClient({ server }, ids.worker);
  });
  afterAll(async () => {
    await worker?.close();
    await server?.close();
    await database?.drop();
  });

  it('does not send an employee a private vehicle their company has no request for', async () => {
    expect(await camperRow()).toBeNull();
    expect(await camperInfo()).toBeNull();
  });

  it("sends the name and the shop's Info (VIN, make, model, plate) of a private vehicle once the company has a request on it — not its owner, the VIN the owner typed, notes or tag", async () => {
    requestId = newId();
    await server.db.query(
      `insert into service_requests (id, vehicle_id, company_id, description, user_id, vehicle_service_status_id)
       values ($1, $2, $3, 'Fridge not cooling', $4, 1)`,
      [requestId, camper, company, ids.owner],
    );
    await worker.waitFor(async () => (await camperInfo()) !== null, "the camper's info reaches the employee");
    await worker.waitFor(async () => (await camperRow()) !== null, 'the camper reaches the employee');
    const row = (await camperRow())!;
    expect(row).toMatchObject({ name: 'Camper van', is_public: 0 });
    for (const column of ['user_id', 'vin', 'description', 'category', 'type', 'cover', 'instagram', 'website']) {
      expect(row[column], `vehicles.${column}`).toBeNull();
    }
    const info = (await camperInfo())!;
    expect(info).toMatchObject({
      vin: 'WD4PF4CD5GP211754', make: 'Mercedes-Benz', model: 'Sprinter 2500', year: 2016, color: 'Arctic White', license_plate: 'VAN2016',
    });
    for (const column of ['notes', 'mods', 'state', 'generation', 'category']) {
      expect(info[column], `vehicles_info.${column}`).toBeNull();
    }
    expect(await worker.db.getAll(`select id from qr_tags where id = 'DEMOTAG00003'`)).toEqual([]);
    // The owner's full row is untouched by the employee's narrower copy.
    const [stored] = await server.db.query<{ updated_at: Date; vin: string }>('select updated_at, vin from vehicles where id = $1', [camper]);
    expect(stored!.vin).toBe('WD4PF4CD5GP211754');
  });

  it("does not move the vehicle's last-update time (vehicles are listed by it)", async () => {
    const [before] = await server.db.query<{ updated_at: Date }>('select updated_at from vehicles where id = $1', [camper]);
    const other = newId();
    await server.db.query(
      `insert into service_requests (id, vehicle_id, company_id, description, vehicle_service_status_id) values ($1, $2, $3, 'x', 1)`,
      [other, camper, company],
    );
    await server.db.query('delete from service_requests where id = $1', [other]);
    const [after] = await server.db.query<{ updated_at: Date }>('select updated_at from vehicles where id = $1', [camper]);
    expect(after!.updated_at).toEqual(before!.updated_at);
  });

  it("names colleagues through their company links, and follows a rename live", async () => {
    const colleague = newId();
    await server.db.query(
      `insert into users (id, display_name, email, username_digest) values ($1, 'Riley Tech', 'riley@example.com', $2)`,
      [colleague, randomBytes(32).toString('hex')],
    );
    await server.db.query(
      `insert into company_employees (id, user_id, company_id, type, start_date) values ($1, $2, $3, 'worker', now() - interval '1 day')`,
      [newId(), colleague, company],
    );
    const nameOf = async () =>
      (await worker.db.getOptional<{ user_name: string }>('select user_name from company_employees where user_id = ?', [colleague]))?.user_name;
    await worker.waitFor(async () => (await nameOf()) === 'Riley Tech', "the colleague's link and name");
    // Colleagues' user rows (email and all) stay theirs.
    expect(await worker.db.getAll('select id from users where id = ?', [colleague])).toEqual([]);
    await server.db.query(`update users set display_name = 'Riley T.' where id = $1`, [colleague]);
    await worker.waitFor(async () => (await nameOf()) === 'Riley T.', 'the new name');
  });

  it('takes the vehicle away when its only request of the company is deleted', async () => {
    await server.db.query('update service_requests set deleted_at = now() where id = $1', [requestId]);
    await worker.waitFor(async () => (await camperRow()) === null && (await camperInfo()) === null, 'the camper leaves');
  });

  it("takes the company's requests, their work time and vehicles away live when the employee's link ends", async () => {
    const count = async (table: string) => (await worker.db.get<{ n: number }>(`select count(*) as n from ${table} where ${table === 'vehicles_info' ? 'mods is null' : '1'}`)).n;
    expect(await count('service_requests')).toBeGreaterThan(0);
    expect(await count('worktime')).toBeGreaterThan(0);
    expect(await count('vehicles_info')).toBe(1); // the Bronco's, the customer's vehicle
    await server.db.query('update company_employees set end_date = now() where user_id = $1', [ids.worker]);
    await worker.waitFor(async () => (await count('service_requests')) === 0, 'requests leave');
    await worker.waitFor(async () => (await count('worktime')) === 0 && (await count('vehicles_info')) === 0, 'work time and vehicle info leave');
    expect(await worker.db.getAll('select user_id from company_employees where user_id <> ?', [ids.worker])).toEqual([]);
    expect(await oplogInconsistencies(server.db)).toEqual([]);
  });
});
