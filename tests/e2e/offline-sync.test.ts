import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { forceIndexedDb, grantPersistentStorage } from '../helpers/storage.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { myVehicleNames, signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// Issue 5's promise, end to end: two devices of one owner; one goes offline, creates and renames a vehicle,
// reloads while still offline, opens and closes a second tab while offline, comes back; the other sees the change.
// Real server, real database, real Chromium.
type Storage = 'opfs' | 'idb';

describe.each<Storage>(['opfs', 'idb'])('offline writes reach another device (%s)', (storage) => {
  let server: TestServer;
  let a: Device;
  let b: Device;
  let pageA: Page;
  let pageB: Page;
  const seeded = ['Camper van', 'Red 911', 'Trail Bronco'];

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    [a, b] = await Promise.all([launchDevice(), launchDevice()]);
    for (const device of [a, b]) {
      if (storage === 'opfs') await grantPersistentStorage(device.context, server.url);
      else await forceIndexedDb(device.context);
    }
    await emulateOnlineFlag(a.context);
    pageA = a.page;
    pageB = b.page;
    // Test instrumentation, not product code: remember every state the sync bar shows on device A.
    await a.context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { syncStatesSeen: string[] }).syncStatesSeen = seen;
      new MutationObserver(() => {
        const state = document.querySelector('[data-sync-state]')?.getAttribute('data-sync-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
        const toast = document.querySelector('[data-sync-toast]')?.textContent;
        if (toast && !seen.includes(`toast: ${toast}`)) seen.push(`toast: ${toast}`);
      }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-sync-state'] });
    });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await server?.stop();
  });

  async function openMyVehicles(page: Page) {
    await page.goto(`${server.url}/vehicle/`);
    await page.locator('[data-page="my-vehicles"] [data-state="ready"]').waitFor();
  }

  it('syncs the owner\'s vehicles to both devices', async () => {
    await Promise.all([
      signInThroughUi(pageA, server.url, 'owner@tagbook.test', 'tagbook-demo'),
      signInThroughUi(pageB, server.url, 'owner@tagbook.test', 'tagbook-demo'),
    ]);
    for (const page of [pageA, pageB]) {
      await openMyVehicles(page);
      await expect.poll(() => myVehicleNames(page)).toEqual(seeded);
      expect(await page.locator('[data-db]').getAttribute('data-storage')).toBe(storage);
    }
  });

  it('creates and renames a vehicle offline, and keeps it across an offline reload', async () => {
    await waitForServiceWorker(pageA);
    await setBrowserOffline(a.context, pageA, true);
    await expect.poll(() => pageA.locator('[data-sync-state]').getAttribute('data-sync-state')).toBe('disconnected');
    const form = pageA.locator('form[data-form="add-vehicle"]');
    await form.getByLabel('New vehicle name').fill('Offline van');
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    await expect.poll(() => myVehicleNames(pageA)).toContain('Offline van');
    // Only on this device so far, and the list says so of that vehicle alone.
    await pageA.locator('[data-page="my-vehicles"] .vehicle-list a', { hasText: 'Offline van' }).locator('[data-unsent]').waitFor();
    expect(await pageA.locator('[data-page="my-vehicles"] [data-unsent]').count()).toBe(1);

    await pageA.locator('[data-page="my-vehicles"] .vehicle-list a', { hasText: 'Offline van' }).click();
    await pageA.locator('[data-action="edit-profile"]').click();
    const rename = pageA.locator('form[data-form="vehicle-profile"]');
    await rename.getByLabel('Name', { exact: true }).fill('Offline van, renamed');
    await rename.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => pageA.locator('[data-field="vehicle-name"]').textContent()).toBe('Offline van, renamed');

    await pageA.reload();
    await pageA.locator('[data-field="vehicle-name"]').waitFor();
    expect(await pageA.locator('[data-field="vehicle-name"]').textContent()).toBe('Offline van, renamed');
    // Device B has not heard of it: it only ever existed on A.
    expect(await myVehicleNames(pageB)).toEqual(seeded);
  });

  // Tabs share one local database and, on OPFS, one shared sync worker: a tab that comes and goes while offline
  // must leave the first tab's sync able to resume when the network returns.
  it('opens a second tab offline that sees the same local data, and closes it while still offline', async () => {
    const tab = await a.context.newPage();
    await openMyVehicles(tab);
    await expect.poll(() => myVehicleNames(tab)).toContain('Offline van, renamed');
    await tab.close();
  });

  it('uploads when back online, and the other device shows it', async () => {
    await setBrowserOffline(a.context, pageA, false);
    await expect.poll(() => myVehicleNames(pageB), { interval: 50 }).toContain('Offline van, renamed');
    const row = await server.db.query<{ name: string; user_id: string }>(`select name, user_id from vehicles where name like 'Offline van%'`);
    expect(row).toHaveLength(1);
    // Back online, device A's bar settles to hidden (idle). 'disconnected' was asserted before the offline reload;
    // after it, Chromium's offline emulation does not reach the shared sync worker, so the states seen since the
    // reload start from connecting.
    await expect.poll(() => pageA.locator('[data-sync-state]').getAttribute('data-sync-state')).toBe('idle');
    const seen = await pageA.evaluate(() => (window as unknown as { syncStatesSeen: string[] }).syncStatesSeen);
    expect(seen.some((s) => ['connecting', 'connected', 'uploading', 'syncing', 'synced'].includes(s))).toBe(true);
    expect(seen.filter((s) => !s.startsWith('toast:')).at(-1)).toBe('idle');
    expect(seen.filter((s) => s.startsWith('toast:'))).toEqual([]);
    // Sent: the list no longer marks it.
    await openMyVehicles(pageA);
    await pageA.locator('[data-page="my-vehicles"] .vehicle-list a', { hasText: 'Offline van' }).waitFor();
    await pageA.locator('[data-page="my-vehicles"] [data-unsent]').waitFor({ state: 'detached' });
  });

  it('recovers on both devices after a server restart, with nothing lost', async () => {
    await server.restart();
    await openMyVehicles(pageB);
    const form = pageB.locator('form[data-form="add-vehicle"]');
    await form.getByLabel('New vehicle name').fill('After restart');
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    await openMyVehicles(pageA);
    await expect.poll(() => myVehicleNames(pageA)).toContain('After restart');
    expect(await myVehicleNames(pageA)).toEqual(['After restart', 'Camper van', 'Offline van, renamed', 'Red 911', 'Trail Bronco']);
  });
});
