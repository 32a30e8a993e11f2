import { request } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { issueMapToken } from '../../server/http/source-maps.js';
import { DevToolsService } from '../../src/gen/tagbook/v1/dev_tools_pb.js';
import { TestDevice } from '../helpers/device.js';
import { requireBuild, startTestServer, STATIC_DIR, type TestServer } from '../helpers/server.js';

const PASSWORD = 'correct horse battery staple';

/** GET with a chosen Host header and cookie (fetch does not let a test set Host). */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The map's URL with one letter of its `.map` escaped, each of the ways the issue found open. */
function encodedSpellings(url: string): string[] {
  const base = url.slice(0, -'.map'.length);
  return [`${base}.%6dap`, `${base}.ma%70`, `${base}%2Emap`, `${base}%2emap`, `${base}.%6D%61%70`];
}

describe('source maps, served only to those allowed', () => {
  let server: TestServer;
  let mapUrl: string;
  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite', { SOURCE_MAP_PASSWORD: PASSWORD });
    await seedDemo(server.db);
    const map = readdirSync(join(STATIC_DIR, 'assets')).find((f) => f.endsWith('.js.map'));
    expect(map, 'the build emits source maps').toBeDefined();
    mapUrl = `${server.url}/assets/${map}`;
  });
  afterAll(async () => server?.stop());

  const admin = async () => {
    const device = await TestDevice.create(server);
    await device.signIn('admin@tagbook.test', 'tagbook-admin');
    return device;
  };
  const mapToken = (device: TestDevice) => /mapToken=([^;]+)/.exec(device.allSetCookies.find((c) => c.startsWith('mapToken=')) ?? '')?.[1] ?? null;

  it('refuses .map files to an ordinary browser, however the path is spelled', async () => {
    expect(await get(mapUrl, {})).toBe(404);
    // The same file named with escapes, which the static files are looked up by once decoded.
    for (const spelled of encodedSpellings(mapUrl)) expect(`${spelled}: ${await get(spelled, {})}`).toBe(`${spelled}: 404`);
  });

  it('never trusts the Host a request names: a forged .dev host gets no map', async () => {
    for (const host of ['tagbook.dev', 'tagbook.dev:8080', 'TAGBOOK.DEV', 'tagbook.dev.example.com']) {
      expect(`${host}: ${await get(mapUrl, { host })}`).toBe(`${host}: 404`);
    }
  });

  it('refuses an empty password, a wrong one, and a caller who is not an admin', async () => {
    const device = await admin();
    const tools = device.client(DevToolsService);
    await expect(tools.enableSourceMaps({ password: '' })).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: 'Password is required' });
    await expect(tools.enableSourceMaps({ password: 'guess' })).rejects.toMatchObject({ code: Code.PermissionDenied });
    expect(mapToken(device)).toBeNull();
    const owner = await TestDevice.create(server);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await expect(owner.client(DevToolsService).enableSourceMaps({ password: PASSWORD })).rejects.toMatchObject({ code: Code.PermissionDenied });
    expect(mapToken(owner)).toBeNull();
    const anonymous = await TestDevice.create(server);
    await expect(anonymous.client(DevToolsService).enableSourceMaps({ password: PASSWORD })).rejects.toMatchObject({ code: Code.Unauthenticated });
  });

  it('sets a year-long mapToken cookie for the right password, which then opens the maps to that browser only', async () => {
    const device = await admin();
    const res = await device.client(DevToolsService).enableSourceMaps({ password: PASSWORD });
    expect(Number(res.expiresAt)).toBeGreaterThan(Date.now() + 364 * 24 * 3600 * 1000);
    const cookie = device.allSetCookies.find((c) => c.startsWith('mapToken='))!;
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/HttpOnly/);
    const token = mapToken(device)!;
    expect(await get(mapUrl, { cookie: `mapToken=${token}` })).toBe(200);
    for (const spelled of encodedSpellings(mapUrl)) expect(await get(spelled, { cookie: `mapToken=${token}` })).toBe(200);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect(await get(mapUrl, { cookie: `mapToken=${tampered}` })).toBe(404);
    const expired = issueMapToken(PASSWORD, Date.now() - 366 * 24 * 3600 * 1000).token;
    expect(await get(mapUrl, { cookie: `mapToken=${expired}` })).toBe(404);
    const otherPassword = issueMapToken('another password', Date.now()).token;
    expect(await get(mapUrl, { cookie: `mapToken=${otherPassword}` })).toBe(404);
  });
});

describe('source maps on a development server', () => {
  it('are served to everyone when PUBLIC_URL, not the request, names a host ending in .dev', async () => {
    requireBuild();
    const server = await startTestServer('pglite', { PUBLIC_URL: 'https://tagbook.dev' });
    try {
      const map = readdirSync(join(STATIC_DIR, 'assets')).find((f) => f.endsWith('.js.map'))!;
      const url = `${server.url}/assets/${map}`;
      expect(await get(url, {})).toBe(200);
      expect(await get(url, { host: 'tagbook.example.com' })).toBe(200);
      for (const spelled of encodedSpellings(url)) expect(await get(spelled, {})).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('are not served when PUBLIC_URL merely contains .dev', async () => {
    requireBuild();
    const server = await startTestServer('pglite', { PUBLIC_URL: 'https://tagbook.dev.example.com' });
    try {
      const map = readdirSync(join(STATIC_DIR, 'assets')).find((f) => f.endsWith('.js.map'))!;
      expect(await get(`${server.url}/assets/${map}`, { host: 'tagbook.dev' })).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('source maps on a server without a password', () => {
  it('cannot be enabled, and says why', async () => {
    requireBuild();
    const server = await startTestServer('pglite');
    try {
      await seedDemo(server.db);
      const device = await TestDevice.create(server);
      await device.signIn('admin@tagbook.test', 'tagbook-admin');
      await expect(device.client(DevToolsService).enableSourceMaps({ password: PASSWORD })).rejects.toMatchObject({ code: Code.FailedPrecondition });
    } finally {
      await server.stop();
    }
  });
});
