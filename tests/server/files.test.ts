import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { FILE_MAX_BYTES } from '../../src/domain/files.js';
import { newId } from '../../src/domain/ids.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { sweepUnreferencedFiles } from '../../server/files/files.js';
import { PARTIAL_LIMITS } from '../../server/files/partials.js';
import { PROFILE_CONTENTS_MAX } from '../../server/vehicles/contents-service.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { App, VehicleContentKind, VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { describeFile, jpegBytes, pdfBytes, putRange, servedAs, type TestFile } from '../helpers/files.js';
import { sweepFiles } from '../../server/files/sweep.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { refusalCodes, upload, verdict } from '../helpers/upload.js';

const backends = await testBackends();

type Role = 'owner' | 'other' | 'admin' | 'employee' | 'anonymous';
const ROLES: Role[] = ['owner', 'other', 'admin', 'employee', 'anonymous'];

/** The Connect code name of a failed call ('ok' when it succeeded). */
async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (err) {
    if (err instanceof ConnectError) return Code[err.code]!.replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase());
    throw err;
  }
}

/**
 * The Upload service against the real server, on the embedded database and PostgreSQL, with blobs on local disk:
 * every RPC per role, the resumable byte protocol, and bad input — wrong hash, oversize, wrong type,
 * expired or altered URLs, a locked bucket — each leaving nothing half-written or downloadable behind.
 */
describe.each(backends)('Upload service on %s (local disk)', (backend) => {
  let server: TestServer;
  const devices = {} as Record<Role, TestDevice>;
  let bronco: string;
  let privateNote: string;
  let request: string;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const uploads = (role: Role) => devices[role].client(UploadService);

  /** The whole device flow for one file: add, signed URL, PUT, finalize. */
  async function uploadWhole(role: Role, formKey: string, file: TestFile, bucketId = newId()) {
    const api = uploads(role);
    const added = await api.addFilesToBucket({ bucketId, formKey, files: [file.toAdd()] });
    if (added.files[0]!.needsUpload) {
      const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
      expect((await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length)).status).toBe(200);
      expect((await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    }
    return { bucketId, fileId: added.files[0]!.fileId };
  }

  async function downloadAs(role: Role, file: TestFile): Promise<string> {
    try {
      const { downloadUrl } = await uploads(role).getDownloadSignedUrl({ combinedHash: file.combinedHash });
      const res = await fetch(new URL(downloadUrl, server.url));
      if (res.status !== 200) return `http ${res.status}`;
      return Buffer.from(await res.arrayBuffer()).equals(file.bytes) ? 'ok' : 'wrong bytes';
    } catch (err) {
      return codeOf(Promise.reject(err));
    }
  }

  /** The photos the vehicle's public profile lists to `role` (ListVehicleContents), or the refusal's code. */
  async function profilePhotos(role: Role): Promise<string> {
    try {
      const { contents } = await devices[role].client(VehicleContentsService).listVehicleContents({ vehicleId: bronco, app: App.PROFILE });
      return contents.filter((c) => c.kind === VehicleContentKind.IMAGE).map((c) => c.fileName).join(', ');
    } catch (err) {
      return codeOf(Promise.reject(err));
    }
  }

  const blobsOnDisk = () => {
    try {
      return readdirSync(join(server.dataDir, 'files', 'blobs'), { recursive: true }).filter((f) => String(f).length === 67).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    for (const role of ROLES) devices[role] = await TestDevice.create(server);
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.employee.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.other.register('files-other@tagbook.test', 'tagbook-other');
    bronco = (await one<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`))!.id;
    privateNote = (await one<{ id: string }>('select id from vehicle_notes where vehicle_id = $1 and not is_public limit 1', [bronco]))?.id ?? newId();
    if ((await one('select 1 as x from vehicle_notes where id = $1', [privateNote])) === undefined) {
      const owner = (await one<{ user_id: string }>('select user_id from vehicles where id = $1', [bronco]))!.user_id;
      await server.db.query(`insert into vehicle_notes (id, vehicle_id, user_id, body, is_public) values ($1, $2, $3, 'private', false)`, [privateNote, bronco, owner]);
    }
    request = (await one<{ id: string }>('select id from service_requests where vehicle_id = $1 and company_id is not null and deleted_at is null limit 1', [bronco]))!.id;
  });
  afterAll(async () => server?.stop());

  it('attaching: photos of a vehicle by its owner and admins; request files also by the company staff; nobody else', async () => {
    const expected: Record<string, Record<Role, string>> = {
      [`vehicle/${bronco}`]: { owner: 'ok', admin: 'ok', other: 'not_found', employee: 'not_found', anonymous: 'unauthenticated' },
      [`note/${privateNote}`]: { owner: 'ok', admin: 'ok', other: 'not_found', employee: 'not_found', anonymous: 'unauthenticated' },
      [`service_request/${request}`]: { owner: 'ok', admin: 'ok', other: 'not_found', employee: 'ok', anonymous: 'unauthenticated' },
    };
    for (const [formKey, byRole] of Object.entries(expected)) {
      for (const role of ROLES) {
        const bucketId = newId();
        const result = await codeOf(uploads(role).addFilesToBucket({ bucketId, formKey, files: [describeFile(jpegBytes(100)).toAdd()] }));
        expect(`${formKey} ${role}: ${result}`).toBe(`${formKey} ${role}: ${byRole[role]}`);
        const stored = await one('select 1 as x from upload_buckets where id = $1', [bucketId]);
        expect(stored !== undefined, `${formKey} ${role}`).toBe(result === 'ok');
      }
    }
    // Someone else's bucket is not there for anyone but its owner (and admins).
    const bucketId = newId();
    await uploads('owner').addFilesToBucket({ bucketId, formKey: `vehicle/${bronco}`, files: [describeFile(jpegBytes(50)).toAdd()] });
    for (const role of ['other', 'employee'] as const) {
      expect(await codeOf(uploads(role).checkFile({ bucketId, combinedHash: describeFile(jpegBytes(5)).combinedHash, metadataHash: '' }))).toBe('not_found');
    }
    expect(await codeOf(uploads('admin').checkFile({ bucketId, combinedHash: describeFile(jpegBytes(5)).combinedHash, metadataHash: '' }))).toBe('ok');
  });

  it('uploads resume at the byte they stopped at, are verified on finalize, lock their bucket and download for those who may see them', async () => {
    const file = describeFile(jpegBytes(300_000), 'trail.jpg');
    const api = uploads('owner');
    const bucketId = newId();
    const added = await api.addFilesToBucket({ bucketId, formKey: `note/${privateNote}`, files: [file.toAdd()] });
    expect(added.files[0]).toMatchObject({ needsUpload: true, state: FileState.PENDING_UPLOAD });
    expect(await api.checkFile({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash })).toMatchObject({ exists: true, inBucket: true, state: FileState.PENDING_UPLOAD, bucketLocked: false });
    const { uploadUrl, uploadUrlExpire } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    expect(Number(uploadUrlExpire)).toBeGreaterThan(Date.now());
    const target = new URL(uploadUrl, server.url);

    expect((await putRange(server.url, uploadUrl, file.bytes, 0, 100_000)).headers.get('upload-offset')).toBe('100000');
    // Not complete: finalize refuses and nothing is downloadable.
    expect(await codeOf(api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash }))).toBe('not_found');
    expect(await downloadAs('owner', file)).toBe('not_found');
    // A range that does not start at the held offset is refused and says where to continue.
    const gap = await putRange(server.url, uploadUrl, file.bytes, 150_000, 200_000);
    expect([gap.status, gap.headers.get('upload-offset')]).toEqual([409, '100000']);
    const head = await fetch(target, { method: 'HEAD' });
    expect([head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual(['100000', '300000']);
    expect((await putRange(server.url, uploadUrl, file.bytes, 100_000, 300_000)).headers.get('upload-offset')).toBe('300000');

    expect((await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    // Idempotent, and the bucket locked itself: no more files, and its files need no URL any more.
    expect((await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    expect((await one<{ locked: number }>('select locked from upload_buckets where id = $1', [bucketId]))!.locked).toBe(1);
    expect(await codeOf(api.addFilesToBucket({ bucketId, files: [describeFile(jpegBytes(10)).toAdd()] }))).toBe('failed_precondition');
    expect(await codeOf(api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash }))).toBe('already_exists');
    await expect(server.db.query('update upload_buckets set locked = 0 where id = $1', [bucketId])).rejects.toThrow(/cannot be unlocked/);
    // Adding the same file again (a retried request) answers it again.
    const again = await api.addFilesToBucket({ bucketId, files: [file.toAdd(added.files[0]!.fileId === '' ? newId() : (await one<{ id: string }>('select id from upload_form_files where upload_form_id = $1', [bucketId]))!.id)] });
    expect(again.files[0]).toMatchObject({ needsUpload: false, state: FileState.DOWNLOADED_OK });

    // A private note's files: its vehicle's owner and admins only.
    const expected: Record<Role, string> = { owner: 'ok', admin: 'ok', other: 'not_found', employee: 'not_found', anonymous: 'not_found' };
    for (const role of ROLES) expect(`${role}: ${await downloadAs(role, file)}`).toBe(`${role}: ${expected[role]}`);
  });

  it('files of a service request reach its company staff; photos of a public vehicle reach everyone', async () => {
    const requestFile = describeFile(jpegBytes(2000), 'damage.jpg');
    await uploadWhole('employee', `service_request/${request}`, requestFile);
    const requestExpected: Record<Role, string> = { owner: 'ok', admin: 'ok', employee: 'ok', other: 'not_found', anonymous: 'not_found' };
    for (const role of ROLES) expect(`${role}: ${await downloadAs(role, requestFile)}`).toBe(`${role}: ${requestExpected[role]}`);

    const photo = describeFile(jpegBytes(3000), 'front.jpg');
    // Added but not yet uploaded: not on the profile (nothing there to download).
    const pending = describeFile(jpegBytes(3100), 'pending.jpg');
    await uploads('owner').addFilesToBucket({ bucketId: newId(), formKey: `vehicle/${bronco}`, files: [pending.toAdd()] });
    await uploadWhole('owner', `vehicle/${bronco}`, photo);
    for (const role of ROLES) expect(`${role}: ${await downloadAs(role, photo)}`).toBe(`${role}: ok`);
    for (const role of ROLES) expect(`${role}: ${await profilePhotos(role)}`).toBe(`${role}: front.jpg`);
    await server.db.query('update vehicles set is_public = false where id = $1', [bronco]);
    try {
      const privateExpected: Record<Role, string> = { owner: 'ok', admin: 'ok', employee: 'ok', other: 'not_found', anonymous: 'not_found' };
      for (const role of ROLES) expect(`${role}: ${await downloadAs(role, photo)}`).toBe(`${role}: ${privateExpected[role]}`);
      const listedPrivately: Record<Role, string> = { owner: 'front.jpg', admin: 'front.jpg', employee: 'front.jpg', other: 'not_found', anonymous: 'not_found' };
      for (const role of ROLES) expect(`${role}: ${await profilePhotos(role)}`).toBe(`${role}: ${listedPrivately[role]}`);
    } finally {
      await server.db.query('update vehicles set is_public = true where id = $1', [bronco]);
    }
  });

  it("a note's files are as visible as the note: everyone's while it is public, the owner's and admins' once private or deleted", async () => {
    const owner = (await one<{ user_id: string }>('select user_id from vehicles where id = $1', [bronco]))!.user_id;
    const publicNote = newId();
    await server.db.query(`insert into vehicle_notes (id, vehicle_id, user_id, body, is_public) values ($1, $2, $3, 'shared', true)`, [publicNote, bronco, owner]);
    const file = describeFile(jpegBytes(2500), 'shared.jpg');
    await uploadWhole('owner', `note/${publicNote}`, file);
    const everyone: Record<Role, string> = { owner: 'ok', admin: 'ok', employee: 'ok', other: 'ok', anonymous: 'ok' };
    const ownerAndAdmins: Record<Role, string> = { owner: 'ok', admin: 'ok', employee: 'not_found', other: 'not_found', anonymous: 'not_found' };
    const check = async (stage: string, expected: Record<Role, string>) => {
      for (const role of ROLES) expect(`${stage} ${role}: ${await downloadAs(role, file)}`).toBe(`${stage} ${role}: ${expected[role]}`);
    };
    await check('public', everyone);
    await server.db.query('update vehicle_notes set is_public = false where id = $1', [publicNote]);
    await check('made private', ownerAndAdmins);
    await server.db.query('update vehicle_notes set is_public = true, deleted_at = now() where id = $1', [publicNote]);
    await check('deleted', ownerAndAdmins);
  });

  it('serves a photo inline and a PDF as an attachment, under their verified types, never sniffed nor run', async () => {
    const served = async (file: TestFile) => {
      // On the private note: nothing the profile lists changes.
      await uploadWhole('owner', `note/${privateNote}`, file);
      const { downloadUrl } = await uploads('owner').getDownloadSignedUrl({ combinedHash: file.combinedHash });
      const res = await fetch(new URL(downloadUrl, server.url));
      expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      return servedAs(res);
    };
    // The same as an S3 store is told to answer with (files-s3.test.ts).
    expect(await served(describeFile(pdfBytes(800), 'Service manual.pdf', 'application/pdf'))).toEqual({
      type: 'application/pdf',
      disposition: "attachment; filename*=UTF-8''Service%20manual.pdf",
      cache: 'private, max-age=3600, immutable',
    });
    expect(await served(describeFile(jpegBytes(800), 'front view.jpg'))).toEqual({
      type: 'image/jpeg',
      disposition: "inline; filename*=UTF-8''front%20view.jpg",
      cache: 'private, max-age=3600, immutable',
    });
  });

  it('the profile lists at most 100 items in all, notes first, and of the files only the images', async () => {
    const pdf = describeFile(pdfBytes(609), 'manual.pdf', 'application/pdf');
    await uploadWhole('owner', `vehicle/${bronco}`, pdf);
    await uploadWhole('owner', `vehicle/${bronco}`, describeFile(jpegBytes(3300), 'second.jpg'));
    const listed = async () => (await devices.anonymous.client(VehicleContentsService).listVehicleContents({ vehicleId: bronco, app: App.PROFILE })).contents;
    expect((await listed()).filter((c) => c.kind === VehicleContentKind.IMAGE).map((c) => c.fileName)).toEqual(['front.jpg', 'second.jpg']);

    const owner = (await one<{ user_id: string }>('select user_id from vehicles where id = $1', [bronco]))!.user_id;
    const publicNotes = (await one<{ n: number }>('select count(*)::int as n from vehicle_notes where vehicle_id = $1 and is_public and deleted_at is null', [bronco]))!.n;
    const added = PROFILE_CONTENTS_MAX - 1 - publicNotes;
    await server.db.query(
      `insert into vehicle_notes (id, vehicle_id, user_id, body, is_public)
       select 'bound-note-' || n, $1, $2, 'Note ' || n, true from generate_series(1, ${added}) n`,
      [bronco, owner],
    );
    try {
      const contents = await listed();
      expect(contents).toHaveLength(PROFILE_CONTENTS_MAX);
      expect(contents.filter((c) => c.kind === VehicleContentKind.TEXT)).toHaveLength(PROFILE_CONTENTS_MAX - 1);
      expect(contents.filter((c) => c.kind === VehicleContentKind.IMAGE).map((c) => c.fileName)).toEqual(['front.jpg']);
    } finally {
      await server.db.query(`delete from vehicle_notes where id like 'bound-note-%'`);
    }
  });

  it('equal bytes are stored once; knowing the digests is not enough to get a file without sending its bytes', async () => {
    const bytes = jpegBytes(5000);
    const mine = describeFile(bytes, 'same.jpg');
    await uploadWhole('owner', `vehicle/${bronco}`, mine);
    const before = blobsOnDisk();
    // The admin attaches the very same file (same digests): they must still send the bytes once.
    const bucketId = newId();
    const added = await uploads('admin').addFilesToBucket({ bucketId, formKey: `vehicle/${bronco}`, files: [mine.toAdd()] });
    expect(added.files[0]!.needsUpload).toBe(true);
    // Until the admin sends them, their copy is not on the profile: the owner's alone is.
    const listed = (await devices.anonymous.client(VehicleContentsService).listVehicleContents({ vehicleId: bronco, app: App.PROFILE })).contents;
    expect(listed.filter((c) => c.fileName === 'same.jpg')).toHaveLength(1);
    await uploadWhole('admin', `vehicle/${bronco}`, describeFile(bytes, 'renamed.jpg'));
    expect(blobsOnDisk()).toBe(before);
    // The other user names the digests of the owner's photo on a vehicle of their own: nothing to download.
    const theirs = newId();
    const otherId = devices.other.session!.userId;
    await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Mine', $2, false)`, [theirs, otherId]);
    const privateFile = describeFile(jpegBytes(700), 'secret.jpg');
    await uploadWhole('owner', `note/${privateNote}`, privateFile);
    await uploads('other').addFilesToBucket({ bucketId: newId(), formKey: `vehicle/${theirs}`, files: [privateFile.toAdd()] });
    expect(await downloadAs('other', privateFile)).toBe('not_found');
  });

  it('bad input: empty bucket id, wrong type, oversize, wrong hash, bytes of another type, expired or altered URLs', async () => {
    const api = uploads('owner');
    const formKey = `vehicle/${bronco}`;
    const file = describeFile(jpegBytes(1000));
    const empty = await api.addFilesToBucket({ bucketId: '', formKey, files: [file.toAdd()] }).catch((e: ConnectError) => e);
    expect([(empty as ConnectError).code, (empty as ConnectError).rawMessage]).toEqual([Code.InvalidArgument, 'Empty bucketId']);
    expect(await codeOf(api.checkFile({ bucketId: newId(), combinedHash: file.combinedHash, metadataHash: '' }))).toBe('not_found');
    expect(await codeOf(api.addFilesToBucket({ bucketId: newId(), formKey, files: [describeFile(Buffer.from('<script>'), 'x.html', 'text/html').toAdd()] }))).toBe('invalid_argument');
    expect(await codeOf(api.addFilesToBucket({ bucketId: newId(), formKey, files: [describeFile(jpegBytes(10), 'big.jpg', 'image/jpeg', 1, FILE_MAX_BYTES + 1).toAdd()] }))).toBe('invalid_argument');
    expect(await codeOf(api.addFilesToBucket({ bucketId: newId(), formKey, files: [{ ...file.toAdd(), combinedHash: 'f'.repeat(32) }] }))).toBe('invalid_argument');
    expect(await codeOf(api.addFilesToBucket({ bucketId: newId(), formKey, files: [{ ...file.toAdd(), filename: '../../etc/passwd' }] }))).toBe('invalid_argument');
    expect(await codeOf(api.addFilesToBucket({ bucketId: newId(), formKey: 'vehicle/nope', files: [file.toAdd()] }))).toBe('invalid_argument');

    // Wrong hash: the bytes sent are not the ones described. Refused on finalize, discarded, never downloadable.
    const described = describeFile(jpegBytes(4000));
    const bucketId = newId();
    await api.addFilesToBucket({ bucketId, formKey, files: [described.toAdd()] });
    const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: described.combinedHash, metadataHash: described.metadataHash });
    expect((await putRange(server.url, uploadUrl, jpegBytes(4000), 0, 4000)).status).toBe(200);
    expect(await codeOf(api.finalizeUpload({ combinedHash: described.combinedHash, metadataHash: described.metadataHash }))).toBe('invalid_argument');
    expect((await fetch(new URL(uploadUrl, server.url), { method: 'HEAD' })).headers.get('upload-offset')).toBe('0');
    expect(await downloadAs('owner', described)).toBe('not_found');
    // More bytes than declared: refused at the door.
    expect((await putRange(server.url, uploadUrl, jpegBytes(5000), 0, 5000)).status).toBe(413);
    const raw = await fetch(new URL(uploadUrl, server.url), { method: 'PUT', body: new Uint8Array(jpegBytes(4001)) });
    expect(raw.status).toBe(413);
    // The right bytes still go through afterwards.
    expect((await putRange(server.url, uploadUrl, described.bytes, 0, 4000)).status).toBe(200);
    expect((await api.finalizeUpload({ combinedHash: described.combinedHash, metadataHash: described.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);

    // Declared a JPEG, but the bytes are a web page: refused on finalize.
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = describeFile(page, 'cat.jpg', 'image/jpeg');
    const b2 = newId();
    await api.addFilesToBucket({ bucketId: b2, formKey, files: [disguised.toAdd()] });
    const u2 = (await api.getUploadSignedUrl({ bucketId: b2, combinedHash: disguised.combinedHash, metadataHash: disguised.metadataHash })).uploadUrl;
    await putRange(server.url, u2, page, 0, page.length);
    expect(await codeOf(api.finalizeUpload({ combinedHash: disguised.combinedHash, metadataHash: disguised.metadataHash }))).toBe('invalid_argument');

    // URLs: altered, for another file, or expired are refused before anything is written.
    const other = describeFile(jpegBytes(500));
    const b3 = newId();
    await api.addFilesToBucket({ bucketId: b3, formKey, files: [other.toAdd()] });
    const u3 = new URL((await api.getUploadSignedUrl({ bucketId: b3, combinedHash: other.combinedHash, metadataHash: other.metadataHash })).uploadUrl, server.url);
    const tampered = new URL(u3);
    tampered.searchParams.set('e', String(Number(u3.searchParams.get('e')) + 3_600_000));
    const forOther = new URL(u2, server.url);
    forOther.pathname = u3.pathname;
    const asSomeoneElse = new URL(u3);
    asSomeoneElse.searchParams.set('u', devices.other.session!.userId);
    for (const url of [tampered, forOther, asSomeoneElse]) {
      expect((await fetch(url, { method: 'PUT', body: new Uint8Array(other.bytes) })).status, url.search).toBe(403);
    }
    const realNow = server.files.now;
    const { downloadUrl } = await api.getDownloadSignedUrl({ combinedHash: described.combinedHash });
    expect((await fetch(new URL(downloadUrl, server.url))).status).toBe(200);
    server.files.now = () => realNow() + 2 * 3_600_000;
    try {
      expect((await fetch(u3, { method: 'PUT', body: new Uint8Array(other.bytes) })).status).toBe(403);
      expect((await fetch(new URL(downloadUrl, server.url))).status).toBe(403);
    } finally {
      server.files.now = realNow;
    }
    expect((await fetch(u3, { method: 'HEAD' })).headers.get('upload-offset')).toBe('0');
  });

  it("removing a file (a sync DELETE): the vehicle owner, admins and the request's staff who added it; the blob goes when nothing refers to it", async () => {
    const remove = async (role: Role, formFileId: string) => verdict(await upload(devices[role], { table: 'upload_form_files', id: formFileId, op: 'DELETE' }));
    const photo = describeFile(jpegBytes(1500), 'remove-me.jpg');
    const { bucketId } = await uploadWhole('employee', `service_request/${request}`, photo);
    const formFile = (await one<{ id: string }>('select id from upload_form_files where upload_form_id = $1', [bucketId]))!.id;
    expect(await remove('other', formFile)).toBe('not_found');
    const blobs = blobsOnDisk();
    expect(await remove('owner', formFile)).toBe('ok');
    expect(await one('select 1 as x from upload_form_files where id = $1', [formFile])).toBeUndefined();
    expect(await sweepUnreferencedFiles(server.files)).toBeGreaterThan(0);
    expect(blobsOnDisk()).toBe(blobs - 1);
    expect(await downloadAs('owner', photo)).toBe('not_found');

    // The request's staff remove what they added; an admin removes anyone's. Nobody writes form files as rows.
    const mine = describeFile(jpegBytes(900));
    const b2 = (await uploadWhole('employee', `service_request/${request}`, mine)).bucketId;
    expect(await remove('employee', (await one<{ id: string }>('select id from upload_form_files where upload_form_id = $1', [b2]))!.id)).toBe('ok');
    const b3 = (await uploadWhole('owner', `vehicle/${bronco}`, describeFile(jpegBytes(800)))).bucketId;
    expect(await remove('admin', (await one<{ id: string }>('select id from upload_form_files where upload_form_id = $1', [b3]))!.id)).toBe('ok');
    const put = await upload(devices.admin, { table: 'upload_form_files', id: newId(), op: 'PUT', data: { filename: 'x' } });
    expect(refusalCodes(put)).toEqual(['permission_denied']);
  });
  describe('unfinished uploads are bounded per user and swept when idle', () => {
    /** A fresh account with a vehicle of its own, and a bucket on it holding `files`, each with its upload URL. */
    async function begin(email: string, files: TestFile[]) {
      const device = await TestDevice.create(server);
      await device.register(email, 'tagbook-partial');
      const userId = device.session!.userId;
      const vehicle = newId();
      await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Partial car', $2, false)`, [vehicle, userId]);
      const api = device.client(UploadService);
      const bucketId = newId();
      const added = await api.addFilesToBucket({ bucketId, formKey: `vehicle/${vehicle}`, files: files.map((f) => f.toAdd()) });
      const urls: string[] = [];
      for (const f of files) urls.push((await api.getUploadSignedUrl({ bucketId, combinedHash: f.combinedHash, metadataHash: f.metadataHash })).uploadUrl);
      const fileIds = added.files.map((f) => f.fileId);
      const urlFor = (f: TestFile) => api.getUploadSignedUrl({ bucketId, combinedHash: f.combinedHash, metadataHash: f.metadataHash });
      const finalize = async (f: TestFile) => (await api.finalizeUpload({ combinedHash: f.combinedHash, metadataHash: f.metadataHash })).state;
      return { userId, urls, fileIds, urlFor, finalize, api, bucketId, formKey: `vehicle/${vehicle}` };
    }
    const offset = async (url: string) => (await fetch(new URL(url, server.url), { method: 'HEAD' })).headers.get('upload-offset');

    it(`at most ${PARTIAL_LIMITS.uploadsPerUser} files begun at once: the next is refused in words until one finishes`, async () => {
      const files = Array.from({ length: PARTIAL_LIMITS.uploadsPerUser + 1 }, () => describeFile(jpegBytes(1000)));
      const user = await begin('partial-count@tagbook.test', files);
      const last = files.length - 1;
      for (let i = 0; i < last; i++) expect((await putRange(server.url, user.urls[i]!, files[i]!.bytes, 0, 100)).status).toBe(200);
      const refused = await putRange(server.url, user.urls[last]!, files[last]!.bytes, 0, 100);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toMatch(new RegExp(`at most ${PARTIAL_LIMITS.uploadsPerUser} files`));
      expect(await offset(user.urls[last]!)).toBe('0');
      expect(await codeOf(user.urlFor(files[last]!))).toBe('resource_exhausted');
      // The allowed side: one already begun goes on and is finished, which makes room for the one that waited.
      expect((await putRange(server.url, user.urls[0]!, files[0]!.bytes, 100, 1000)).status).toBe(200);
      expect(await user.finalize(files[0]!)).toBe(FileState.DOWNLOADED_OK);
      expect(await codeOf(user.urlFor(files[last]!))).toBe('ok');
      expect((await putRange(server.url, user.urls[last]!, files[last]!.bytes, 0, 1000)).status).toBe(200);
      expect(await user.finalize(files[last]!)).toBe(FileState.DOWNLOADED_OK);
    });

    it('at most so many bytes held at once: what fits is kept, the rest waits for room', async () => {
      const saved = PARTIAL_LIMITS.bytesPerUser;
      PARTIAL_LIMITS.bytesPerUser = 3000;
      try {
        const [big, small] = [describeFile(jpegBytes(2500)), describeFile(jpegBytes(1000))] as const;
        const user = await begin('partial-bytes@tagbook.test', [big, small]);
        const [bigUrl, smallUrl] = user.urls as [string, string];
        expect((await putRange(server.url, bigUrl, big.bytes, 0, 2500)).status).toBe(200);
        expect((await putRange(server.url, smallUrl, small.bytes, 0, 400)).status).toBe(200);
        const refused = await putRange(server.url, smallUrl, small.bytes, 400, 1000);
        expect(refused.status).toBe(429);
        expect(await refused.text()).toMatch(/Unfinished uploads may hold at most/);
        expect(await offset(smallUrl)).toBe('400');
        // Finishing the big one makes room; the small one continues where it was.
        expect(await user.finalize(big)).toBe(FileState.DOWNLOADED_OK);
        expect((await putRange(server.url, smallUrl, small.bytes, 400, 1000)).status).toBe(200);
        expect(await user.finalize(small)).toBe(FileState.DOWNLOADED_OK);
      } finally {
        PARTIAL_LIMITS.bytesPerUser = saved;
      }
    });

    it('two files of one user sent at once cannot pass the share together', async () => {
      const saved = PARTIAL_LIMITS.bytesPerUser;
      PARTIAL_LIMITS.bytesPerUser = 3000;
      try {
        const files = [describeFile(jpegBytes(2000)), describeFile(jpegBytes(2000))];
        const user = await begin('partial-race@tagbook.test', files);
        const answers = await Promise.all(files.map((f, i) => putRange(server.url, user.urls[i]!, f.bytes, 0, 2000)));
        expect(answers.map((res) => res.status).sort()).toEqual([200, 429]);
        const [refused, taken] = (await Promise.all(user.urls.map(async (url) => Number(await offset(url))))).sort((a, b) => a - b);
        expect(taken).toBe(2000);
        // The one refused kept no more than what fitted the share: nothing when refused before its body was read,
        // the first 1,000 bytes when both were read at once.
        expect([0, 1000]).toContain(refused);
      } finally {
        PARTIAL_LIMITS.bytesPerUser = saved;
      }
    });

    it('an upload idle for longer than a week is swept; one still moving is kept', async () => {
      const [idle, moving] = [describeFile(jpegBytes(1000)), describeFile(jpegBytes(1000))] as const;
      const user = await begin('partial-sweep@tagbook.test', [idle, moving]);
      const [idleUrl, movingUrl] = user.urls as [string, string];
      expect((await putRange(server.url, idleUrl, idle.bytes, 0, 300)).status).toBe(200);
      expect((await putRange(server.url, movingUrl, moving.bytes, 0, 300)).status).toBe(200);
      const weekAgo = new Date(Date.now() - PARTIAL_LIMITS.idleMs - 60_000);
      await server.db.query('update partial_uploads set last_byte_at = $3 where user_id = $1 and file_id = $2', [user.userId, user.fileIds[0], weekAgo]);

      expect(await server.files.partials.sweepIdle(Date.now())).toBe(1);
      expect(await server.db.query('select 1 from partial_upload_chunks where user_id = $1 and file_id = $2', [user.userId, user.fileIds[0]])).toEqual([]);
      expect(await offset(idleUrl)).toBe('0');
      expect(await offset(movingUrl)).toBe('300');
      // The device that comes back sends the swept one again from the start.
      expect((await putRange(server.url, idleUrl, idle.bytes, 0, 1000)).status).toBe(200);
      expect(await user.finalize(idle)).toBe(FileState.DOWNLOADED_OK);
    });

    it('a PUT cut off midway keeps every byte that arrived, past a stored piece and the rest, and the next one continues there', async () => {
      const file = describeFile(jpegBytes(600_000));
      const user = await begin('partial-cut@tagbook.test', [file]);
      const target = new URL(user.urls[0]!, server.url);
      const put = httpRequest(target, { method: 'PUT', headers: { 'content-length': '600000', 'content-range': 'bytes 0-599999/600000' } });
      put.on('error', () => {});
      put.write(file.bytes.subarray(0, 300_000));
      // 300,000 bytes: one piece stored while the body arrives, the rest when it stops arriving.
      await expect.poll(() => offset(user.urls[0]!)).toBe('262144');
      put.destroy();
      await expect.poll(() => offset(user.urls[0]!)).toBe('300000');
      expect((await putRange(server.url, user.urls[0]!, file.bytes, 300_000, 600_000)).status).toBe(200);
      expect(await user.finalize(file)).toBe(FileState.DOWNLOADED_OK);
    });

    it("the folder where earlier versions kept uploads in progress on disk is removed when the server starts", async () => {
      const legacy = join(server.dataDir, 'files', 'partial');
      mkdirSync(join(legacy, newId()), { recursive: true });
      writeFileSync(join(legacy, `${newId()}.${newId()}`), 'x');
      await server.restart();
      expect(existsSync(legacy)).toBe(false);
    });

    it('a file added and sent no byte for longer than a week is swept, rows and empty bucket too, and its device adds it again; one added lately, one still moving and one stored stay', async () => {
      const [abandoned, recent, moving, stored, alone] = Array.from({ length: 5 }, () => describeFile(jpegBytes(1000))) as [TestFile, TestFile, TestFile, TestFile, TestFile];
      const user = await begin('pending-sweep@tagbook.test', [abandoned, recent, moving, stored]);
      const [abandonedId, recentId, movingId, storedId] = user.fileIds as [string, string, string, string];
      const [movingUrl] = [user.urls[2]!];
      expect((await putRange(server.url, movingUrl, moving.bytes, 0, 300)).status).toBe(200);
      expect((await putRange(server.url, user.urls[3]!, stored.bytes, 0, 1000)).status).toBe(200);
      expect(await user.finalize(stored)).toBe(FileState.DOWNLOADED_OK);
      // A bucket of its own holding only a file never sent.
      const aloneBucket = newId();
      const aloneFile = (await user.api.addFilesToBucket({ bucketId: aloneBucket, formKey: user.formKey, files: [alone.toAdd()] })).files[0]!.fileId;
      const formFileOf = async (fileId: string) => (await one<{ id: string }>('select id from upload_form_files where upload_bucket_file_id = $1', [fileId]))?.id;
      const formFiles = { abandoned: (await formFileOf(abandonedId))!, alone: (await formFileOf(aloneFile))! };
      // Added longer ago than a partial may sit idle: all but the recent one. The moving one had a byte just now.
      const longAgo = new Date(Date.now() - PARTIAL_LIMITS.idleMs - 60_000);
      await server.db.query('update upload_form_files set created_at = $2 where upload_bucket_file_id = any($1::text[])', [[abandonedId, movingId, storedId, aloneFile], longAgo]);
      await server.db.query('update upload_buckets set created_at = $2 where id = any($1::text[])', [[user.bucketId, aloneBucket], longAgo]);

      const swept = await sweepFiles(server.files, Date.now());
      expect(swept).toMatchObject({ abandonedUploads: 2, emptyBuckets: 1 });
      const rows = async (table: string, ids: string[]) => (await server.db.query<{ id: string }>(`select id from ${table} where id = any($1::text[]) order by id`, [ids])).map((r) => r.id);
      expect(await rows('bucket_files', [abandonedId, aloneFile])).toEqual([]);
      expect(await rows('upload_form_files', Object.values(formFiles))).toEqual([]);
      expect(await rows('upload_buckets', [user.bucketId, aloneBucket])).toEqual([user.bucketId]);
      expect(await rows('bucket_files', [recentId, movingId, storedId])).toEqual([recentId, movingId, storedId].sort());
      expect(await offset(movingUrl)).toBe('300');
      // Nothing left to sweep a second time.
      expect(await sweepFiles(server.files, Date.now())).toMatchObject({ abandonedUploads: 0, emptyBuckets: 0 });

      // The device that comes back adds each file again, under the same form file id, and sends it.
      for (const [file, bucketId, formFileId] of [[abandoned, user.bucketId, formFiles.abandoned], [alone, aloneBucket, formFiles.alone]] as const) {
        const again = await user.api.addFilesToBucket({ bucketId, formKey: user.formKey, files: [file.toAdd(formFileId)] });
        expect(again.files[0]).toMatchObject({ needsUpload: true, state: FileState.PENDING_UPLOAD });
        const { uploadUrl } = await user.api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
        expect((await putRange(server.url, uploadUrl, file.bytes, 0, 1000)).status).toBe(200);
        expect(await user.finalize(file)).toBe(FileState.DOWNLOADED_OK);
      }
    });
  });

  /** A sync DELETE of a form file by `role`: 'ok' or the refusal's code. */
  async function removeAs(role: Role, formFileId: string): Promise<string> {
    return verdict(await upload(devices[role], { table: 'upload_form_files', id: formFileId, op: 'DELETE' }));
  }
  /** Adds a file and sends all its bytes, stopping short of finalize: an upload begun, not finished. */
  async function beginUpload(role: Role, formKey: string, file: TestFile) {
    const api = uploads(role);
    const bucketId = newId();
    const add = file.toAdd();
    await api.addFilesToBucket({ bucketId, formKey, files: [add] });
    const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    expect((await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length)).status).toBe(200);
    return { bucketId, formFileId: add.formFileId };
  }
  const finish = (role: Role, file: TestFile) => codeOf(uploads(role).finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash }));
  const formFileOf = async (bucketId: string) => (await one<{ id: string }>('select id from upload_form_files where upload_form_id = $1', [bucketId]))?.id;

  it("after a sale the former owner keeps no right over the photos they uploaded to the vehicle; the new owner has them all", async () => {
    const ownerId = devices.owner.session!.userId;
    const coupe = newId();
    await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Sold Coupe', $2, false)`, [coupe, ownerId]);
    const photo = describeFile(jpegBytes(1200), 'sold-front.jpg');
    const stored = await uploadWhole('owner', `vehicle/${coupe}`, photo);
    const unfinished = describeFile(jpegBytes(1300), 'sold-late.jpg');
    const begun = await beginUpload('owner', `vehicle/${coupe}`, unfinished);
    const notStarted = describeFile(jpegBytes(1400), 'sold-never.jpg');
    const added = newId();
    await uploads('owner').addFilesToBucket({ bucketId: added, formKey: `vehicle/${coupe}`, files: [notStarted.toAdd()] });
    expect(await downloadAs('owner', photo)).toBe('ok');

    await devices.admin.client(VehicleService).transferOwnership({ vehicleId: coupe, email: 'files-other@tagbook.test' });

    // Download: the new owner may; the former owner, though they sent the bytes, may not.
    expect(await downloadAs('other', photo)).toBe('ok');
    expect(await downloadAs('owner', photo)).toBe('not_found');
    // Finishing an upload begun before the sale: refused as no longer possible, and the unfinished file is dropped
    // rather than left as a placeholder in the new owner's gallery.
    expect(await finish('owner', unfinished)).toBe('failed_precondition');
    expect(await formFileOf(begun.bucketId)).toBeUndefined();
    expect(await codeOf(uploads('owner').getUploadSignedUrl({ bucketId: added, combinedHash: notStarted.combinedHash, metadataHash: notStarted.metadataHash }))).toBe('failed_precondition');
    expect(await codeOf(uploads('owner').addFilesToBucket({ bucketId: added, files: [describeFile(jpegBytes(90)).toAdd()] }))).toBe('failed_precondition');
    // Nor through a vehicle still theirs: sending the same bytes there does not finish the one on the sold vehicle.
    const mine = newId();
    await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Kept Hatch', $2, false)`, [mine, ownerId]);
    const pending = describeFile(jpegBytes(1500), 'sold-sneaky.jpg');
    const onSold = await uploads('owner').addFilesToBucket({ bucketId: newId(), formKey: `vehicle/${coupe}`, files: [pending.toAdd()] }).then(() => 'ok', () => 'refused');
    expect(onSold).toBe('refused');
    await uploadWhole('owner', `vehicle/${mine}`, unfinished);
    const listed = async (role: Role, vehicleId: string) =>
      (await devices[role].client(VehicleContentsService).listVehicleContents({ vehicleId, app: App.PROFILE })).contents.map((c) => c.fileName);
    expect(await listed('other', coupe)).toEqual(['sold-front.jpg']);
    expect(await downloadAs('other', unfinished)).toBe('not_found');
    // Removing: the former owner may not, the new owner may.
    expect(await removeAs('owner', (await formFileOf(stored.bucketId))!)).toBe('not_found');
    expect(await formFileOf(stored.bucketId)).toBeDefined();
    expect(await removeAs('other', (await formFileOf(stored.bucketId))!)).toBe('ok');
    // And the new owner adds and finishes uploads of their own.
    const theirs = describeFile(jpegBytes(1600), 'new-owner.jpg');
    await uploadWhole('other', `vehicle/${coupe}`, theirs);
    expect(await listed('other', coupe)).toEqual(['new-owner.jpg']);
  });

  it("an employee whose link has ended keeps no right over the files they added to the company's request", async () => {
    const workerId = devices.employee.session!.userId;
    const file = describeFile(jpegBytes(1700), 'shift-end.jpg');
    const { bucketId } = await uploadWhole('employee', `service_request/${request}`, file);
    const unfinished = describeFile(jpegBytes(1800), 'shift-late.jpg');
    const begun = await beginUpload('employee', `service_request/${request}`, unfinished);
    expect(await downloadAs('employee', file)).toBe('ok');
    await server.db.query('update company_employees set end_date = now() where user_id = $1', [workerId]);
    try {
      expect(await downloadAs('employee', file)).toBe('not_found');
      expect(await removeAs('employee', (await formFileOf(bucketId))!)).toBe('not_found');
      expect(await finish('employee', unfinished)).toBe('failed_precondition');
      expect(await formFileOf(begun.bucketId)).toBeUndefined();
      // The request's side keeps them: its vehicle's owner downloads and removes.
      expect(await downloadAs('owner', file)).toBe('ok');
      expect(await removeAs('owner', (await formFileOf(bucketId))!)).toBe('ok');
    } finally {
      await server.db.query('update company_employees set end_date = null where user_id = $1', [workerId]);
    }
  });
});
