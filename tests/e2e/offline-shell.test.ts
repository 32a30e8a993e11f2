import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetManifest } from '../../sw/manifest.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { requireBuild, startTestServer, STATIC_DIR, type TestServer } from '../helpers/server.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { forceIndexedDb, grantPersistentStorage } from '../helpers/storage.js';
import { signInThroughUi } from '../helpers/ui.js';
import { seedDemo } from '../../server/db/seed.js';

// Opened once online, the app must start again with no network at all: the shell from the service worker's cache,
// the SDK worker and the SQLite build of the storage in use from the precache, the data from the local database.

const storages = [
  { storage: 'opfs', prepare: (device: Device, origin: string) => grantPersistentStorage(device.context, origin) },
  { storage: 'idb', prepare: (device: Device) => forceIndexedDb(device.context) },
] as const;

describe.each(storages)('the app offline, on $storage', ({ storage, prepare }) => {
  let server: TestServer;
  let device: Device;
  let page: Page;
  const pageErrors: string[] = [];
  /** Every built file the page, its workers or the service worker asked for. */
  const assetsRequested = new Set<string>();
  /** The same, asked for by the service worker itself. */
  const assetsRequestedByWorker = new Set<string>();
  /** Built files the page itself fetched from the network or the HTTP cache (not through the service worker). */
  const assetsFetchedByPage = new Set<string>();
  /** Built files the page asked for, whoever answered. */
  const assetsAskedByPage = new Set<string>();
  /** Sync credential requests the page sent while the browser was offline. */
  const offlineCredentialRequests: string[] = [];

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    device = await launchDevice();
    await emulateOnlineFlag(device.context);
    await prepare(device, server.url);
    page = device.page;
    page.on('pageerror', (err) => pageErrors.push(err.message));
    page.on('request', (req) => {
      if (req.url().includes('GetPowerSyncAuth') && offline) offlineCredentialRequests.push(req.url());
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/assets/')) assetsAskedByPage.add(pathname);
    });
    device.context.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/assets/')) assetsRequested.add(pathname);
      if (pathname.startsWith('/assets/') && req.serviceWorker()) assetsRequestedByWorker.add(pathname);
    });
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.startsWith('/assets/') && !res.fromServiceWorker()) assetsFetchedByPage.add(pathname);
    });
  });
  let offline = false;
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  const storageOpened = async () => {
    const db = page.locator('[data-db="ready"]');
    await db.waitFor({ state: 'attached' });
    return db.getAttribute('data-storage');
  };

  it('opens online, and the service worker takes control and precaches the shell and this storage', async () => {
    await page.goto(server.url + '/');
    expect(await storageOpened()).toBe(storage);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const manifest = JSON.parse(readFileSync(join(STATIC_DIR, 'asset-manifest.json'), 'utf8')) as AssetManifest;
    const needed = manifest.files.filter((f) => f.group === 'core' || f.group === storage).map((f) => f.url);
    const other = manifest.files.filter((f) => f.group === (storage === 'opfs' ? 'idb' : 'opfs')).map((f) => f.url);
    expect(needed.some((url) => url.endsWith('.wasm'))).toBe(true);
    // Polled from here: waitForFunction does not wait for a predicate's promise (a pending one already counts as true).
    const cached = (urls: string[]) => page.evaluate(async (list) => (await Promise.all(list.map((url) => caches.match(url)))).filter(Boolean).length, urls);
    await expect.poll(() => cached(needed)).toBe(needed.length);
    // The other storage's SQLite build is never downloaded for nothing.
    expect(await cached(other)).toBe(0);
    // A first visit takes the app's chunks in one download of the pack, not one request each.
    const pack = manifest.packs.core;
    expect(pack).toBeDefined();
    expect(assetsRequestedByWorker).toContain(pack!.url);
    const packed = new Set(pack!.files.map((m) => m.url));
    expect([...assetsRequestedByWorker].filter((url) => packed.has(url))).toEqual([]);
    // Nor does the pack bring again what the page fetched at start, but for the opened route's own page chunks
    // (src/app/routeModules.ts START_MODULES).
    const preloads = JSON.parse(readFileSync(join(STATIC_DIR, 'route-preloads.json'), 'utf8')) as { routes: Record<string, string[]> };
    const routePage = new Set(preloads.routes['public-vehicles']);
    expect([...assetsFetchedByPage].filter((url) => packed.has(url) && !routePage.has(url))).toEqual([]);
  });

  it('starts again offline: shell from the service worker, data from the local database', async () => {
    await setBrowserOffline(device.context, page, true);
    offline = true;
    // Both the page and the worker are cut off: what follows cannot have come from the server.
    expect(await page.evaluate(() => fetch('/healthz').then(() => 'online', () => 'offline'))).toBe('offline');
    const [worker] = device.context.serviceWorkers();
    expect(worker).toBeDefined();
    expect(await worker!.evaluate(() => fetch('/healthz').then(() => 'online', () => 'offline'))).toBe('offline');

    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await page.locator('[data-page="public-vehicles"] [data-state="ready"]').waitFor();
    expect(await storageOpened()).toBe(storage);
  });

  it('shows the not-found page for an unknown route offline', async () => {
    await page.goto(server.url + '/no/such/page');
    await page.locator('[data-page="not-found"]').waitFor();
  });

  it('loads a page chunk it had not shown before, offline', async () => {
    await page.goto(server.url + '/help/faq');
    await page.locator('[data-page^="help"]').first().waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('never asks for a built file the precache leaves out (so none is missing offline), nor, signed out, for the signed-in pages', async () => {
    const manifest = JSON.parse(readFileSync(join(STATIC_DIR, 'asset-manifest.json'), 'utf8')) as AssetManifest;
    const precached = new Set(manifest.files.filter((f) => f.group === 'core' || f.group === storage).map((f) => f.url));
    expect(manifest.files.filter((f) => f.group === 'member').length).toBeGreaterThan(5);
    expect(assetsRequested.size).toBeGreaterThan(5);
    // The pack itself is only the vehicle its members come in.
    const unexpected = [...assetsRequested].filter((url) => !precached.has(url) && url !== manifest.packs.core?.url);
    expect(unexpected).toEqual([]);
  });

  it('stays quietly in offline mode: no connection attempts, no credential requests', async () => {
    await expect.poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state')).toBe('disconnected');
    expect(offlineCredentialRequests).toEqual([]);
  });

  it('connects at once when the network returns', async () => {
    const credentials = page.waitForRequest((req) => req.url().includes('GetPowerSyncAuth'));
    offline = false;
    await setBrowserOffline(device.context, page, false);
    await credentials;
    await expect.poll(() => page.locator('[data-sync-state]').getAttribute('data-sync-state')).not.toBe('disconnected');
  });

  it('once someone signs in, adds the signed-in pages in one pack, and they open offline', async () => {
    const manifest = JSON.parse(readFileSync(join(STATIC_DIR, 'asset-manifest.json'), 'utf8')) as AssetManifest;
    const preloads = JSON.parse(readFileSync(join(STATIC_DIR, 'route-preloads.json'), 'utf8')) as { routes: Record<string, string[]> };
    const memberPack = manifest.packs.member!;
    const myVehiclesPage = preloads.routes['my-vehicles']![0]!;
    expect(memberPack.files.map((m) => m.url)).toContain(myVehiclesPage);

    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await expect.poll(() => page.evaluate(async () => (await caches.match('/.sw-precached/member')) !== undefined)).toBe(true);
    expect(assetsRequestedByWorker).toContain(memberPack.url);
    // The worker fetched members one by one only when the page asked first (the home page's work list, say).
    const packed = new Set(memberPack.files.map((m) => m.url));
    expect([...assetsRequestedByWorker].filter((url) => packed.has(url) && !assetsAskedByPage.has(url))).toEqual([]);
    // My Vehicles was never opened: offline, its page can only come from what the worker precached at sign-in.
    expect(assetsRequested.has(myVehiclesPage)).toBe(false);

    await setBrowserOffline(device.context, page, true);
    offline = true;
    await page.goto(server.url + '/vehicle');
    await page.locator('[data-page="my-vehicles"]').waitFor();
    expect(pageErrors).toEqual([]);
  });
  it('after a deploy, the new worker caches again the groups this device had asked for, and keeps what it had', async () => {
    offline = false;
    await setBrowserOffline(device.context, page, false);
    const manifest = JSON.parse(readFileSync(join(STATIC_DIR, 'asset-manifest.json'), 'utf8')) as AssetManifest;
    const memberFile = manifest.files.find((f) => f.group === 'member')!.url;
    // A file of a group this device never asked for, cached all the same (as a page opened before its chunks formed a
    // group of their own would be): the other storage's SQLite glue.
    const otherStorage = storage === 'opfs' ? 'idb' : 'opfs';
    const otherFile = manifest.files.find((f) => f.group === otherStorage && f.url.endsWith('.js'))!.url;
    await page.evaluate(async ({ name, url }) => (await caches.open(name)).add(url), { name: `tagbook-${manifest.digest}`, url: otherFile });
    // A deploy as the browser sees it: a byte-different sw.js whose precache names another cache.
    const deployed = mkdtempSync(join(tmpdir(), 'tagbook-deploy-'));
    cpSync(STATIC_DIR, deployed, { recursive: true });
    const digest = manifest.digest.split('').reverse().join('');
    const sw = readFileSync(join(deployed, 'sw.js'), 'utf8');
    expect(sw).toContain(`"${manifest.digest}"`);
    writeFileSync(join(deployed, 'sw.js'), sw.replaceAll(`"${manifest.digest}"`, `"${digest}"`));
    rmSync(join(deployed, 'sw.js.br'), { force: true });
    rmSync(join(deployed, 'sw.js.gz'), { force: true });
    try {
      await server.restart({ staticDir: deployed });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.update());
      // Installed means its precache finished: it now waits to take over.
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting?.state ?? null)).toBe('installed');
      const inNewCache = await page.evaluate(
        async ({ name, urls }) => {
          const cache = await caches.open(name);
          return Promise.all(urls.map(async (url) => (await cache.match(url)) !== undefined));
        },
        { name: `tagbook-${digest}`, urls: [`/.sw-precached/${storage}`, '/.sw-precached/member', memberFile, `/.sw-precached/${otherStorage}`, otherFile] },
      );
      // Both groups asked for again, the other storage never asked for, and the file it had of it kept.
      expect(inNewCache).toEqual([true, true, true, false, true]);
    } finally {
      await server.restart();
      rmSync(deployed, { recursive: true, force: true });
    }
  });

});
