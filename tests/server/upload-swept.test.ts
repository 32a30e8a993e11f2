import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_REMOVED } from '../../server/files/upload-service.js';
import { PARTIAL_LIMITS } from '../../server/files/partials.js';
import { sweepFiles } from '../../server/files/sweep.js';
import { newId } from '../../src/domain/ids.js';
import { QueueState } from '../../src/domain/uploadQueue.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { refusedFileMessage } from '../../src/uploads/refused.js';
import { outcome } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes, putRange, type TestFile } from '../helpers/files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runQueuedFile, type QueuedFile } from '../helpers/uploadQueueRun.js';
import { upload, verdict } from '../helpers/upload.js';

const backends = await testBackends();

/**
 * A file the server took away before its adder stored it comes back or stays away by why it went: one the file sweep
 * took after a week without a byte (server/files/sweep.ts) is added again by the device that still holds it, and
 * stored; one a person removed is never added back by a device still sending it, which drops it and tells the person
 * it was not accepted. Each case runs the app's own queue decisions (src/domain/uploadQueue.ts) against the server.
 */
describe.each(backends)('a swept upload comes back, a removed one does not, on %s', (backend) => {
  let server: TestServer;
  /** The person who adds the files (their phone), the same person on another device, and somebody else. */
  let phone: TestDevice;
  let laptop: TestDevice;
  let stranger: TestDevice;
  let vehicle: string;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const uploads = () => phone.client(UploadService);
  const formKey = () => `vehicle/${vehicle}`;

  /** A new bucket on the person's vehicle holding `files`, each added under its own form file id. */
  async function bucketWith(...files: TestFile[]): Promise<{ bucketId: string; queued: QueuedFile[] }> {
    const bucketId = newId();
    const adds = files.map((f) => f.toAdd());
    await uploads().addFilesToBucket({ bucketId, formKey: formKey(), files: adds });
    return { bucketId, queued: files.map((file, i) => ({ file, bucketId, formKey: formKey(), formFileId: adds[i]!.formFileId })) };
  }
  /** Sends all of a file's bytes and finalizes it. */
  async function store({ file, bucketId }: QueuedFile): Promise<void> {
    const { uploadUrl } = await uploads().getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    expect((await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length)).status).toBe(200);
    expect((await uploads().finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
  }
  /** Dates a bucket and its files back past the sweep's week, as if added that long ago and never sent since. */
  async function ageOut(bucketId: string): Promise<void> {
    const longAgo = new Date(Date.now() - PARTIAL_LIMITS.idleMs - 60_000);
    await server.db.query('update upload_form_files set created_at = $2 where upload_form_id = $1', [bucketId, longAgo]);
    await server.db.query('update upload_buckets set created_at = $2 where id = $1', [bucketId, longAgo]);
  }
  /** A sync DELETE of a form file, as the app sends a removal: 'ok' or the refusal's code. */
  async function remove(device: TestDevice, formFileId: string): Promise<string> {
    return verdict(await upload(device, { table: 'upload_form_files', id: formFileId, op: 'DELETE' }));
  }
  const listed = async (formFileId: string) => (await one('select 1 as x from upload_form_files where id = $1', [formFileId])) !== undefined;
  const urlAnswer = (q: QueuedFile) => outcome(uploads().getUploadSignedUrl({ bucketId: q.bucketId, combinedHash: q.file.combinedHash, metadataHash: q.file.metadataHash }));
  const download = (q: QueuedFile) => outcome(uploads().getDownloadSignedUrl({ combinedHash: q.file.combinedHash }));
  const locked = async (bucketId: string) => (await one<{ locked: number }>('select locked from upload_buckets where id = $1', [bucketId]))?.locked;
  const run = (q: QueuedFile, from: (typeof QueueState)[keyof typeof QueueState]) => runQueuedFile(uploads(), server.url, q, from);

  beforeAll(async () => {
    server = await startTestServer(backend);
    phone = await TestDevice.create(server);
    const userId = (await phone.register('swept-owner@example.com', 'swept-password')).userId;
    laptop = await TestDevice.create(server);
    await laptop.signIn('swept-owner@example.com', 'swept-password');
    stranger = await TestDevice.create(server);
    await stranger.register('swept-stranger@example.com', 'stranger-password');
    vehicle = newId();
    await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Swept coupe', $2, false)`, [vehicle, userId]);
  });
  afterAll(async () => server?.stop());

  it('a swept file in a bucket that still lists another is added again by its returning device and stored; the bucket waits for it before it locks', async () => {
    const [kept, swept, late] = [describeFile(jpegBytes(1100), 'kept.jpg'), describeFile(jpegBytes(1200), 'swept.jpg'), describeFile(jpegBytes(1300), 'late.jpg')];
    const { bucketId, queued } = await bucketWith(kept, swept, late);
    const [keptQ, sweptQ, lateQ] = queued as [QueuedFile, QueuedFile, QueuedFile];
    await store(keptQ);
    // The late file's bytes are still moving: the sweep keeps it.
    const { uploadUrl } = await uploads().getUploadSignedUrl({ bucketId, combinedHash: late.combinedHash, metadataHash: late.metadataHash });
    expect((await putRange(server.url, uploadUrl, late.bytes, 0, 500)).status).toBe(200);
    await ageOut(bucketId);
    expect(await sweepFiles(server.files, Date.now())).toMatchObject({ abandonedUploads: 1, emptyBuckets: 0 });
    expect([await listed(keptQ.formFileId), await listed(sweptQ.formFileId), await listed(lateQ.formFileId)]).toEqual([true, false, true]);

    // Every other file of the bucket is stored now: it does not lock while the swept one may still come back.
    expect((await putRange(server.url, uploadUrl, late.bytes, 500, late.bytes.length)).status).toBe(200);
    expect((await uploads().finalizeUpload({ combinedHash: late.combinedHash, metadataHash: late.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    expect(await locked(bucketId)).toBe(0);

    // The device comes back with the file it had added: the server no longer lists it, and tells it to add it again.
    expect(await urlAnswer(sweptQ)).toBe('not_found');
    const back = await run(sweptQ, QueueState.added);
    expect(back.item.state).toBe(QueueState.done);
    expect(back.steps.map((s) => `${s.call} ${s.answer}`)).toEqual(['upload_url not_found', 'add ok', 'upload_url ok', 'put 200', 'finalize ok']);
    expect(await listed(sweptQ.formFileId)).toBe(true);
    expect(await download(sweptQ)).toBe('ok');
    // Every file of the bucket stored, none still to come back: it locks.
    expect(await locked(bucketId)).toBe(1);
  });

  it('a removed file in such a bucket is not added back: the device drops it and tells the person it was not accepted', async () => {
    const [kept, removed] = [describeFile(jpegBytes(1400), 'kept.jpg'), describeFile(jpegBytes(1500), 'removed.jpg')];
    const { queued } = await bucketWith(kept, removed);
    const [keptQ, removedQ] = queued as [QueuedFile, QueuedFile];
    await store(keptQ);
    expect(await remove(laptop, removedQ.formFileId)).toBe('ok');

    const refused = await run(removedQ, QueueState.added);
    expect(refused.item).toMatchObject({ state: QueueState.failed, lastError: FILE_REMOVED });
    expect(refused.steps.map((s) => `${s.call} ${s.answer}`)).toEqual(['upload_url failed_precondition']);
    expect(refusedFileMessage('removed.jpg', refused.item.lastError)).toBe(`removed.jpg was not uploaded: ${FILE_REMOVED}. It was taken off this device.`);
    // A device whose add was answered but never heard adds it again: that brings nothing back either.
    const again = await run(removedQ, QueueState.queued);
    expect(again.item).toMatchObject({ state: QueueState.failed, lastError: FILE_REMOVED });
    expect(await listed(removedQ.formFileId)).toBe(false);
    expect(await download(removedQ)).toBe('not_found');
    expect(await listed(keptQ.formFileId)).toBe(true);
  });

  it('a removed file whose bucket the sweep took later, empty, stays removed', async () => {
    const removed = describeFile(jpegBytes(1600), 'removed-alone.jpg');
    const { bucketId, queued } = await bucketWith(removed);
    const removedQ = queued[0]!;
    expect(await remove(laptop, removedQ.formFileId)).toBe('ok');
    await ageOut(bucketId);
    expect(await sweepFiles(server.files, Date.now())).toMatchObject({ abandonedUploads: 0, emptyBuckets: 1 });

    const refused = await run(removedQ, QueueState.added);
    expect(refused.item).toMatchObject({ state: QueueState.failed, lastError: FILE_REMOVED });
    expect(await listed(removedQ.formFileId)).toBe(false);
    expect(await download(removedQ)).toBe('not_found');
  });

  it('a swept file the person then removes stays removed; somebody else cannot remove it', async () => {
    const [kept, swept] = [describeFile(jpegBytes(1700), 'kept.jpg'), describeFile(jpegBytes(1800), 'swept-then-removed.jpg')];
    const { bucketId, queued } = await bucketWith(kept, swept);
    const [keptQ, sweptQ] = queued as [QueuedFile, QueuedFile];
    await store(keptQ);
    await ageOut(bucketId);
    expect(await sweepFiles(server.files, Date.now())).toMatchObject({ abandonedUploads: 1 });

    // The refused side: a stranger is told there is no such file, and the file still comes back.
    expect(await remove(stranger, sweptQ.formFileId)).toBe('not_found');
    expect(await urlAnswer(sweptQ)).toBe('not_found');
    // The allowed side: the person, on a device that still showed the file, removes it after the sweep took it.
    expect(await remove(laptop, sweptQ.formFileId)).toBe('ok');
    expect(await urlAnswer(sweptQ)).toBe('failed_precondition');
    const refused = await run(sweptQ, QueueState.added);
    expect(refused.item).toMatchObject({ state: QueueState.failed, lastError: FILE_REMOVED });
    expect(await listed(sweptQ.formFileId)).toBe(false);

    // The same when the sweep took its bucket too: the device makes the bucket again, and the file stays out of it.
    const alone = describeFile(jpegBytes(1850), 'swept-alone-then-removed.jpg');
    const single = await bucketWith(alone);
    const aloneQ = single.queued[0]!;
    await ageOut(single.bucketId);
    expect(await sweepFiles(server.files, Date.now())).toMatchObject({ abandonedUploads: 1, emptyBuckets: 1 });
    expect(await remove(stranger, aloneQ.formFileId)).toBe('not_found');
    expect(await remove(laptop, aloneQ.formFileId)).toBe('ok');
    const gone = await run(aloneQ, QueueState.added);
    expect(gone.item).toMatchObject({ state: QueueState.failed, lastError: FILE_REMOVED });
    expect(gone.steps.map((s) => `${s.call} ${s.answer}`)).toEqual(['upload_url not_found', 'add ok', 'upload_url failed_precondition']);
    expect(await listed(aloneQ.formFileId)).toBe(false);
  });

  it('a file removed while its bytes are on their way to the store stays removed', async () => {
    const [kept, racing] = [describeFile(jpegBytes(1900), 'kept.jpg'), describeFile(jpegBytes(2000), 'racing.jpg')];
    const { queued } = await bucketWith(kept, racing);
    const [keptQ, racingQ] = queued as [QueuedFile, QueuedFile];
    await store(keptQ);
    const { uploadUrl } = await uploads().getUploadSignedUrl({ bucketId: racingQ.bucketId, combinedHash: racing.combinedHash, metadataHash: racing.metadataHash });
    expect((await putRange(server.url, uploadUrl, racing.bytes, 0, racing.bytes.length)).status).toBe(200);

    // The removal lands while finalize moves the verified bytes into the store, after it found the file attached.
    const blobs = server.files.store;
    const putFile = blobs.putFile.bind(blobs);
    let removal: string | null = null;
    blobs.putFile = async (...args) => {
      removal = await remove(laptop, racingQ.formFileId);
      return putFile(...args);
    };
    const finalized = await run(racingQ, QueueState.uploaded).finally(() => (blobs.putFile = putFile));
    expect(removal).toBe('ok');
    expect(finalized.item).toMatchObject({ state: QueueState.failed, lastError: FILE_REMOVED });
    expect(finalized.steps.map((s) => `${s.call} ${s.answer}`)).toEqual(['finalize not_found', 'upload_url failed_precondition']);
    expect(await listed(racingQ.formFileId)).toBe(false);
    expect(await download(racingQ)).toBe('not_found');
    expect(await one('select 1 as x from bucket_file_holders h join bucket_files f on f.id = h.bucket_file_id where f.filehash = $1', [racing.combinedHash])).toBeUndefined();
  });
});
