import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FREE_TAGS, seedDemo } from '../../server/db/seed.js';
import { isTagHash, TAG_BATCH_MAX } from '../../src/domain/ids.js';
import { ErrorCorrection, QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { upload } from '../helpers/upload.js';

const backends = await testBackends();

describe.each(backends)('QR tags: resolve, create and claim on %s', (backend) => {
  let server: TestServer;
  let anonymous: TestDevice;
  let owner: TestDevice;
  let worker: TestDevice;
  let admin: TestDevice;
  let vehicle: { red911: string; camper: string; supra: string };

  const idOf = async (name: string) =>
    (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]!.id;

  /** A tag claim as the app sends it: the whole row, one entry in its own transaction. */
  function claim(device: TestDevice, hash: string, vehicleId: string) {
    return upload(device, { table: 'qr_tags', id: hash, op: 'PUT', data: { target_id: vehicleId, target_path: '/vehicle' } });
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    [anonymous, owner, worker, admin] = await Promise.all([TestDevice.create(server), TestDevice.create(server), TestDevice.create(server), TestDevice.create(server)]);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await admin.signIn('admin@tagbook.test', 'tagbook-admin');
    vehicle = { red911: await idOf('Red 911'), camper: await idOf('Camper van'), supra: await idOf('Supra Turbo') };
  });
  afterAll(async () => server?.stop());

  describe('Resolve reveals only what the caller may know', () => {
    it('a public vehicle: its id, to anyone', async () => {
      for (const device of [anonymous, owner, worker, admin]) {
        expect(await device.client(QrTagService).resolve({ hash: 'DEMOTAG00001' })).toMatchObject({
          status: TagStatus.VEHICLE,
          vehicleId: vehicle.red911,
          targetPath: '/vehicle',
        });
      }
    });

    it('a private vehicle: its id to the owner and admins, and to everyone else only that it is private', async () => {
      for (const device of [owner, admin]) {
        expect(await device.client(QrTagService).resolve({ hash: 'DEMOTAG00003' })).toMatchObject({ status: TagStatus.VEHICLE, vehicleId: vehicle.camper });
      }
      for (const device of [anonymous, worker]) {
        const res = await device.client(QrTagService).resolve({ hash: 'DEMOTAG00003' });
        expect(res.status).toBe(TagStatus.PRIVATE_VEHICLE);
        expect(res.vehicleId).toBe('');
        expect(res.targetPath).toBe('');
        expect(JSON.stringify(res)).not.toContain(vehicle.camper);
      }
    });

    it('an unclaimed tag, and a tag that does not exist', async () => {
      expect((await anonymous.client(QrTagService).resolve({ hash: DEMO_FREE_TAGS[3]! })).status).toBe(TagStatus.UNCLAIMED);
      expect((await anonymous.client(QrTagService).resolve({ hash: 'NOSUCHTAG123' })).status).toBe(TagStatus.NOT_FOUND);
    });

    it('a code typed off a sticker: found whatever its case and its look-alikes, with the tag\'s own code; never a guess', async () => {
      const resolve = (hash: string) => anonymous.client(QrTagService).resolve({ hash });
      await server.db.query(`insert into qr_tags (id) values ('VFd4YALlTyYd'), ('o1mUkeeeRbTS'), ('AMBIG0US0001'), ('AMBIGOUSO001')`);
      // Exactly as stored, in lower case, and with 1 for l and 0 for O.
      for (const typed of ['VFd4YALlTyYd', 'vfd4yallTyYd', 'VFD4YA11TYYD']) {
        expect(await resolve(typed), typed).toMatchObject({ status: TagStatus.UNCLAIMED, hash: 'VFd4YALlTyYd' });
      }
      expect(await resolve('01MUKEEERBTS')).toMatchObject({ status: TagStatus.UNCLAIMED, hash: 'o1mUkeeeRbTS' });
      // A vehicle's tag typed in lower case opens the vehicle.
      expect(await resolve('demotag00001')).toMatchObject({ status: TagStatus.VEHICLE, hash: 'DEMOTAG00001' });
      // Two tags that read the same: an exact code still finds its own, a read-alike finds neither.
      expect(await resolve('AMBIGOUSO001')).toMatchObject({ status: TagStatus.UNCLAIMED, hash: 'AMBIGOUSO001' });
      expect((await resolve('ambig0us0001')).status).toBe(TagStatus.NOT_FOUND);
    });

    it('refuses a hash that is not 8 to 16 letters or digits', async () => {
      for (const hash of ['', 'short', 'has-dash00', 'A'.repeat(17)]) {
        await expect(anonymous.client(QrTagService).resolve({ hash })).rejects.toMatchObject({ code: Code.InvalidArgument });
      }
    });
  });

  describe('creating tags is for admins', () => {
    it('GetRandom: a fresh hash for admins, refused to others', async () => {
      const { hash } = await admin.client(QrTagService).getRandom({ domain: '', errorCorrection: ErrorCorrection.MEDIUM });
      expect(isTagHash(hash) && hash.length).toBe(12);
      const quartile = await admin.client(QrTagService).getRandom({ errorCorrection: ErrorCorrection.QUARTILE });
      expect(quartile.hash).toHaveLength(8);
      await expect(owner.client(QrTagService).getRandom({})).rejects.toMatchObject({ code: Code.PermissionDenied });
      await expect(anonymous.client(QrTagService).getRandom({})).rejects.toMatchObject({ code: Code.Unauthenticated });
    });

    it('CreateTags: a batch of unclaimed tags, or given hashes, and never one that exists', async () => {
      const batch = await admin.client(QrTagService).createTags({ count: 5 });
      expect(batch.hashes).toHaveLength(5);
      expect(new Set(batch.hashes).size).toBe(5);
      const rows = await server.db.query<{ target_id: string | null }>(
        `select target_id from qr_tags where id in (${batch.hashes.map((_, i) => `$${i + 1}`).join(', ')})`,
        batch.hashes,
      );
      expect(rows.map((r) => r.target_id)).toEqual([null, null, null, null, null]);

      expect((await admin.client(QrTagService).createTags({ hashes: ['PRINTED00001'] })).hashes).toEqual(['PRINTED00001']);
      await expect(admin.client(QrTagService).createTags({ hashes: ['PRINTED00002', 'DEMOTAG00001'] })).rejects.toMatchObject({
        code: Code.AlreadyExists,
        rawMessage: 'QR code already exists',
      });
      // All or nothing: the new hash listed beside the existing one was not created.
      expect(await server.db.query(`select 1 from qr_tags where id = 'PRINTED00002'`)).toEqual([]);
    });

    it('CreateTags: bounded, well-formed, and refused to non-admins', async () => {
      for (const req of [{ count: 0 }, { count: TAG_BATCH_MAX + 1 }, { hashes: ['bad'] }, { hashes: ['TWICE0000001', 'TWICE0000001'] }]) {
        await expect(admin.client(QrTagService).createTags(req)).rejects.toMatchObject({ code: Code.InvalidArgument });
      }
      await expect(owner.client(QrTagService).createTags({ count: 1 })).rejects.toMatchObject({ code: Code.PermissionDenied });
      await expect(anonymous.client(QrTagService).createTags({ count: 1 })).rejects.toMatchObject({ code: Code.Unauthenticated });
    });
  });

  it('two people claiming one tag at the same instant: exactly one owner, 50 rounds out of 50', async () => {
    const { hashes } = await admin.client(QrTagService).createTags({ count: 50 });
    for (const hash of hashes) {
      const [mine, theirs] = await Promise.all([claim(owner, hash, vehicle.red911), claim(worker, hash, vehicle.supra)]);
      const winners = [mine, theirs].filter((res) => res.errors.length === 0);
      expect(winners).toHaveLength(1);
      const loser = winners[0] === mine ? theirs : mine;
      expect(loser.errors.map((e) => e.message)).toEqual([`Tag ${hash} was claimed by someone else first`]);
      const [row] = await server.db.query<{ target_id: string }>('select target_id from qr_tags where id = $1', [hash]);
      expect(row!.target_id).toBe(winners[0] === mine ? vehicle.red911 : vehicle.supra);
    }
  });
});
