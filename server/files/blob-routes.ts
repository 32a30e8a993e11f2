import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './files.js';
import { downloadHeaders, OWN_SERVER_DOWNLOAD_HEADERS } from './download-headers.js';
import { checkFileUrl } from './signing.js';
import { findFileForUrl } from './store.js';

/**
 * The signed file URLs of the Upload service (upload.proto describes the protocol):
 *   HEAD /blobs/upload/<file id>?u&e&s   bytes held so far (Upload-Offset) and the size (Upload-Length)
 *   PUT  /blobs/upload/<file id>?u&e&s   appends a byte range (Content-Range) at the held offset
 *   GET  /blobs/download/<file id>?u&e&s the verified bytes (local store; an S3 store hands out its own URLs)
 * A URL that expired, was altered or was issued for another file is refused with 403 before anything else.
 */
export async function handleFiles(files: FileStorage, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = /^\/blobs\/(upload|download)\/([A-Za-z0-9_-]{22})$/.exec(url.pathname);
  if (!url.pathname.startsWith('/blobs/')) return false;
  const send = (status: number, headers: Record<string, string> = {}, body = '') => {
    res.writeHead(status, { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
    return true;
  };
  if (match === null) return send(404, {}, 'Not found');
  const [, purpose, fileId] = match as unknown as [string, 'upload' | 'download', string];
  const check = checkFileUrl(await files.urlKey(), purpose, fileId, url.searchParams, files.now());
  if (!check.ok) {
    req.resume();
    return send(403, {}, check.reason === 'expired' ? 'This link has expired' : 'This link is not valid');
  }
  const file = await findFileForUrl(files.db, fileId);
  if (file === undefined) {
    req.resume();
    return send(404, {}, 'Not found');
  }
  const size = Number(file.filesize);
  if (purpose === 'download') return download(files, req, res, file, send);
  const cors = { 'upload-length': String(size) };
  if (req.method === 'HEAD') {
    return send(200, { ...cors, 'upload-offset': String(await files.partials.size(fileId, check.userId)) });
  }
  if (req.method !== 'PUT') return send(405, { allow: 'HEAD, PUT' });
  const range = parseContentRange(req.headers['content-range']);
  if (range === 'invalid') {
    req.resume();
    return send(400, {}, 'Content-Range must be bytes <start>-<end>/<size>');
  }
  if (range !== null && range.total !== size) {
    req.resume();
    return send(413, cors, `This file was declared as ${size} bytes`);
  }
  const result = await files.partials.append(fileId, check.userId, range?.start ?? 0, size, req);
  if (result === 'too_long') {
    res.setHeader('connection', 'close');
    return send(413, cors, `This file was declared as ${size} bytes`);
  }
  if (result === 'offset') {
    req.resume();
    return send(409, { ...cors, 'upload-offset': String(await files.partials.size(fileId, check.userId)) }, 'Continue from Upload-Offset');
  }
  if (typeof result === 'object') {
    // The user's unfinished uploads fill their share: what arrived within it is kept; try again once one finishes.
    res.setHeader('connection', 'close');
    const offset = String(await files.partials.size(fileId, check.userId));
    return send(429, { ...cors, 'upload-offset': offset, 'retry-after': String(QUOTA_RETRY_AFTER_S) }, result.refused);
  }
  return send(200, { ...cors, 'upload-offset': String(result) });
}

/** When a device over its share of unfinished uploads may try again (its queue backs off on its own as well). */
const QUOTA_RETRY_AFTER_S = 60;

function parseContentRange(header: string | undefined): { start: number; end: number; total: number } | null | 'invalid' {
  if (header === undefined) return null;
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec(header.trim());
  if (m === null) return 'invalid';
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return end < start || end >= total ? 'invalid' : { start, end, total };
}

async function download(
  files: FileStorage,
  req: IncomingMessage,
  res: ServerResponse,
  file: { state: number; blob_key: string | null; type: string | null; filename: string | null },
  send: (status: number, headers?: Record<string, string>, body?: string) => boolean,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { allow: 'GET, HEAD' });
  // Only verified bytes are ever served.
  const blob = file.state === 2 && file.blob_key !== null ? await files.store.open(file.blob_key) : null;
  if (blob === null) return send(404, {}, 'Not found');
  res.writeHead(200, { ...downloadHeaders(file), ...OWN_SERVER_DOWNLOAD_HEADERS, 'content-length': String(blob.size) });
  if (req.method === 'HEAD') {
    blob.stream.destroy();
    res.end();
    return true;
  }
  await pipeline(blob.stream, res).catch(() => res.destroy());
  return true;
}
