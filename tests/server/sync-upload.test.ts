import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settled } from '../../src/data/transactionUpload.js';
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
import { queueUploader, sendFrom } from '../helpers/upload.js';

const backends = await testBackends();

/**
 * The whole write path as a device runs it: a local write, uploadData over SyncService.UploadData (signed session),
 * complete(), the SDK's write checkpoint, and the acknowledging checkpoint that lets the device apply server data
 * again. What the SDK does after an upload is where a custom backend most easily freezes its clients.
 */
describe.each(backends)('uploads from the official client, acknowledged by write checkpoints, on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let device: TestDevice;
  let client: SyncClient;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  const settled: Settled[] = [];
  /** Everything the server refused of what the client sent, in order. */
  const refusals = () => settled.flatMap((s) => s.errors);
  const name = async (id: string) => (await client.db.get<{ name: string }>('select name from vehicles where id = ?', [id])).name;
  const queued = async () => (await client.db.get<{ n: number }>('select count(*) as n from ps_crud')).n;

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    device = await TestDevice.create(server);
    await device.signIn('owner@tagbook.test', 'tagbook-demo');
    client = await openSyncClient({ server }, ids.owner, { uploadData: queueUploader(sendFrom(device), settled) });
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await database?.drop();
  });

  it('keeps a local change while it uploads, confirms it, and then keeps receiving server changes', async () => {
    const [red] = await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`);
    await client.db.execute('update vehicles set name = ? where id = ?', ['Edited on the device', red!.id]);
    expect(await name(red!.id)).toBe('Edited on the device');
    await client.waitFor(async () => (await queued()) === 0, 'the upload');
    const [stored] = await server.db.query<{ name: string }>('select name from vehicles where id = $1', [red!.id]);
    expect(stored!.name).toBe('Edited on the device');
    expect(await name(red!.id)).toBe('Edited on the device');
    // Were the acknowledgement missing, the client would hold every later checkpoint back forever.
    await server.db.query(`update vehicles set description = 'Changed on the server after the upload' where id = $1`, [red!.id]);
    await client.waitFor(
      async () => (await client.db.get<{ d: string }>('select description as d from vehicles where id = ?', [red!.id])).d ===
        'Changed on the server after the upload',
      'a server change after the upload',
    );
    expect(refusals()).toEqual([]);
    const clientId = await client.db.getClientId();
    const checkpoints = await server.db.query('select checkpoint from sync_write_checkpoints where user_id = $1 and client_id = $2', [
      ids.owner,
      clientId,
    ]);
    expect(checkpoints).toHaveLength(1);
  });

  it('puts the server\'s truth back on the device when an upload is refused', async () => {
    const [supra] = await server.db.query<{ id: string }>(`select id from vehicles where name = 'Supra Turbo'`);
    await client.db.execute('update vehicles set name = ? where id = ?', ['Not yours', supra!.id]);
    expect(await name(supra!.id)).toBe('Not yours');
    await client.waitFor(async () => (await queued()) === 0, 'the refused upload to leave the queue');
    await client.waitFor(async () => (await name(supra!.id)) === 'Supra Turbo', 'the server\'s name to come back');
    expect(refusals()).toHaveLength(1);
    const [stored] = await server.db.query<{ name: string }>('select name from vehicles where id = $1', [supra!.id]);
    expect(stored!.name).toBe('Supra Turbo');
  });
});
