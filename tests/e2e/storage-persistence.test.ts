import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { PERSISTENCE_NOTICE } from '../../src/data/persistenceRules.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { grantPersistentStorage } from '../helpers/storage.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { myVehicleNames, signInThroughUi } from '../helpers/ui.js';

// Issue 27 point 4: unsent changes live in storage the browser may clear unless it agreed to keep it. The app asks
// at sign-in and while changes wait, and says so calmly when the browser said no. Headless Chromium refuses
// persist() by default; granting the permission through the DevTools protocol is the browser saying yes.
type Answer = 'refused' | 'granted';

const CALLS_KEY = 'test.persistCalls';

describe.each<Answer>(['refused', 'granted'])('persisted storage %s by the browser', (answer) => {
  let server: TestServer;
  let device: Device;
  let page: Page;
  const region = () => page.locator('.storage-notice');
  const notice = () => page.locator('[data-storage-notice]');
  const persistCalls = () => page.evaluate((key) => Number(localStorage.getItem(key) ?? 0), CALLS_KEY);

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    device = await launchDevice();
    if (answer === 'granted') await grantPersistentStorage(device.context, server.url);
    await emulateOnlineFlag(device.context);
    // Test instrumentation, not product code: count the app's persist() requests across reloads.
    await device.context.addInitScript((key) => {
      const ask = StorageManager.prototype.persist;
      StorageManager.prototype.persist = function (this: StorageManager) {
        localStorage.setItem(key, String(Number(localStorage.getItem(key) ?? 0) + 1));
        return ask.call(this);
      };
    }, CALLS_KEY);
    page = device.page;
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  it('asks when the person signs in', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('[data-db="ready"]').waitFor({ state: 'attached' });
    const atStart = await persistCalls();
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    if (answer === 'refused') {
      await expect.poll(persistCalls).toBe(atStart + 1);
      expect(await page.evaluate(() => navigator.storage.persisted())).toBe(false);
    } else {
      // Granted: persisted() says so, and there is nothing to ask for.
      expect(await page.evaluate(() => navigator.storage.persisted())).toBe(true);
      await page.locator('.storage-notice[data-storage-persisted="true"]').waitFor({ state: 'attached' });
      expect(await persistCalls()).toBe(0);
    }
  });

  it(answer === 'refused' ? 'says so while changes wait offline, without asking again' : 'says nothing while changes wait offline', async () => {
    await page.goto(`${server.url}/vehicle/`);
    await page.locator('[data-page="my-vehicles"] [data-state="ready"]').waitFor();
    const before = await persistCalls();
    await setBrowserOffline(device.context, page, true);
    const form = page.locator('form[data-form="add-vehicle"]');
    await form.getByLabel('New vehicle name').fill('Kept van');
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    await expect.poll(() => myVehicleNames(page)).toContain('Kept van');
    // The decision is made on the waiting change: the region names both facts it was made on.
    await page.locator('.storage-notice:not([data-unsent-changes="0"])').waitFor({ state: 'attached' });
    if (answer === 'refused') {
      // Once the change has waited a while (NOTICE_AFTER_WAITING_MS), in the page above its content.
      await notice().waitFor();
      expect(await notice().textContent()).toContain(PERSISTENCE_NOTICE);
      // Calm: it covers nothing; the page's own controls stay in reach (a trial click checks what would be hit).
      await form.getByRole('button', { name: 'Add vehicle' }).click({ trial: true });
      await page.locator('[data-page="my-vehicles"] .vehicle-list a', { hasText: 'Kept van' }).click({ trial: true });
      expect(await region().getAttribute('data-storage-persisted')).toBe('false');
      // Asked at sign-in a moment ago: the waiting change does not ask again (a prompting browser would nag).
      expect(await persistCalls()).toBe(before);
    } else {
      expect(await region().getAttribute('data-storage-persisted')).toBe('true');
      expect(await notice().count()).toBe(0);
    }
  });

  it('says nothing once the changes reached the server', async () => {
    await setBrowserOffline(device.context, page, false);
    await page.locator('.storage-notice[data-unsent-changes="0"]').waitFor({ state: 'attached' });
    expect(await notice().count()).toBe(0);
    const rows = await server.db.query<{ name: string }>(`select name from vehicles where name = 'Kept van'`);
    expect(rows).toHaveLength(1);
  });
});
