import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';

// Links in what people write: URLs become domain chips, numbered when a domain repeats, and a link to another site
// opens only after the confirmation dialog; a link to this site navigates inside the app.
let server: TestServer;
let vehicleId: string;

beforeAll(async () => {
  requireBuild();
  server = await startTestServer('pglite');
  await seedDemo(server.db);
  const [row] = await server.db.query<{ id: string }>(
    `update vehicles set description = $1 where name = 'Red 911' returning id`,
    ['Build thread https://forum.example.com/t/911 and https://forum.example.com/t/912, video www.video.example/watch. Our page: PLACEHOLDER'],
  );
  vehicleId = row!.id;
  await server.db.query(`update vehicles set description = replace(description, 'PLACEHOLDER', $1) where id = $2`, [
    `${server.url}/help/faq`,
    vehicleId,
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe.each([
  [412, 915],
  [1280, 800],
])('links in user text at %i×%i', (width, height) => {
  let device: Device;
  let page: Page;

  beforeAll(async () => {
    device = await launchDevice([], { viewport: { width, height } });
    page = device.page;
  });
  afterAll(async () => {
    await device?.close();
  });

  it('shows each URL as a chip with its domain, numbered when the domain repeats', async () => {
    await openScreen(page, `${server.url}/vehicle/${vehicleId}`);
    // The description's chips (the profile also shows the owner's public notes, with links of their own).
    const chips = page.locator('[data-profile] [data-url-chip]');
    await expect.poll(() => chips.count()).toBe(4);
    expect(await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-url-chip')))).toEqual([
      'forum.example.com (1)',
      'forum.example.com (2)',
      'video.example',
      '127.0.0.1',
    ]);
    await expectNoAxeViolations(page, 'a vehicle page with URL chips');
  });

  it('asks before leaving the site, and stays when told to', async () => {
    await page.locator('[data-url-chip="video.example"]').click();
    const dialog = page.locator('[data-dialog="external-link"]');
    await dialog.waitFor();
    expect(await dialog.locator('[data-field="external-url"]').textContent()).toBe('https://www.video.example/watch');
    await expectNoAxeViolations(page, 'the external-link dialog');
    await dialog.getByRole('button', { name: 'Stay here' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/vehicle/${vehicleId}`);
    expect(device.context.pages()).toHaveLength(1);
  });

  it('opens the other site in a new tab once confirmed', async () => {
    // No outside network here: the other site is answered by the test.
    await device.context.route('https://forum.example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Forum</title>' }));
    await page.locator('[data-url-chip="forum.example.com (2)"]').click();
    const dialog = page.locator('[data-dialog="external-link"]');
    const popup = device.context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Open link' }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://forum.example.com/t/912');
    await opened.close();
    await dialog.waitFor({ state: 'detached' });
  });

  it('navigates inside the app for a link to this site, without asking', async () => {
    await page.locator('[data-url-chip="127.0.0.1"]').click();
    await page.locator('[data-page^="help"]').first().waitFor();
    expect(await page.locator('[data-dialog="external-link"]').count()).toBe(0);
  });
});
