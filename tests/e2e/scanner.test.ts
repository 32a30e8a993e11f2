import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { fakeCameraArgs, fakeCameraFile } from '../helpers/fakeCamera.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// The scanner with a fake camera: Chromium plays a video file (a QR code the test makes) as the device's camera.
let server: TestServer;
beforeAll(async () => {
  requireBuild();
  server = await startTestServer('pglite');
  await seedDemo(server.db);
});
afterAll(async () => server?.stop());

async function openScanner(page: Page) {
  await page.locator('[data-action="open-scanner"]').click();
  await page.locator('[data-dialog="scanner"]').waitFor();
}

const redId = async () => (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;

describe.each([
  [412, 915],
  [1280, 800],
])('scanning a tag at %i×%i', (width, height) => {
  let device: Device;
  let page: Page;
  beforeAll(async () => {
    device = await launchDevice(fakeCameraArgs(fakeCameraFile(`${server.url}/DEMOTAG00001`)), { viewport: { width, height } });
    await emulateOnlineFlag(device.context);
    page = device.page;
  });
  afterAll(async () => device?.close());

  it("opens the tag's vehicle page from the camera, and keeps the scan in the history", async () => {
    await page.goto(server.url);
    await page.locator('[data-page="public-vehicles"] [data-state="ready"] li').first().waitFor();
    await openScanner(page);
    await page.waitForURL(`${server.url}/vehicle/${await redId()}`);
    await expect.poll(() => page.locator('[data-field="vehicle-name"]').textContent()).toBe('Red 911');
    expect(await page.locator('[data-dialog="scanner"]').count()).toBe(0);
    await page.goto(server.url);
    await openScanner(page);
    // The camera still shows the code: the dialog opens it again; the history holds it once.
    await page.waitForURL(`${server.url}/vehicle/${await redId()}`);
    await page.goto(`${server.url}/help`);
    await page.evaluate(() => navigator.mediaDevices.getUserMedia = () => new Promise(() => {}));
    await openScanner(page);
    const history = page.locator('[data-scan-history] li');
    await expect.poll(() => history.allTextContents()).toHaveLength(1);
    expect(await history.first().textContent()).toContain(`${server.url}/DEMOTAG00001`);
    expect(await page.locator('.scanner__status').textContent()).toBe('Loading QR Scanner...');
    expect(await page.locator('.scanner__frame').evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(250);
    await expectNoAxeViolations(page, 'the scanner dialog');

    // A tag the phone's own camera opened (its address typed or followed, not scanned in the app) is a scan too.
    await page.goto(`${server.url}/DEMOTAG00002`);
    await page.waitForURL(/\/vehicle\//);
    // The scanner opened on the same page (no reload that could cut the history's write short).
    await page.evaluate(() => navigator.mediaDevices.getUserMedia = () => new Promise(() => {}));
    await openScanner(page);
    await expect.poll(() => history.allTextContents()).toHaveLength(2);
    expect(await history.first().textContent()).toContain(`${server.url}/DEMOTAG00002`);
  });

  it('opens the vehicle from the local database when offline', async () => {
    await page.goto(server.url);
    await waitForServiceWorker(page);
    await setBrowserOffline(device.context, page, true);
    await page.reload();
    await page.locator('[data-page="public-vehicles"] [data-state="ready"] li').first().waitFor();
    await openScanner(page);
    await page.waitForURL(`${server.url}/vehicle/${await redId()}`);
    await expect.poll(() => page.locator('[data-field="vehicle-name"]').textContent()).toBe('Red 911');
    await setBrowserOffline(device.context, page, false);
  });
});

describe('scanning an unclaimed tag', () => {
  it('leads to its claim; once claimed, the same code scanned on another device opens the new vehicle', async () => {
    const camera = fakeCameraArgs(fakeCameraFile(`${server.url}/DEMOFREE0001`));
    const [phone, tablet] = await Promise.all([launchDevice(camera), launchDevice(camera)]);
    try {
      const [first, second] = await Promise.all(
        [phone, tablet].map(async (d) => d.page),
      );
      for (const page of [first!, second!]) await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');

      await openScanner(first!);
      await first!.waitForURL(`${server.url}/register/DEMOFREE0001`);
      const row = first!.locator('[data-tag-assignment="available"]');
      await row.getByRole('button', { name: 'Assign Vehicle' }).click();
      const dialog = first!.locator('[data-dialog="assign-vehicle"]');
      await dialog.getByLabel('A new vehicle').check();
      await dialog.getByLabel('New vehicle name').fill('Scanned wagon');
      await dialog.getByRole('button', { name: 'Assign' }).click();
      await first!.waitForURL(/\/vehicle\/[A-Za-z0-9_-]{22}$/);
      const claimedFor = new URL(first!.url()).pathname;
      const target = async () =>
        (await server.db.query<{ target_id: string | null }>(`select target_id from qr_tags where id = 'DEMOFREE0001'`))[0]?.target_id;
      await expect.poll(target).toBe(claimedFor.split('/').pop());

      await openScanner(second!);
      await second!.waitForURL(`${server.url}${claimedFor}`);
      await expect.poll(() => second!.locator('[data-field="vehicle-name"]').textContent()).toBe('Scanned wagon');
    } finally {
      await Promise.all([phone.close(), tablet.close()]);
    }
  });
});

describe('scanning what is not a Tagbook tag', () => {
  it('asks before opening another site', async () => {
    const device = await launchDevice(fakeCameraArgs(fakeCameraFile('https://example.org/menu')));
    try {
      const page = device.page;
      await page.goto(server.url);
      await openScanner(page);
      const confirm = page.locator('[data-dialog="external-link"]');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('example.org');
      expect(new URL(page.url()).origin).toBe(server.url);
    } finally {
      await device.close();
    }
  });

  it('shows plain text as text', async () => {
    const device = await launchDevice(fakeCameraArgs(fakeCameraFile('Spare key in the glovebox')));
    try {
      const page = device.page;
      await page.goto(server.url);
      await openScanner(page);
      await expect.poll(() => page.locator('[data-scan-text]').textContent()).toContain('Spare key in the glovebox');
      await expectNoAxeViolations(page, 'a text scan');
    } finally {
      await device.close();
    }
  });

  it('explains a blocked camera and offers a way forward', async () => {
    const device = await launchDevice();
    try {
      const page = device.page;
      await device.context.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await page.goto(server.url);
      await openScanner(page);
      const problem = page.locator('[data-camera-failure="denied"]');
      await problem.waitFor();
      expect(await problem.locator('h3').textContent()).toBe('Camera access is blocked');
      expect(await problem.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
      expect(await problem.getByRole('link', { name: 'Type the code' }).getAttribute('href')).toBe('/register');
      await expectNoAxeViolations(page, 'the scanner with the camera blocked');
    } finally {
      await device.close();
    }
  });
});
