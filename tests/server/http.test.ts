import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import type { AssetManifest } from '../../sw/manifest.js';
import { testBackends } from '../helpers/databases.js';
import { requireBuild, startTestServer, STATIC_DIR, type TestServer } from '../helpers/server.js';

/** index.html's root element as the build writes it: holding the app's frame. */
const SHELL_ROOT = '<div id="root"><!--frame--><div class="app" data-auth="loading" data-boot-frame="">';

const backends = await testBackends();

const manifest = (): AssetManifest => JSON.parse(readFileSync(join(STATIC_DIR, 'asset-manifest.json'), 'utf8'));
const firstAsset = (pattern: RegExp) => {
  const found = manifest().files.find((f) => pattern.test(f.url));
  if (!found) throw new Error(`no built file matches ${pattern}`);
  return found.url;
};

describe.each(backends)('HTTP server on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    requireBuild();
    server = await startTestServer(backend);
  });
  afterAll(async () => server?.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { headers: { 'accept-encoding': 'identity', ...headers } });

  it('reports health with the database it uses', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, database: backend });
  });

  it('answers a real RPC through the generated client, in binary protobuf', async () => {
    const transport = createConnectTransport({ baseUrl: `${server.url}/rpc`, httpVersion: '1.1', useBinaryFormat: true });
    const account = createClient(AccountService, transport);
    const res = await account.isLogged({});
    expect(res.logged).toBe(false);
    expect(res.user).toBeUndefined();
  });

  it('serves the shell at / with no-cache and a content security policy', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const html = await res.text();
    // The app's frame, painted before the script runs (src/app/BootFrame.tsx).
    expect(html).toContain(SHELL_ROOT);
    expect(html).toMatch(/<script type="module" src="\/assets\/app-[A-Z0-9]+\.js"><\/script>/);
  });

  it('preloads the whole shell in the HTML, and the opened route\'s page chunk with its imports in a Link header', async () => {
    const preloads = JSON.parse(readFileSync(join(STATIC_DIR, 'route-preloads.json'), 'utf8')) as {
      shell: string[];
      routes: Record<string, string[]>;
    };
    const home = await get('/');
    const html = await home.text();
    for (const url of preloads.shell) expect(html).toContain(`<link rel="modulepreload" href="${url}">`);
    const linked = (header: string | null) => [...(header ?? '').matchAll(/<([^>]+)>; rel=modulepreload/g)].map((m) => m[1]);
    expect(linked(home.headers.get('link'))).toEqual([...preloads.shell, ...preloads.routes['public-vehicles']!]);
    expect(preloads.routes['public-vehicles']!.length).toBeGreaterThan(0);
    const help = await get('/help/faq');
    expect(linked(help.headers.get('link'))).toEqual([...preloads.shell, ...preloads.routes.help!]);
    expect(preloads.routes.help).not.toEqual(preloads.routes['public-vehicles']);
    // Every preloaded file exists and is never the shell's fallback.
    for (const url of new Set([...preloads.shell, ...Object.values(preloads.routes).flat()])) {
      const res = await get(url);
      expect(res.headers.get('content-type'), url).toBe('text/javascript; charset=utf-8');
    }
  });

  // A tag's address (/ABCDEFGH12) is answered with its first answer instead: first-answer.test.ts.
  it.each(['/vehicle/', '/vehicle/abcdefghijklmnopqrstuv/info', '/help/faq', '/no/such/page',
    '/recover_account/abc123/someone%40example.com'])('falls back to the shell for the app route %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain(SHELL_ROOT);
  });

  it.each(['/rpc/tagbook.v1.Nope/Missing', '/sync/stream', '/assets/missing-ABC.js', '/missing.js', '/blobs/x',
    '/.well-known/nothing', '/icons/none.png', '/assets/'])('answers 404, never the shell, for %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });

  it('refuses to climb out of the static folder', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/assets/..%2f..%2f..%2fpackage.json', '/%2e%2e/server/main.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('answers 400 to a path whose escapes are malformed or name a NUL, never the shell', async () => {
    for (const path of ['/%E0%A4%A', '/vehicle/%zz', '/assets/app%00.js']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ error: 'Bad request' });
    }
  });

  it('serves hashed assets as immutable JavaScript, with brotli and gzip negotiated', async () => {
    const url = firstAsset(/^\/assets\/app-.*\.js$/);
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await plain.text();

    const br = await fetch(server.url + url, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(await br.text()).toBe(body);

    const gz = await fetch(server.url + url, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(body);
  });

  it('serves wasm as application/wasm and the PowerSync worker as JavaScript', async () => {
    const wasm = await get(firstAsset(/\/powersync-[^/]+\/assets\/wa-sqlite-[^/]+\.wasm$/));
    expect(wasm.status).toBe(200);
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    const worker = await get(firstAsset(/\/powersync-[^/]+\/worker\.js$/));
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('serves the service worker and asset manifest uncached', async () => {
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const m = await get('/asset-manifest.json');
    expect(m.headers.get('cache-control')).toBe('no-cache');
    const body = (await m.json()) as AssetManifest;
    expect(body.files.some((f) => f.url === '/index.html' && f.group === 'core')).toBe(true);
    expect(body.files.some((f) => /wa-sqlite-async-.*\.wasm$/.test(f.url) && f.group === 'idb')).toBe(true);
  });

  it.each(['core', 'member'] as const)('serves the %s precache pack compressed, each member byte for byte as served under its own URL and type', async (group) => {
    const { packs, files } = manifest();
    const pack = packs[group];
    expect(pack).toBeDefined();
    const inGroup = files.filter((f) => f.group === group).map((f) => f.url);
    expect(pack!.files.length).toBeGreaterThan(10);
    const compressed = await get(pack!.url, { 'accept-encoding': 'br' });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await (await get(pack!.url)).arrayBuffer());
    let end = 0;
    for (const m of pack!.files) {
      expect(inGroup).toContain(m.url);
      expect(m.offset).toBe(end);
      end = m.offset + m.size;
      const own = await get(m.url);
      expect(m.type).toBe(own.headers.get('content-type'));
      expect(bytes.subarray(m.offset, end).equals(Buffer.from(await own.arrayBuffer()))).toBe(true);
    }
    expect(bytes.length).toBe(end);
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await get('/');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get('/', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(server.url + '/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
