import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { sweepUnreferencedFiles } from '../../server/files/files.js';
import { newId } from '../../src/domain/ids.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { TestDevice } from '../helpers/device.js';
import { testBackends } from '../helpers/databases.js';
import { describeFile, jpegBytes, pdfBytes, putRange, servedAs, type TestFile } from '../helpers/files.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();
const BUCKET = 'tagbook-files';
// s3rver's fixed credentials.
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * The S3 blob store against a real S3-compatible server in its own process (s3rver, from npm), on each database (the
 * file rows, the sweep's queries and the store meet in one path). What this covers: verified blobs land in the store under their SHA-256, partial and refused uploads never do, downloads are
 * presigned GET URLs of the store carrying the file's type, equal bytes are stored once, and the sweep deletes a
 * blob once nothing refers to it. What it does not: s3rver accepts presigned GETs without checking their
 * signature or expiry (tried: an altered X-Amz-Signature still answers 200), so that the store refuses altered or
 * expired download URLs is the provider's promise, not tested here; our own signed URLs are (files.test.ts).
 */
describe.each(backends)('Upload service with an S3-compatible store, on %s', (backend) => {
  let s3: ChildProcess;
  let endpoint: string;
  let dir: string;
  let server: TestServer;
  let owner: TestDevice;
  let visitor: TestDevice;
  let bronco: string;
  const client = new AwsClient({ ...KEYS, service: 's3', region: 'us-east-1' });
  const objects = async () => {
    const res = await client.fetch(`${endpoint}/${BUCKET}?list-type=2`);
    return [...(await res.text()).matchAll(/<Key>files\/([0-9a-f]{64})<\/Key>/g)].map((m) => m[1]);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagbook-s3-'));
    s3 = spawn(process.execPath, [join(import.meta.dirname, '..', 'helpers', 's3-server.mjs'), dir, BUCKET], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: s3.stdout! }).once('line', resolve);
      s3.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    });
    endpoint = `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`;
    server = await startTestServer(backend, { S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey });
    await seedDemo(server.db);
    owner = await TestDevice.create(server);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    visitor = await TestDevice.create(server);
    bronco = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`))[0]!.id;
  });
  afterAll(async () => {
    await server?.stop();
    s3?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores verified bytes once in the store, serves them through presigned URLs, and sweeps them when unreferenced', async () => {
    expect(server.files.store.kind).toBe('s3');
    const api = owner.client(UploadService);
    const bytes = jpegBytes(200_000);
    const file = describeFile(bytes, 'store.jpg');
    const bucketId = newId();
    await api.addFilesToBucket({ bucketId, formKey: `vehicle/${bronco}`, files: [file.toAdd()] });
    const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    await putRange(server.url, uploadUrl, bytes, 0, 50_000);
    expect(await objects()).toEqual([]); // a partial upload never reaches the store
    await putRange(server.url, uploadUrl, bytes, 50_000, bytes.length);
    expect((await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash })).state).toBe(FileState.DOWNLOADED_OK);
    const [key] = await objects();
    expect(key).toMatch(/^[0-9a-f]{64}$/);

    // A visitor of the public vehicle downloads straight from the store, with the file's type.
    const { downloadUrl } = await visitor.client(UploadService).getDownloadSignedUrl({ combinedHash: file.combinedHash });
    expect(downloadUrl.startsWith(endpoint)).toBe(true);
    const res = await fetch(downloadUrl);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(new URL(downloadUrl).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    // The same bytes under another name: a second stored file, one object.
    const renamed = describeFile(bytes, 'again.jpg');
    const b2 = newId();
    await api.addFilesToBucket({ bucketId: b2, formKey: `vehicle/${bronco}`, files: [renamed.toAdd()] });
    const u2 = (await api.getUploadSignedUrl({ bucketId: b2, combinedHash: renamed.combinedHash, metadataHash: renamed.metadataHash })).uploadUrl;
    await putRange(server.url, u2, bytes, 0, bytes.length);
    await api.finalizeUpload({ combinedHash: renamed.combinedHash, metadataHash: renamed.metadataHash });
    expect(await objects()).toEqual([key]);

    // Wrong bytes never reach the store.
    const liar = describeFile(jpegBytes(1000), 'liar.jpg');
    const b3 = newId();
    await api.addFilesToBucket({ bucketId: b3, formKey: `vehicle/${bronco}`, files: [liar.toAdd()] });
    const u3 = (await api.getUploadSignedUrl({ bucketId: b3, combinedHash: liar.combinedHash, metadataHash: liar.metadataHash })).uploadUrl;
    await putRange(server.url, u3, jpegBytes(1000), 0, 1000);
    await expect(api.finalizeUpload({ combinedHash: liar.combinedHash, metadataHash: liar.metadataHash })).rejects.toThrow(/do not match/);
    expect(await objects()).toEqual([key]);

    // Removing one of the two keeps the object; removing both lets the sweep delete it.
    await server.db.query('delete from upload_form_files where upload_form_id = $1', [bucketId]);
    await sweepUnreferencedFiles(server.files);
    expect(await objects()).toEqual([key]);
    await server.db.query('delete from upload_form_files where upload_form_id in ($1, $2)', [b2, b3]);
    await sweepUnreferencedFiles(server.files);
    expect(await objects()).toEqual([]);
  });

  it('serves a photo inline and a PDF as an attachment, under their verified types, as our own server does', async () => {
    // The store cannot send nosniff or a sandboxing CSP (a presigned GET overrides only type, disposition and
    // caching), so nothing but a picture is ever shown inline from it.
    const api = owner.client(UploadService);
    const upload = async (file: TestFile) => {
      const bucketId = newId();
      await api.addFilesToBucket({ bucketId, formKey: `vehicle/${bronco}`, files: [file.toAdd()] });
      const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
      await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length);
      await api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash });
      const { downloadUrl } = await api.getDownloadSignedUrl({ combinedHash: file.combinedHash });
      expect(downloadUrl.startsWith(endpoint)).toBe(true);
      const res = await fetch(downloadUrl);
      expect(Buffer.from(await res.arrayBuffer()).equals(file.bytes)).toBe(true);
      return servedAs(res);
    };
    expect(await upload(describeFile(pdfBytes(900), 'Service manual.pdf', 'application/pdf'))).toEqual({
      type: 'application/pdf',
      disposition: "attachment; filename*=UTF-8''Service%20manual.pdf",
      cache: 'private, max-age=3600, immutable',
    });
    expect(await upload(describeFile(jpegBytes(900), 'front.jpg'))).toEqual({
      type: 'image/jpeg',
      disposition: "inline; filename*=UTF-8''front.jpg",
      cache: 'private, max-age=3600, immutable',
    });
  });
});
