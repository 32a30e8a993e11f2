import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompanyFixture, type CompanyFixture } from '../helpers/company-fixture.js';
import { testBackends } from '../helpers/databases.js';
import { openSyncClient, openSyncTestDatabase, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';

const backends = await testBackends();

/** The company's rows of each table a device may hold (the by_company bucket of sync-rules.yaml), by table. */
const COMPANY_ROWS = {
  customers: ['id', (w: CompanyFixture) => w.ids.customer],
  service_requests: ['id', (w: CompanyFixture) => w.ids.request],
  worktime: ['service_request_id', (w: CompanyFixture) => w.ids.request],
  vehicles: ['id', (w: CompanyFixture) => w.ids.vehicle],
  vehicles_info: ['vehicle_id', (w: CompanyFixture) => w.ids.vehicle],
  upload_form_files: ['file_hash', (w: CompanyFixture) => w.photo.combinedHash],
} as const;
const everything = { customers: 1, service_requests: 1, worktime: 1, vehicles: 1, vehicles_info: 1, upload_form_files: 1 };
const nothing = { customers: 0, service_requests: 0, worktime: 0, vehicles: 0, vehicles_info: 0, upload_form_files: 0 };

/**
 * The sync stream, with the official @powersync/node client as each employee's device: a company's customers,
 * requests, work time, vehicles and files reach its current employees only — never a link that ended or has not
 * started — and leave their devices live when the company is soft-deleted, as when their link ends.
 */
describe.each(backends)("the company's data on employees' devices, on %s", (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let world: CompanyFixture;
  const devices = {} as Record<'current' | 'ended' | 'future', SyncClient>;

  /** How many of the company's rows of each table the device holds. */
  async function held(device: SyncClient): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [table, [column, key]] of Object.entries(COMPANY_ROWS)) {
      counts[table] = (await device.db.get<{ n: number }>(`select count(*) as n from ${table} where ${column} = ?`, [key(world)])).n;
    }
    return counts;
  }
  const holdsExactly = async (device: SyncClient, expected: Record<string, number>) =>
    JSON.stringify(await held(device)) === JSON.stringify(expected);

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    world = await buildCompanyFixture(server);
    await server.sync.replicator.idle();
    for (const who of ['current', 'ended', 'future'] as const) devices[who] = await openSyncClient({ server }, world.ids[who]);
  });
  afterAll(async () => {
    for (const device of Object.values(devices)) await device.close();
    await server?.close();
    await database?.drop();
  });

  it('reach the current employee, and nobody whose link ended or has not started', async () => {
    await devices.current.waitFor(() => holdsExactly(devices.current, everything), "the company's rows on the current employee's device");
    expect(await held(devices.ended)).toEqual(nothing);
    expect(await held(devices.future)).toEqual(nothing);
  });

  it('keep a deleted customer and request on the device, marked deleted, and take the vehicle away once neither ties it to the company', async () => {
    const current = devices.current;
    const marked = async () => {
      const customer = await current.db.getOptional<{ deleted_at: string | null }>('select deleted_at from customers where id = ?', [world.ids.customer]);
      const request = await current.db.getOptional<{ deleted_at: string | null }>('select deleted_at from service_requests where id = ?', [world.ids.request]);
      return customer?.deleted_at != null && request?.deleted_at != null;
    };
    await world.inState('customer deleted', () =>
      world.inState('request deleted', () =>
        current.waitFor(
          async () => (await marked()) && (await holdsExactly(current, { ...everything, vehicles: 0, vehicles_info: 0 })),
          'the deleted customer and request, marked, without their vehicle',
        ),
      ),
    );
    await current.waitFor(() => holdsExactly(current, everything), 'the vehicle to return with its customer and request');
  });

  it('leave the current employee’s device when the company is deleted, and come back when it is restored', async () => {
    await world.inState('company deleted', () =>
      devices.current.waitFor(() => holdsExactly(devices.current, nothing), "the deleted company's rows to leave"),
    );
    await devices.current.waitFor(() => holdsExactly(devices.current, everything), "the restored company's rows to return");
    expect(await held(devices.ended)).toEqual(nothing);
    expect(await held(devices.future)).toEqual(nothing);
  });
});
