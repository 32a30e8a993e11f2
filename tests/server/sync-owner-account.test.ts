import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppSchema } from '../../src/data/schema.js';
import { newId } from '../../src/domain/ids.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { buildCompanyFixture, type CompanyFixture } from '../helpers/company-fixture.js';
import { testBackends } from '../helpers/databases.js';
import { describeFile, jpegBytes, putRange } from '../helpers/files.js';
import { openSyncClient, openSyncTestDatabase, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';

const backends = await testBackends();

/**
 * The rule that a company's employees never get the owner's account holds for the owner's bare id too: who opened
 * or last changed a request, and who added a file to it, reach the company's devices only when that person is on
 * the company's staff (a link with it, which those devices hold already); the owner's own devices keep every id.
 * The official Node client is each device.
 */
describe.each(backends)("the owner's id on a company's devices, on %s", (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let world: CompanyFixture;
  const devices = {} as Record<'current' | 'owner', SyncClient>;
  const ids = { staffRequest: newId() };
  const staffFile = describeFile(jpegBytes(1_500), 'staff-photo.jpg');

  const request = (who: keyof typeof devices, id: string) =>
    devices[who].db.getOptional<{ user_id: string | null; updated_by: string | null; description: string }>(
      'select user_id, updated_by, description from service_requests where id = ?',
      [id],
    );
  const fileAdder = async (who: keyof typeof devices, hash: string) =>
    (await devices[who].db.getOptional<{ user_id: string | null }>('select user_id from upload_form_files where file_hash = ?', [hash]))?.user_id;
  const bucketOwners = async (who: keyof typeof devices) =>
    (await devices[who].db.getAll<{ user_id: string | null }>('select user_id from upload_buckets order by id')).map((b) => b.user_id);

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    world = await buildCompanyFixture(server);
    // The owner changes their request (updated_by is the owner's); the employee opens one and attaches a photo to it.
    expect(await world.upload('owner', 'PATCH', 'service_requests', world.ids.request, { description: 'Sliding door sticks, and rattles' })).toBe('ok');
    expect(
      await world.upload('current', 'PUT', 'service_requests', ids.staffRequest, {
        vehicle_id: world.ids.vehicle, company_id: world.ids.company, description: 'Found a worn roller', vehicle_service_status_id: 1,
      }),
    ).toBe('ok');
    const uploads = world.devices.current.client(UploadService);
    const bucketId = newId();
    await uploads.addFilesToBucket({ bucketId, formKey: `service_request/${ids.staffRequest}`, files: [staffFile.toAdd()] });
    const { uploadUrl } = await uploads.getUploadSignedUrl({ bucketId, combinedHash: staffFile.combinedHash, metadataHash: staffFile.metadataHash });
    expect((await putRange(server.url, uploadUrl, staffFile.bytes, 0, staffFile.bytes.length)).status).toBe(200);
    expect((await uploads.finalizeUpload({ combinedHash: staffFile.combinedHash, metadataHash: staffFile.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    await server.sync.replicator.idle();
    devices.current = await openSyncClient({ server }, world.ids.current);
    devices.owner = await openSyncClient({ server }, world.ids.owner);
    for (const who of ['current', 'owner'] as const) {
      await devices[who].waitFor(
        async () => (await request(who, world.ids.request))?.description === 'Sliding door sticks, and rattles' && (await fileAdder(who, staffFile.combinedHash)) !== undefined,
        `both requests and both files on the ${who}'s device`,
      );
    }
  });
  afterAll(async () => {
    for (const device of Object.values(devices)) await device?.close();
    await server?.close();
    await database?.drop();
  });

  it("an employee's device holds no id of the owner's, on any table; a colleague's id it keeps", async () => {
    expect(await request('current', world.ids.request)).toMatchObject({ user_id: null, updated_by: null });
    expect(await request('current', ids.staffRequest)).toMatchObject({ user_id: world.ids.current });
    expect(await fileAdder('current', world.photo.combinedHash)).toBeNull();
    expect(await fileAdder('current', staffFile.combinedHash)).toBe(world.ids.current);
    expect((await bucketOwners('current')).sort()).toEqual([null, null]);
    for (const table of AppSchema.tables) {
      const rows = await devices.current.db.getAll(`select * from ${table.name}`);
      expect(JSON.stringify(rows), table.name).not.toContain(world.ids.owner);
    }
  });

  it("the owner's device keeps every id: theirs and the employee's", async () => {
    expect(await request('owner', world.ids.request)).toMatchObject({ user_id: world.ids.owner, updated_by: world.ids.owner });
    expect(await request('owner', ids.staffRequest)).toMatchObject({ user_id: world.ids.current, updated_by: world.ids.current });
    expect(await fileAdder('owner', world.photo.combinedHash)).toBe(world.ids.owner);
    expect(await fileAdder('owner', staffFile.combinedHash)).toBe(world.ids.current);
    expect((await bucketOwners('owner')).sort()).toEqual([world.ids.current, world.ids.owner].sort());
  });
});
