import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

// The admin's Experimental Settings dialog: each of its paths as an admin walks it.
const PASSWORD = 'maps please';
let server: TestServer;

beforeAll(async () => {
  requireBuild();
  server = await startTestServer('pglite', { SOURCE_MAP_PASSWORD: PASSWORD });
  await seedDemo(server.db);
});
afterAll(async () => {
  await server?.stop();
});

describe.each([
  [412, 915],
  [1280, 800],
])('the settings dialog at %i×%i', (width, height) => {
  let device: Device;
  let page: Page;
  const dialog = () => page.locator('[data-dialog="settings"]');

  beforeAll(async () => {
    device = await launchDevice([], { viewport: { width, height } });
    page = device.page;
    await signInThroughUi(page, server.url, 'admin@tagbook.test', 'tagbook-admin');
  });
  afterAll(async () => {
    await device?.close();
  });

  async function openSettings(): Promise<void> {
    await page.locator('nav[aria-label="Bottom navigation"]').getByRole('button', { name: 'Actions menu' }).click();
    await page.locator('[data-admin-action="experimental-settings"]').click();
    await dialog().waitFor();
  }

  it('opens from the Actions tab for admins and passes axe-core', async () => {
    await openScreen(page, `${server.url}/vehicle/`);
    await openSettings();
    expect(await dialog().getByRole('heading', { name: 'Experimental Settings' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the settings dialog');
  });

  it('asks for the source-map password, refuses a wrong one, and opens the maps to this browser with the right one', async () => {
    const form = dialog().locator('form[data-form="source-maps"]');
    const mapUrl = await page.evaluate(() => `${(document.querySelector('script[type="module"]') as HTMLScriptElement).src}.map`);
    expect(await page.evaluate(async (url) => (await fetch(url)).status, mapUrl)).toBe(404);
    await form.getByRole('button', { name: 'Enable source maps' }).click();
    await expect.poll(() => form.locator('[data-error-for="password"]').textContent()).toBe('Password is required');
    await form.getByLabel('Source map password').fill('wrong');
    await form.getByRole('button', { name: 'Enable source maps' }).click();
    await expect.poll(() => form.locator('[data-error-for="password"]').textContent()).toContain('Wrong password');
    await form.getByLabel('Source map password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Enable source maps' }).click();
    await expect.poll(() => page.locator('[data-snackbar]').textContent()).toContain('Source maps enabled');
    expect(await page.evaluate(async (url) => (await fetch(url)).status, mapUrl)).toBe(200);
  });

  it('says how many unsent changes a reset would lose, and lets nobody confirm without acknowledging it', async () => {
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    // A change that cannot reach the server: the upload endpoint is blocked for this page.
    await page.route('**/rpc/tagbook.v1.SyncService/UploadData', (route) => route.abort());
    await openScreen(page, `${server.url}/vehicle/`);
    await page.getByLabel('New vehicle name').fill(`Unsent ${width}`);
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await openSettings();
    await dialog().locator('[data-action="reset-database"]').click();
    const confirm = dialog().locator('[data-action="confirm-reset"]');
    await expect.poll(() => dialog().locator('[data-unsent]').getAttribute('data-unsent')).toBe('1');
    expect(await dialog().locator('[data-unsent]').textContent()).toContain('1 change has not reached the server yet');
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoAxeViolations(page, 'the reset confirmation with unsent changes');
    await dialog().locator('[data-field="understood"]').check();
    expect(await confirm.isDisabled()).toBe(false);
    const reloaded = page.waitForEvent('load');
    await confirm.click();
    await reloaded;
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // The local copy is gone and comes back from the server, without the change that never got there.
    await openScreen(page, `${server.url}/vehicle/`);
    // The list, or the empty state when nothing is left: whichever shows, the unsent vehicle is not in it. (Asking for
    // the list alone waited out the action timeout, two minutes, whenever the empty state showed instead.)
    const shown = page.locator('.vehicle-list, [data-empty]').first();
    await shown.waitFor();
    expect(await shown.textContent()).not.toContain(`Unsent ${width}`);
  });

  it('switches the storage mode with a confirmation and a 3-second countdown, then reloads on the new storage', async () => {
    await openScreen(page, `${server.url}/vehicle/`);
    await openSettings();
    expect(await dialog().locator('[data-field="storage-mode"]').textContent()).toContain('Auto');
    await dialog().locator('[data-action="switch-storage"]').click();
    const reloaded = page.waitForEvent('load');
    await dialog().locator('[data-action="confirm-storage"]').click();
    await expect.poll(() => dialog().locator('[data-field="reload-countdown"]').textContent()).toMatch(/Reloading in [1-3]…/);
    await reloaded;
    expect(await page.evaluate(() => localStorage.getItem('tagbook.storagePreference'))).toContain('"forceIndexedDb":true');
    await page.locator('[data-db="ready"]').waitFor({ state: 'attached' });
    expect(await page.locator('[data-db]').getAttribute('data-storage')).toBe('idb');
  });
});
