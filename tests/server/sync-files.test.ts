import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes, putRange, type TestFile } from '../helpers/files.js';
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

type Role = 'admin' | 'owner' | 'worker' | 'colleague' | 'buyer';

/**
 * A file's rows (its form file, its bucket, the stored file) reach the devices of those who may see what it is
 * attached to now, never by who added it: when an admin moves a request to another company, the old company's staff
 * lose the request's files and the new company's get them; when a vehicle is sold, its photos leave the former
 * owner's devices and reach the new owner's. The official Node client is the device.
 */
describe.each(backends)('files follow what they are attached to, on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  const devices = {} as Record<Role, TestDevice>;
  const clients = {} as Record<Exclude<Role, 'admin'>, SyncClient>;
  const ids = {} as Record<Role | 'bronco' | 'garage' | 'motors' | 'request', string>;

  /** The whole device flow for one file: add, signed URL, PUT, finalize. Returns the form file's and bucket's ids. */
  async function upload(role: Role, formKey: string, file: TestFile): Promise<{ formFileId: string; bucketId: string }> {
    const api = devices[role].client(UploadService);
    const bucketId = newId();
    const add = file.toAdd();
    await api.addFilesToBucket({ bucketId, formKey, files: [add] });
    const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    expect((await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length)).status).toBe(200);
    expect((await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    return { formFileId: add.formFileId, bucketId };
  }

  /** Which of a file's rows a device holds: 'form file', 'bucket', 'stored file'. */
  async function held(role: keyof typeof clients, file: TestFile, rows: { formFileId: string; bucketId: string }): Promise<string[]> {
    const db = clients[role].db;
    const has = async (sql: string, id: string) => (await db.getOptional(sql, [id])) !== null;
    return [
      (await has('select 1 from upload_form_files where id = ?', rows.formFileId)) ? 'form file' : null,
      (await has('select 1 from upload_buckets where id = ?', rows.bucketId)) ? 'bucket' : null,
      (await has('select 1 from bucket_files where filehash = ?', file.combinedHash)) ? 'stored file' : null,
    ].filter((r): r is string => r !== null);
  }
  const ALL = ['form file', 'bucket', 'stored file'];
  const waitHeld = (role: keyof typeof clients, file: TestFile, rows: { formFileId: string; bucketId: string }, expected: string[], what: string) =>
    clients[role].waitFor(async () => JSON.stringify(await held(role, file, rows)) === JSON.stringify(expected), what);

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    Object.assign(ids, await seedAndReplicate(server));
    for (const role of ['admin', 'owner', 'worker', 'colleague', 'buyer'] as const) devices[role] = await TestDevice.create(server);
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.colleague.register('motors-staff@tagbook.test', 'tagbook-motors');
    await devices.buyer.register('buyer@tagbook.test', 'tagbook-buyer');
    ids.colleague = devices.colleague.session!.userId;
    ids.buyer = devices.buyer.session!.userId;
    const one = async (sql: string) => (await server.db.query<{ id: string }>(sql))[0]!.id;
    ids.bronco = await one(`select id from vehicles where name = 'Trail Bronco'`);
    ids.garage = await one(`select id from companies where name = 'Tagbook Garage'`);
    ids.request = await one(`select id from service_requests where description like 'Front brake pads%'`);
    ids.motors = newId();
    await server.db.query(`insert into companies (id, name) values ($1, 'Other Motors')`, [ids.motors]);
    await server.db.query(
      `insert into company_employees (id, user_id, company_id, type, start_date) values ($1, $2, $3, 'worker', now() - interval '1 day')`,
      [newId(), ids.colleague, ids.motors],
    );
    for (const role of ['owner', 'worker', 'colleague', 'buyer'] as const) clients[role] = await openSyncClient({ server }, ids[role]);
  });
  afterAll(async () => {
    for (const client of Object.values(clients)) await client?.close();
    await server?.close();
    await database?.drop();
  });

  it("moves a request's files from the old company's devices to the new company's when an admin moves the request", async () => {
    const file = describeFile(jpegBytes(2000), 'damage.jpg');
    const rows = await upload('worker', `service_request/${ids.request}`, file);
    await waitHeld('worker', file, rows, ALL, "the file reaches its company's staff");
    await waitHeld('owner', file, rows, ALL, "the file reaches the vehicle's owner");
    expect(await held('colleague', file, rows)).toEqual([]);

    await server.db.query('update service_requests set company_id = $2 where id = $1', [ids.request, ids.motors]);
    await waitHeld('colleague', file, rows, ALL, "the file reaches the new company's staff");
    // Its uploader works for the old company: nothing of it stays on their device.
    await waitHeld('worker', file, rows, [], "the file leaves the old company's staff");
    expect(await held('owner', file, rows)).toEqual(ALL);

    await server.db.query('update service_requests set company_id = $2 where id = $1', [ids.request, ids.garage]);
    await waitHeld('worker', file, rows, ALL, 'the file comes back with the request');
    await waitHeld('colleague', file, rows, [], 'and leaves the other company');
    expect(await oplogInconsistencies(server.db)).toEqual([]);
  });

  it("moves a vehicle's photos from the former owner's devices to the new owner's on a sale", async () => {
    const file = describeFile(jpegBytes(3000), 'front.jpg');
    const rows = await upload('owner', `vehicle/${ids.bronco}`, file);
    await waitHeld('owner', file, rows, ALL, 'the photo reaches its uploader, the owner');
    expect(await held('buyer', file, rows)).toEqual([]);

    await devices.admin.client(VehicleService).transferOwnership({ vehicleId: ids.bronco, email: 'buyer@tagbook.test' });
    await waitHeld('buyer', file, rows, ALL, 'the photo reaches the new owner');
    await waitHeld('owner', file, rows, [], 'the photo leaves the former owner, who uploaded it');
    expect(await oplogInconsistencies(server.db)).toEqual([]);
  });
});
