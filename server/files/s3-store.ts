import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { BLOB_KEY_PATTERN, type BlobStore } from './blob-store.js';
import type { S3Settings } from './s3-settings.js';

/**
 * Blobs in any S3-compatible store (path-style addressing: <endpoint>/<bucket>/<key>), signed with AWS Signature
 * V4 by aws4fetch. Downloads go straight to the store through presigned GET URLs that carry the headers the
 * store is to answer with (download-headers.ts); uploads still arrive at our server first, because only our server can continue a broken upload at a byte
 * offset and check the digests before anything becomes downloadable.
 */
export function s3BlobStore(s3: S3Settings): BlobStore {
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, service: 's3', region: s3.region });
  const urlOf = (key: string) => {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`not a blob key: ${key}`);
    return `${s3.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(s3.bucket)}/files/${key}`;
  };
  async function expectOk(res: Response, what: string) {
    if (!res.ok) throw new Error(`S3 ${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  return {
    kind: 's3',
    async has(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return false;
      await expectOk(res, 'HEAD');
      return true;
    },
    async putFile(key, path, size) {
      const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body,
        headers: { 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        duplex: 'half',
      } as RequestInit);
      await expectOk(res, 'PUT');
      await rm(path, { force: true });
    },
    async delete(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (res.status !== 404) await expectOk(res, 'DELETE');
    },
    async externalDownloadUrl(key, headers, expires) {
      const seconds = Math.max(1, Math.floor((expires - Date.now()) / 1000));
      const url = new URL(urlOf(key));
      url.searchParams.set('X-Amz-Expires', String(seconds));
      for (const [name, value] of Object.entries(headers)) url.searchParams.set(`response-${name}`, value);
      const signed = await client.sign(url.toString(), { method: 'GET', aws: { signQuery: true } });
      return signed.url;
    },
    async open() {
      return null;
    },
  };
}
