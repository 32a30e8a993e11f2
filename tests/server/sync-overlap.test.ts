import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/databases.js';
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
 * A row several buckets hold is stored once on a device, with its newest copy. The two cases that lost data on the
 * PowerSync Service (which writes a row's copies in the order of the bucket definitions): a worker who sees a public
 * vehicle both in the public listing and as their company's work kept the company's narrow copy (no description or
 * category), and an owner who works for the company servicing their own vehicle would keep it without its VIN and
 * owner. sync-rules.yaml lists each table's narrowest view first and both engines write in that order; here, with
 * the official client, the device keeps the widest copy its person may see, and keeps it through later edits.
 */
describe.each(backends)('a row held by several buckets on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let worker: SyncClient;
  let owner: SyncClient;
  let bronco: { id: string; vin: string | null; description: string; category: number | null };

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    const ids = await seedAndReplicate(server);
    [bronco] = (await server.db.query<typeof bronco>(
      `select id, vin, description, category from vehicles where name = 'Trail Bronco'`,
    )) as [typeof bronco];
    // The demo owner also works for the garage that services the Bronco.
    await server.db.query(
      `insert into company_employees (id, user_id, company_id, type, start_date)
       select 'overlap-owner-link', $1, company_id, 'worker', now() - interval '1 day' from service_requests where vehicle_id = $2 limit 1`,
      [ids.owner, bronco.id],
    );
    await server.db.query(`update vehicles set vin = 'WP0AB2A9XKS120418' where id = $1`, [bronco.id]);
    await server.sync.replicator.idle();
    worker = await openSyncClient({ server }, ids.worker);
    owner = await openSyncClient({ server }, ids.owner);
  });
  afterAll(async () => {
    await worker?.close();
    await owner?.close();
    await server?.close();
    await database?.drop();
  });

  const row = (client: SyncClient) =>
    client.db.get<{ name: string; description: string | null; category: number | null; vin: string | null; user_id: string | null }>(
      'select name, description, category, vin, user_id from vehicles where id = ?',
      [bronco.id],
    );

  it("gives a worker the public listing of a public vehicle their company services, not the company's narrower copy", async () => {
    expect(bronco.description).not.toBe('');
    expect(await row(worker)).toMatchObject({ description: bronco.description, category: bronco.category, vin: null, user_id: null });
  });

  it('gives an owner who works for the servicing company their whole vehicle, VIN and owner included', async () => {
    const ownerId = (await server.db.query<{ user_id: string }>('select user_id from vehicles where id = $1', [bronco.id]))[0]!.user_id;
    expect(await row(owner)).toMatchObject({ description: bronco.description, vin: 'WP0AB2A9XKS120418', user_id: ownerId });
  });

  it('keeps the widest copy through an edit, which every bucket holding the row receives', async () => {
    await server.db.query(`update vehicles set name = 'Trail Bronco II' where id = $1`, [bronco.id]);
    await owner.waitFor(async () => (await row(owner))?.name === 'Trail Bronco II', 'the rename on the owner’s device');
    await worker.waitFor(async () => (await row(worker))?.name === 'Trail Bronco II', 'the rename on the worker’s device');
    expect(await row(owner)).toMatchObject({ vin: 'WP0AB2A9XKS120418', description: bronco.description });
    expect(await row(worker)).toMatchObject({ description: bronco.description, vin: null });
  });
});
