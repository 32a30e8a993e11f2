import { createHash, randomBytes } from 'node:crypto';
import { combinedHash, metadataHash } from '../../src/domain/files.js';
import { newId } from '../../src/domain/ids.js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { FileToAddSchema } from '../../src/gen/tagbook/v1/upload_pb.js';

/** A file as a device would describe it to the Upload service, with the digests of src/domain/files.ts. */
export interface TestFile {
  bytes: Buffer;
  fileHash: string;
  metadataHash: string;
  combinedHash: string;
  toAdd(formFileId?: string): MessageInitShape<typeof FileToAddSchema> & { formFileId: string };
}

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** Bytes that start like a JPEG (the server sniffs the first bytes), random after that. */
export function jpegBytes(size: number): Buffer {
  return Buffer.concat([JPEG_HEAD, randomBytes(Math.max(0, size - JPEG_HEAD.length))]);
}

export function describeFile(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg', lastModified = 1_760_000_000_000, declaredSize = bytes.length): TestFile {
  const fileHash = createHash('md5').update(bytes).digest('hex');
  const meta = metadataHash({ type, size: declaredSize, lastModified, filename });
  const combined = combinedHash(fileHash, meta);
  return {
    bytes,
    fileHash,
    metadataHash: meta,
    combinedHash: combined,
    toAdd: (formFileId = newId()) => ({
      formFileId,
      combinedHash: combined,
      fileHash,
      metadataHash: meta,
      filename,
      metadata: { type, size: BigInt(declaredSize), lastModifiedDate: BigInt(lastModified) },
    }),
  };
}

/** PUTs bytes[start, end) to a signed upload URL with a Content-Range. */
export function putRange(base: string, url: string, bytes: Buffer, start: number, end: number, total = bytes.length): Promise<Response> {
  return fetch(new URL(url, base), {
    method: 'PUT',
    headers: { 'content-range': `bytes ${start}-${end - 1}/${total}` },
    body: new Uint8Array(bytes.subarray(start, end)),
  });
}

/** Bytes that start like a PDF, as the server sniffs them. */
export function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 32)]);
}

/** The headers of a download that decide what a browser does with it: its type, inline or saved, and caching. */
export function servedAs(res: Response): { type: string | null; disposition: string | null; cache: string | null } {
  return { type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), cache: res.headers.get('cache-control') };
}
