import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { upload, verdict } from '../helpers/upload.js';

const backends = await testBackends();

type Role = 'owner' | 'worker' | 'admin' | 'anonymous';

/**
 * Replacing a vehicle's tag (QrTagService.ReplaceTag, migration 0030): its owner or an admin swaps in a free tag; the
 * old one opens nothing, says it was replaced, and no one can claim it by scanning it; the vehicle's history tells
 * the swap. Refused: anyone else, a tag that is not the vehicle's, a new tag that is not free.
 */
describe.each(backends)('replacing a tag on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  const devices = {} as Record<Role, TestDevice>;
  let ids: Record<'owner' | 'worker' | 'admin', string>;
  let red911: string;
  let supra: string;
  let ownerClient: SyncClient;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const replace = (role: Role, vehicleId: string, oldHash: string, newHash: string) =>
    devices[role].client(QrTagService).replaceTag({ vehicleId, oldHash, newHash });
  const refused = async (call: Promise<unknown>) => {
    const error = await refusal(call);
    return { code: error.code, message: error.rawMessage };
  };
  const resolve = async (hash: string) => (await devices.anonymous.client(QrTagService).resolve({ hash })).status;
  const tag = (id: string) => one<{ target_id: string | null; replaced_by: string | null; replaced: boolean }>(
    'select target_id, replaced_by, replaced_at is not null as replaced from qr_tags where id = $1',
    [id],
  );

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    for (const role of ['owner', 'worker', 'admin', 'anonymous'] as const) devices[role] = await TestDevice.create(server);
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    red911 = (await one<{ id: string }>(`select id from vehicles where name = 'Red 911'`))!.id;
    supra = (await one<{ id: string }>(`select id from vehicles where name = 'Supra Turbo'`))!.id;
    ownerClient = await openSyncClient({ server }, ids.owner);
    await ownerClient.waitFor(async () => (await ownerClient.db.getOptional('select 1 from qr_tags where id = ?', ['DEMOTAG00001'])) !== null, 'the tag');
  });
  afterAll(async () => {
    await ownerClient?.close();
    await server?.close();
    await database?.drop();
  });

  it('is refused to anyone who may not edit the vehicle, and to a visitor', async () => {
    expect(await refused(replace('worker', red911, 'DEMOTAG00001', 'DEMOFREE0001'))).toEqual({ code: Code.NotFound, message: 'Vehicle not found!' });
    expect((await refused(replace('anonymous', red911, 'DEMOTAG00001', 'DEMOFREE0001'))).code).toBe(Code.Unauthenticated);
    expect(await tag('DEMOTAG00001')).toEqual({ target_id: red911, replaced_by: null, replaced: false });
    expect(await tag('DEMOFREE0001')).toEqual({ target_id: null, replaced_by: null, replaced: false });
  });

  it('is refused for a tag that is not the vehicle’s, a new tag that is not free, or no such tag', async () => {
    expect(await refused(replace('owner', red911, 'DEMOTAG00002', 'DEMOFREE0001'))).toMatchObject({ code: Code.FailedPrecondition });
    expect(await refused(replace('owner', red911, 'DEMOTAG00001', 'DEMOTAG00004'))).toEqual({ code: Code.FailedPrecondition, message: 'Tag DEMOTAG00004 is not free' });
    expect((await refused(replace('owner', red911, 'DEMOTAG00001', 'NOSUCHTAG99'))).code).toBe(Code.NotFound);
    expect((await refused(replace('owner', red911, 'DEMOTAG00001', 'demotag00001'))).code).toBe(Code.InvalidArgument);
    expect(await tag('DEMOTAG00001')).toMatchObject({ target_id: red911, replaced: false });
  });

  it('the owner swaps in a free tag typed off its sticker: the new one opens the car, the old one opens nothing', async () => {
    // Typed in lower case with a look-alike (O for 0): the tag that reads so is meant.
    expect(await replace('owner', red911, 'DEMOTAG00001', 'demofreeOOO1')).toEqual(expect.objectContaining({ hash: 'DEMOFREE0001' }));
    expect(await tag('DEMOFREE0001')).toEqual({ target_id: red911, replaced_by: null, replaced: false });
    expect(await tag('DEMOTAG00001')).toEqual({ target_id: null, replaced_by: 'DEMOFREE0001', replaced: true });
    expect(await resolve('DEMOTAG00001')).toBe(TagStatus.REPLACED);
    expect(await resolve('DEMOFREE0001')).toBe(TagStatus.VEHICLE);
    const event = await one<{ kind: string; detail: string; actor_name: string }>(
      `select kind, detail, actor_name from vehicle_events where vehicle_id = $1 and kind = 'tag_replaced'`,
      [red911],
    );
    expect(event).toEqual({ kind: 'tag_replaced', detail: 'DEMOTAG00001 DEMOFREE0001', actor_name: 'Demo Owner' });
    // The owner's devices follow: the old tag leaves, the new one arrives.
    await ownerClient.waitFor(async () => (await ownerClient.db.getOptional('select 1 from qr_tags where id = ?', ['DEMOFREE0001'])) !== null, 'the new tag');
    await ownerClient.waitFor(async () => (await ownerClient.db.getOptional('select 1 from qr_tags where id = ?', ['DEMOTAG00001'])) === null, 'the old tag gone');
  });

  it('the old tag cannot be claimed by anyone scanning it, nor swapped in again', async () => {
    const claim = await upload(devices.worker, { op: 'PATCH', table: 'qr_tags', id: 'DEMOTAG00001', data: { target_id: supra, target_path: '/vehicle' } });
    expect(verdict(claim)).toBe('permission_denied');
    expect(claim.errors[0]!.message).toBe('Tag DEMOTAG00001 was replaced: it opens nothing now');
    expect(await refused(replace('worker', supra, 'DEMOTAG00004', 'DEMOTAG00001'))).toEqual({ code: Code.FailedPrecondition, message: 'Tag DEMOTAG00001 is not free' });
    expect(await tag('DEMOTAG00001')).toMatchObject({ target_id: null, replaced: true });
  });

  it('an admin swaps any vehicle’s tag, and may deliberately give a replaced tag a vehicle again', async () => {
    await replace('admin', supra, 'DEMOTAG00004', 'DEMOFREE0002');
    expect(await tag('DEMOTAG00004')).toEqual({ target_id: null, replaced_by: 'DEMOFREE0002', replaced: true });
    expect(verdict(await upload(devices.admin, { op: 'PATCH', table: 'qr_tags', id: 'DEMOTAG00004', data: { target_id: supra, target_path: '/vehicle' } }))).toBe('ok');
    expect(await tag('DEMOTAG00004')).toEqual({ target_id: supra, replaced_by: null, replaced: false });
    expect(await resolve('DEMOTAG00004')).toBe(TagStatus.VEHICLE);
  });
});
