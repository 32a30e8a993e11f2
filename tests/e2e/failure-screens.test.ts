import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';

// What a person sees while the app is not there yet or when things go wrong: the frame index.html paints before the
// app's script has run, a page chunk that never arrives (the loading overlay after 5 s) and a page that throws (the
// error screen). Each is produced from the test by routing the script's request; the service worker is blocked so
// every request reaches the routing.
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
])('failure screens at %i×%i', (width, height) => {
  let device: Device;
  let page: Page;

  beforeAll(async () => {
    device = await launchDevice([], { viewport: { width, height }, reducedMotion: 'reduce', serviceWorkers: 'block' });
    page = device.page;
  });
  afterAll(async () => {
    await device?.close();
  });
  afterEach(async () => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  /** Opens the public list with every chunk loaded, then applies `handler` to chunks requested from now on. */
  async function homeThenRouteNewChunks(handler: (route: Route) => Promise<void> | void): Promise<void> {
    await openScreen(page, server.url + '/');
    await page.locator('.vehicle-list a').first().waitFor();
    await page.route('**/assets/chunk-*.js', handler);
  }

  it("shows the app's frame while its script is still on the way, and the app takes its place", async () => {
    // The entry script is held until the frame has been checked: what shows meanwhile is index.html and its style
    // sheet alone, as on a phone whose first visit is still downloading the shell.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const entryAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route('**/assets/app-*.js', async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    await entryAsked;
    const frame = page.locator('#root > [data-boot-frame]');
    await frame.waitFor();
    // The frame's HTML can be in the DOM before its style sheet applies; the bar's place has a size only by that
    // sheet, so waiting for it to show also waits for the styles (which axe's contrast check needs too).
    await frame.locator('.app-bottom-nav').waitFor({ state: 'visible' });
    expect(await frame.locator('header .app-header-title').textContent()).toBe('Tagbook');
    expect(await frame.getByRole('status').textContent()).toBe('Loading…');
    await expectNoAxeViolations(page, 'the frame before the app runs');

    release();
    await page.locator('.app[data-auth="signed-out"] [data-page="public-vehicles"]').waitFor();
    expect(await page.locator('[data-boot-frame]').count()).toBe(0);
    expect(await page.locator('#root > .app').count()).toBe(1);
  });

  it("shows 'Oh no... It's taking too long...' when a page chunk stalls, and offers a reset", async () => {
    const stalled: Route[] = [];
    await homeThenRouteNewChunks((route) => void stalled.push(route));
    await page.locator('.vehicle-list a').first().click();
    await page.locator('main .ui-loading').waitFor();
    const overlay = page.locator('[data-loading-overlay]');
    await overlay.waitFor();
    expect(await overlay.locator('h2').textContent()).toBe("Oh no... It's taking too long...");
    expect(await overlay.locator('[data-action="reset-app"]').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the loading overlay');
    await overlay.locator('[data-action="keep-waiting"]').click();
    await overlay.waitFor({ state: 'detached' });
    expect(stalled.length).toBeGreaterThan(0);
    // Removing the routing lets the held requests through: the page arrives after all.
    await page.unroute('**/assets/chunk-*.js');
    await page.locator('[data-page="vehicle"]').waitFor();
  });

  it("shows 'Oops! Something Went Wrong' when a page throws, with Try Again and Reset App", async () => {
    await homeThenRouteNewChunks((route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("Deliberately broken page");' }),
    );
    await page.locator('.vehicle-list a').first().click();
    const screen = page.locator('[data-page="error"]');
    await screen.waitFor();
    expect(await screen.locator('h1').textContent()).toBe('Oops! Something Went Wrong');
    expect(await screen.getByRole('button').allTextContents()).toEqual(['Try Again', 'Reset App']);
    expect(await screen.textContent()).toContain('Contact Tagbook support');
    // The chrome stays: the header and the bar still work around the failed page.
    expect(await page.locator('header.app-header').isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the error screen');

    await page.unroute('**/assets/chunk-*.js');
    const reloaded = page.waitForEvent('load');
    await screen.getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    await page.locator('[data-page="vehicle"]').waitFor();
  });

  it('shows the app version at the bottom of every page', async () => {
    await openScreen(page, server.url + '/help');
    expect(await page.locator('[data-app-version]').textContent()).toBe('Tagbook v1.211.1');
  });
});
