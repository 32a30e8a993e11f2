import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { postgresOnly, postgresReachable } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes, putRange, type TestFile } from '../helpers/files.js';
import { startLoadBalancer, type LoadBalancer } from '../helpers/loadBalancer.js';
import { startProcessPair, type ProcessPair, type ServerProcess } from '../helpers/processPair.js';
import { startS3Server, type S3Server } from '../helpers/s3.js';

const reachable = await postgresReachable();

/**
 * Uploads in progress are held in the database (files/partials.ts), so a file's byte ranges may reach any of the
 * processes behind the load balancer, and finalize may run on yet another; with an S3 store, the stored file then
 * downloads through either. Two built servers on one PostgreSQL, as in two-processes.test.ts, sharing an s3rver.
 */
describe.runIf(reachable)('uploads through two server processes behind a load balancer', postgresOnly(), () => {
  let lb: LoadBalancer;
  let pair: ProcessPair;
  let s3: S3Server;
  let owner: TestDevice;
  let one: ServerProcess;
  let two: ServerProcess;
  const uploads = () => owner.client(UploadService);
  /** Every request of `work` goes to `process`. */
  const through = async <T>(process: ServerProcess, work: () => Promise<T>): Promise<T> => {
    lb.routes = () => [process];
    return work();
  };
  const offset = (url: string, process: ServerProcess) =>
    through(process, async () => (await fetch(new URL(url, lb.url), { method: 'HEAD' })).headers.get('upload-offset'));

  /** A new file added to a new bucket on the owner's vehicle, with its upload URL. */
  async function begin(size: number): Promise<{ file: TestFile; url: string }> {
    const { rows } = await pair.sql.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`);
    const file = describeFile(jpegBytes(size), `${newId()}.jpg`);
    const bucketId = newId();
    await uploads().addFilesToBucket({ bucketId, formKey: `vehicle/${rows[0]!.id}`, files: [file.toAdd()] });
    const { uploadUrl } = await uploads().getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    return { file, url: uploadUrl };
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    lb = await startLoadBalancer();
    pair = await startProcessPair(lb, s3.env);
    ({ leader: one, other: two } = pair);
    lb.routes = () => [one, two];
    owner = await TestDevice.create({ url: lb.url });
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
  });
  afterAll(async () => {
    await pair?.stop();
    await lb?.close();
    await s3?.stop();
  });

  it('takes a file in parts alternating between the processes, finalizes it through the other, and serves it through either', async () => {
    // Each part is larger than a piece stored at once (256 KB), so each PUT is stored in several transactions.
    const { file, url } = await begin(1_000_000);
    const parts: [ServerProcess, number, number][] = [[one, 0, 300_000], [two, 300_000, 650_000], [one, 650_000, 1_000_000]];
    for (const [process, start, end] of parts) {
      const res = await through(process, () => putRange(lb.url, url, file.bytes, start, end));
      expect([res.status, res.headers.get('upload-offset')]).toEqual([200, String(end)]);
      // Where the file stands is the same whichever process is asked.
      expect([await offset(url, one), await offset(url, two)]).toEqual([String(end), String(end)]);
    }
    expect(lb.exchanges.filter((e) => e.method === 'PUT').map((e) => e.backend)).toEqual([one.name, two.name, one.name]);
    expect(await s3.objects()).toEqual([]);

    const finalized = await through(two, () => uploads().finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash }));
    expect(finalized.state).toBe(FileState.DOWNLOADED_OK);
    expect((await pair.sql.query('select 1 from partial_uploads union all select 1 from partial_upload_chunks')).rows).toEqual([]);
    expect(await s3.objects()).toHaveLength(1);
    for (const process of [one, two]) {
      const { downloadUrl } = await through(process, () => uploads().getDownloadSignedUrl({ combinedHash: file.combinedHash }));
      const res = await fetch(downloadUrl);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true);
    }
  });

  it('refuses a part sent through the other process at the wrong offset, and says where the file stands', async () => {
    const { file, url } = await begin(600_000);
    expect((await through(one, () => putRange(lb.url, url, file.bytes, 0, 200_000))).status).toBe(200);
    for (const start of [0, 100_000, 400_000]) {
      const refused = await through(two, () => putRange(lb.url, url, file.bytes, start, 600_000));
      expect([refused.status, refused.headers.get('upload-offset')]).toEqual([409, '200000']);
    }
    // From where it was told, through the same process, the rest is taken and the file is whole.
    expect((await through(two, () => putRange(lb.url, url, file.bytes, 200_000, 600_000))).status).toBe(200);
    const finalized = await through(one, () => uploads().finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash }));
    expect(finalized.state).toBe(FileState.DOWNLOADED_OK);
  });

  it('takes one of two parts sent at once for the same offset through both processes; the other is told where to continue', async () => {
    const { file, url } = await begin(900_000);
    expect((await through(one, () => putRange(lb.url, url, file.bytes, 0, 100_000))).status).toBe(200);
    // The balancer routes a request once it has read it whole: one to each process.
    let sent = 0;
    lb.routes = () => [sent++ === 0 ? one : two];
    const before = lb.exchanges.length;
    const answers = await Promise.all([0, 1].map(() => putRange(lb.url, url, file.bytes, 100_000, 900_000)));
    expect(lb.exchanges.slice(before).map((e) => e.backend).sort()).toEqual([one.name, two.name].sort());
    const [taken, refused] = [...answers].sort((a, b) => a.status - b.status) as [Response, Response];
    expect([taken.status, taken.headers.get('upload-offset')]).toEqual([200, '900000']);
    // Refused at its first piece, or before it: by then the other had stored at least one of its own.
    expect(refused.status).toBe(409);
    expect(Number(refused.headers.get('upload-offset'))).toBeGreaterThan(100_000);
    // The bytes were appended once, in order: the file finalizes.
    expect([await offset(url, one), await offset(url, two)]).toEqual(['900000', '900000']);
    const finalized = await through(two, () => uploads().finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash }));
    expect(finalized.state).toBe(FileState.DOWNLOADED_OK);
  });
});
