import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { FRAME_MARKS } from '../../src/domain/firstAnswer.js';
import type { FirstAnswerPage } from './first-answer.js';
import { mimeType } from './mime.js';

/** Prefixes that belong to the API, sync and blob traffic: never answered with the app shell. */
const RESERVED_PREFIXES = ['/rpc/', '/sync/', '/blobs/', '/assets/', '/icons/', '/.well-known/'];
const RESERVED_PATHS = new Set(['/write-checkpoint2.json', '/healthz', '/sw.js', '/asset-manifest.json']);
/** A last path segment with one of these extensions is a file request: a miss is a 404, not the shell. */
const FILE_EXTENSIONS = /\.(js|mjs|css|wasm|map|json|png|svg|ico|txt|webmanifest|woff2?|br|gz|html)$/i;

export function isAppRoute(pathname: string): boolean {
  if (RESERVED_PATHS.has(pathname)) return false;
  if (RESERVED_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  return !FILE_EXTENSIONS.test(pathname);
}

export function cacheControlFor(pathname: string): string {
  // Hashed names change with their content, so they may be cached forever; everything else revalidates.
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Picks the precompressed sibling the client accepts, brotli first. q=0 excludes an encoding. */
export function chooseEncoding(acceptEncoding: string | undefined): ('br' | 'gzip')[] {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

export interface StaticOptions {
  root: string;
  /** Extra headers for the HTML shell (the Content-Security-Policy). */
  htmlHeaders: Record<string, string>;
  /** The shell's `Link` header for the path it is served at (preloads of that route's code). */
  linkFor?: (pathname: string, firstAnswer?: boolean) => string | undefined;
  /** A tag's first answer for the request's path, put in the shell's root element (http/first-answer.ts); null: none. */
  firstAnswer?: (req: IncomingMessage, pathname: string) => Promise<FirstAnswerPage | null>;
}

interface Found {
  file: string;
  size: number;
  mtimeMs: number;
}

async function findFile(path: string): Promise<Found | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { file: path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Maps a decoded URL path under root, refusing anything that would climb out of it. */
function resolveUnder(root: string, pathname: string): string | null {
  const full = normalize(join(root, pathname));
  return full === root || full.startsWith(root + sep) ? full : null;
}

/** Text as HTML: a vehicle's name is a person's writing. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The shell with a tag's first answer in place of its boot frame. Never stored by anyone (no-store): the answer is
 * the tag's as it stands now, and the next visitor of a tag whose vehicle changed must get the new one. Compressed
 * here, quickly: it is made for this request.
 */
async function sendFirstAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  indexFile: string,
  answer: FirstAnswerPage,
  headers: Record<string, string>,
  opts: StaticOptions,
): Promise<true> {
  let shell = (await readFile(indexFile, 'utf8')).replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(answer.title)}</title>`);
  // A page with a photo on it asks for the photo first, alone: on a phone's link the shell's code (preloaded at high
  // priority) would share the bandwidth with it and hold it back by seconds, and the page needs no code to show.
  // The code then loads as the page's own scripts ask for it, after the photo, and the app takes over a moment later.
  if (answer.images.length > 0) shell = shell.replace(/\n\s*<link rel="modulepreload" href="[^"]*">/g, '');
  const start = shell.indexOf(FRAME_MARKS.start);
  const end = shell.indexOf(FRAME_MARKS.end);
  if (start < 0 || end < start) throw new Error('index.html has no boot frame marks to put a first answer in');
  const html = Buffer.from(shell.slice(0, start + FRAME_MARKS.start.length) + answer.root + shell.slice(end));
  const out: Record<string, string> = { ...headers, 'cache-control': 'no-store' };
  delete out.etag;
  const link =
    answer.images.length > 0
      ? answer.images.map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`).join(', ')
      : opts.linkFor?.(answer.path, true);
  if (link) out.link = link;
  const encoding = chooseEncoding(req.headers['accept-encoding'])[0];
  let body: Buffer = html;
  if (encoding === 'br') body = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  else if (encoding === 'gzip') body = gzipSync(html, { level: 6 });
  if (encoding) out['content-encoding'] = encoding;
  out['content-length'] = String(body.length);
  res.writeHead(200, out);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Serves a file from the build, or the shell for app routes. `pathname` is already decoded (request-path.ts), so
 * the caller's checks and this lookup see one name. Returns false when nothing matched (caller 404s).
 */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, opts: StaticOptions) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let urlPath = pathname === '/' ? '/index.html' : pathname;
  let target = resolveUnder(opts.root, urlPath);
  let found = target ? await findFile(target) : null;
  if (!found && isAppRoute(pathname)) {
    urlPath = '/index.html';
    found = await findFile(join(opts.root, 'index.html'));
  }
  if (!found) return false;
  target = found.file;

  const headers: Record<string, string> = {
    'content-type': mimeType(target),
    'cache-control': cacheControlFor(urlPath),
    'x-content-type-options': 'nosniff',
    vary: 'Accept-Encoding',
  };
  if (urlPath === '/index.html' && opts.firstAnswer && isAppRoute(pathname)) {
    const answer = await opts.firstAnswer(req, pathname);
    if (answer !== null) return sendFirstAnswer(req, res, found.file, answer, { ...headers, ...opts.htmlHeaders }, opts);
  }
  if (urlPath === '/index.html') {
    Object.assign(headers, opts.htmlHeaders);
    const link = opts.linkFor?.(pathname === '/index.html' ? '/' : pathname);
    if (link) headers.link = link;
  }
  if (urlPath === '/sw.js') headers['service-worker-allowed'] = '/';

  let body = found;
  for (const encoding of chooseEncoding(req.headers['accept-encoding'])) {
    const sibling = await findFile(`${target}.${encoding === 'br' ? 'br' : 'gz'}`);
    if (sibling) {
      body = sibling;
      headers['content-encoding'] = encoding;
      break;
    }
  }
  const etag = `W/"${body.size.toString(36)}-${Math.floor(body.mtimeMs).toString(36)}"`;
  headers.etag = etag;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  headers['content-length'] = String(body.size);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(body.file);
    stream.on('error', reject);
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
  return true;
}
