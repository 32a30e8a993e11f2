import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { mediaBoxes } from '../helpers/pdf.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';


let server: TestServer;
beforeAll(async () => {
  requireBuild();
  server = await startTestServer('pglite');
  await seedDemo(server.db);
});
afterAll(async () => {
  await server?.stop();
});

describe.each([
  [412, 915],
  [1280, 800],
])('print mode at %i×%i', (width, height) => {
  let device: Device;
  let page: Page;
  beforeAll(async () => {
    device = await launchDevice([], { viewport: { width, height } });
    page = device.page;
  });
  afterAll(async () => {
    await device?.close();
  });

  it('shows the page as a Letter sheet with Go Back and Print, and prints 612 × 792 pt pages', async () => {
    await openScreen(page, `${server.url}/help/faq?print=1`);
    const sheet = page.locator('[data-print-sheet="portrait"]');
    await sheet.waitFor();
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    expect(await page.locator('.app-bottom').isVisible()).toBe(false);
    // 8.5 in at CSS's 96 px per inch, shown smaller where the screen is narrower.
    expect(await sheet.evaluate((el) => (el as HTMLElement).offsetWidth)).toBe(816);
    expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(Math.min(816, width));
    await expectNoAxeViolations(page, 'the print preview');
    const boxes = mediaBoxes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box).toEqual([0, 0, 612, 792]);
  });

  it('prints landscape sheets as 792 × 612 pt', async () => {
    await page.getByRole('button', { name: 'Landscape' }).click();
    await page.locator('[data-print-sheet="landscape"]').waitFor();
    expect(new URL(page.url()).searchParams.get('orientation')).toBe('landscape');
    const boxes = mediaBoxes(await page.pdf({ preferCSSPageSize: true }));
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box).toEqual([0, 0, 792, 612]);
  });

  it("prints a vehicle's page without its controls: no buttons, menus or tabs on paper", async () => {
    const id = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    await openScreen(page, `${server.url}/vehicle/${id}?print=1`);
    const sheet = page.locator('[data-print-sheet]');
    await sheet.locator('[data-field="vehicle-name"]').waitFor();
    // The form to contact the owner is there (once the tag has synced) but not on paper.
    await sheet.locator('[data-card="contact-owner"]').waitFor({ state: 'attached' });
    const shownControls = await sheet.locator('button, nav, input').evaluateAll(
      (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null && !el.closest('[data-attachment]')).map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(shownControls).toEqual([]);
    await openScreen(page, `${server.url}/help/faq?print=1`);
    await sheet.waitFor();
  });

  it('goes back to the normal page', async () => {
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.locator('[data-print-preview]').waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('.app-bottom').isVisible()).toBe(true);
  });
});
