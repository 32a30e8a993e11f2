import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACH_TARGET_NOT_FOUND } from '../../server/files/access.js';
import { NO_LONGER_YOURS } from '../../server/files/unfinishable.js';
import { BUCKET_LOCKED, FILE_REMOVED } from '../../server/files/upload-service.js';
import { newId } from '../../src/domain/ids.js';
import { classifyUploadError, type RpcCode, type UploadCall } from '../../src/domain/uploadErrors.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes, putRange, type TestFile } from '../helpers/files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

type Role = 'seller' | 'buyer';

/** A refusal as the device's queue reads it: its code, and what src/domain/uploadErrors.ts makes of it. */
async function answer(call: UploadCall, promise: Promise<unknown>, writesPending = false): Promise<{ code: string; message: string; outcome: string }> {
  const error = await refusal(promise);
  const code = Code[error.code]!.replace(/[A-Z]/g, (c, i: number) => (i ? '_' : '') + c.toLowerCase()) as RpcCode;
  const outcome = classifyUploadError(call, code, 'bucket', writesPending);
  return { code, message: error.rawMessage, outcome: outcome.kind === 'fail' ? `fail:${outcome.reason}` : outcome.kind };
}

/**
 * What the upload service answers a file it will never take where it was attached, and what the app's queue makes of
 * it (src/domain/uploadErrors.ts): final answers — failed_precondition — wherever the server can tell "never" without
 * telling a stranger which ids exist, and then nothing the caller left unfinished there stays behind; a first add to a
 * thing the caller may not (or may no longer) add files to is the not_found a stranger gets, final on a device that has
 * nothing left to send.
 */
describe.each(backends)('uploads that can never be finished, on %s', (backend) => {
  let server: TestServer;
  const devices = {} as Record<Role, TestDevice>;
  const ids = {} as Record<Role, string>;
  const uploads = (role: Role) => devices[role].client(UploadService);
  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];

  /** A private vehicle of the seller's. */
  async function sellersVehicle(): Promise<string> {
    const id = newId();
    await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Coupe for sale', $2, false)`, [id, ids.seller]);
    return id;
  }
  const sell = (vehicleId: string) => server.db.query('update vehicles set user_id = $2 where id = $1', [vehicleId, ids.buyer]);

  /** Adds the file to a new bucket and sends its first `sent` bytes, as a device does before it is cut off. */
  async function begin(role: Role, formKey: string, file: TestFile, sent: number) {
    const bucketId = newId();
    const { files } = await uploads(role).addFilesToBucket({ bucketId, formKey, files: [file.toAdd()] });
    const { uploadUrl } = await uploads(role).getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    expect((await putRange(server.url, uploadUrl, file.bytes, 0, sent)).status).toBe(200);
    return { bucketId, fileId: files[0]!.fileId };
  }
  const formFiles = async (bucketId: string) => Number((await one<{ n: number }>('select count(*)::int as n from upload_form_files where upload_form_id = $1', [bucketId]))!.n);

  beforeAll(async () => {
    server = await startTestServer(backend);
    for (const role of ['seller', 'buyer'] as const) {
      devices[role] = await TestDevice.create(server);
      ids[role] = (await devices[role].register(`${role}-finality@example.com`, `${role}-password`)).userId;
    }
  });
  afterAll(async () => server?.stop());

  it('a first add to a vehicle no longer yours is the not_found a stranger gets for one that exists or not; final on a device with nothing left to send', async () => {
    const sold = await sellersVehicle();
    await sell(sold);
    const file = describeFile(jpegBytes(900), 'late.jpg');
    const add = (role: Role, formKey: string) => uploads(role).addFilesToBucket({ bucketId: newId(), formKey, files: [file.toAdd()] });
    const expected = { code: 'not_found', message: ATTACH_TARGET_NOT_FOUND, outcome: 'fail:not_found' };
    expect(await answer('add', add('seller', `vehicle/${sold}`))).toEqual(expected);
    expect(await answer('add', add('seller', `vehicle/${newId()}`))).toEqual(expected);
    // While the device still has changes on their way, the thing may be one of them (a note written offline).
    expect((await answer('add', add('seller', `note/${newId()}`), true)).outcome).toBe('retry');
    expect(await one('select 1 as x from upload_buckets where user_id = $1', [ids.seller])).toBeUndefined();
  });

  it('a bucket begun before the sale: its upload URL and more files are refused for good, and what was left unfinished is dropped with its bytes', async () => {
    const sold = await sellersVehicle();
    const file = describeFile(jpegBytes(4000), 'half-sent.jpg');
    const begun = await begin('seller', `vehicle/${sold}`, file, 1500);
    expect(await server.files.partials.size(begun.fileId, ids.seller)).toBe(1500);
    await sell(sold);

    const final = { code: 'failed_precondition', message: NO_LONGER_YOURS, outcome: 'fail:impossible' };
    expect(await answer('upload_url', uploads('seller').getUploadSignedUrl({ bucketId: begun.bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash }))).toEqual(final);
    // Nothing half-uploaded stays attached to the buyer's vehicle: no placeholder for their devices, no bytes kept.
    expect(await formFiles(begun.bucketId)).toBe(0);
    expect(await server.files.partials.size(begun.fileId, ids.seller)).toBe(0);
    // The same bucket again, as a device whose answer to its add was lost asks: refused for good too.
    expect(await answer('add', uploads('seller').addFilesToBucket({ bucketId: begun.bucketId, files: [file.toAdd()] }))).toEqual(final);
    expect(await formFiles(begun.bucketId)).toBe(0);
  });

  it('adding again to a bucket begun before the sale drops what was left unfinished in it', async () => {
    const sold = await sellersVehicle();
    const [first, second] = [describeFile(jpegBytes(2000), 'one.jpg'), describeFile(jpegBytes(2100), 'two.jpg')];
    const bucketId = newId();
    await uploads('seller').addFilesToBucket({ bucketId, formKey: `vehicle/${sold}`, files: [first.toAdd(), second.toAdd()] });
    await sell(sold);
    expect((await answer('add', uploads('seller').addFilesToBucket({ bucketId, files: [first.toAdd(), second.toAdd()] }))).code).toBe('failed_precondition');
    expect(await formFiles(bucketId)).toBe(0);
  });

  it('a file removed from its bucket before its bytes were sent: the upload URL is refused for good; a bucket not made yet is still not_found', async () => {
    const own = await sellersVehicle();
    const file = describeFile(jpegBytes(1200), 'removed.jpg');
    const bucketId = newId();
    await uploads('seller').addFilesToBucket({ bucketId, formKey: `vehicle/${own}`, files: [file.toAdd()] });
    await server.db.query('delete from upload_form_files where upload_form_id = $1', [bucketId]);
    const url = (bucket: string) => uploads('seller').getUploadSignedUrl({ bucketId: bucket, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    expect(await answer('upload_url', url(bucketId))).toEqual({ code: 'failed_precondition', message: FILE_REMOVED, outcome: 'fail:impossible' });
    // The add that makes a bucket may still be on its way, so its absence is retried.
    expect((await answer('upload_url', url(newId()))).outcome).toBe('retry');
  });

  it('a new file for a bucket already locked is refused for good', async () => {
    const own = await sellersVehicle();
    const stored = describeFile(jpegBytes(700), 'done.jpg');
    const bucketId = newId();
    await uploads('seller').addFilesToBucket({ bucketId, formKey: `vehicle/${own}`, files: [stored.toAdd()] });
    const { uploadUrl } = await uploads('seller').getUploadSignedUrl({ bucketId, combinedHash: stored.combinedHash, metadataHash: stored.metadataHash });
    expect((await putRange(server.url, uploadUrl, stored.bytes, 0, stored.bytes.length)).status).toBe(200);
    await uploads('seller').finalizeUpload({ combinedHash: stored.combinedHash, metadataHash: stored.metadataHash });
    const late = describeFile(jpegBytes(710), 'late.jpg');
    expect(await answer('add', uploads('seller').addFilesToBucket({ bucketId, files: [late.toAdd()] }))).toEqual({
      code: 'failed_precondition',
      message: BUCKET_LOCKED,
      outcome: 'fail:impossible',
    });
  });
});
