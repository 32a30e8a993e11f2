import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { maxAttemptsWithin, shortestDelay } from '../../src/domain/backoff.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { startOutageProxy, type OutageProxy, type SeenRequest } from '../helpers/outageProxy.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { forceIndexedDb } from '../helpers/storage.js';
import { myVehicleNames, signInThroughUi } from '../helpers/ui.js';

/** What a device asks to (re)connect: its sync credentials, the stream, a write checkpoint. */
const isConnectAttempt = (r: SeenRequest) => /GetPowerSyncAuth$|^\/sync\/stream$|^\/write-checkpoint/.test(r.path);
const isUpload = (r: SeenRequest) => r.path.endsWith('.SyncService/UploadData');

/**
 * The retries a device made, held against the back-off schedule (domain/backoff.ts): each waited at least half its
 * step, so there are no more than the schedule allows in the time they took. Lower bounds on gaps and an upper
 * bound on the count, both from the schedule: a slow machine only makes gaps longer and counts smaller.
 */
function expectBackedOff(times: number[], failedAt: number, until: number) {
  const gaps = times.map((t, i) => t - (i === 0 ? failedAt : times[i - 1]!));
  gaps.forEach((gap, i) => expect(gap, `wait before retry ${i + 1}`).toBeGreaterThanOrEqual(shortestDelay(i + 1)));
  expect(times.length + 1).toBeLessThanOrEqual(maxAttemptsWithin(until - failedAt));
}

/**
 * Issue 27 point 3: the server stops answering while the browser is online. The device must thin out its requests
 * (connection and upload retries back off: 1 s doubling to a minute) and its sync bar must say so once and stay
 * still, instead of one request a second and 'Connecting...' / 'Offline mode' by turns. Real Chromium, real server,
 * behind a proxy that makes it unreachable.
 */
describe('a server that stops answering while the browser is online', () => {
  let server: TestServer;
  let proxy: OutageProxy;
  let device: Device;
  let page: Page;
  const barStates = () => page.evaluate(() => (window as unknown as { syncStatesSeen: { state: string; at: number }[] }).syncStatesSeen);

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    proxy = await startOutageProxy(server.url);
    device = await launchDevice();
    await forceIndexedDb(device.context);
    // Test instrumentation, not product code: every state the sync bar shows, with the page's clock.
    await device.context.addInitScript(() => {
      const seen: { state: string; at: number }[] = [];
      (window as unknown as { syncStatesSeen: typeof seen }).syncStatesSeen = seen;
      new MutationObserver(() => {
        const state = document.querySelector('[data-sync-state]')?.getAttribute('data-sync-state');
        if (state && seen[seen.length - 1]?.state !== state) seen.push({ state, at: performance.now() });
      }).observe(document, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-sync-state'] });
    });
    page = device.page;
  });
  afterAll(async () => {
    await device?.close();
    await proxy?.close();
    await server?.stop();
  });

  it('retries less and less often, keeps one steady state on the bar, and catches up at once when asked', async () => {
    await signInThroughUi(page, proxy.url, 'owner@tagbook.test', 'tagbook-demo');
    await page.goto(`${proxy.url}/vehicle/`);
    await expect.poll(() => myVehicleNames(page)).toEqual(['Camper van', 'Red 911', 'Trail Bronco']);
    await page.locator('[data-sync-state="idle"]').waitFor({ state: 'attached' });
    const statesBefore = (await barStates()).length;

    proxy.cut();
    const cutAt = performance.now();
    // A change made during the outage waits in the queue, and its upload backs off too.
    await page.getByLabel('New vehicle name').fill('Added during the outage');
    await page.getByRole('button', { name: 'Add vehicle' }).click();
    await expect.poll(() => myVehicleNames(page)).toContain('Added during the outage');

    // Five connection attempts refused: against a fixed second that took five seconds; now at least 15.5. The
    // schedule starts at the first refusal: what the cut broke first (the stream, a token request in flight) is
    // how the device learns of the outage, not a retry.
    await proxy.refusedAtLeast(6, isConnectAttempt);
    const connects = proxy.refused.filter(isConnectAttempt).map((r) => r.at);
    expect(connects[0]).toBeGreaterThanOrEqual(cutAt);
    expectBackedOff(connects.slice(1), connects[0]!, performance.now());
    // The bar: one state for the whole outage, saying what is wrong.
    const during = (await barStates()).slice(statesBefore).map((s) => s.state);
    expect(during).toEqual(['unreachable']);
    expect(await page.locator('.sync-status__label').textContent()).toBe('Server unreachable');
    // The upload of the waiting change: on the same schedule, counted from its first attempt.
    await proxy.refusedAtLeast(4, isUpload);
    const uploads = proxy.refused.filter(isUpload).map((r) => r.at);
    expectBackedOff(uploads.slice(1), uploads[0]!, performance.now());

    // The server answers again; the person does not wait for the next retry (up to a minute): Reconnect tries now.
    proxy.restore();
    await page.locator('[data-action="sync-reconnect"]').click();
    await expect
      .poll(async () => (await server.db.query(`select 1 from vehicles where name = 'Added during the outage'`)).length)
      .toBe(1);
    await page.locator('[data-sync-state="idle"]').waitFor({ state: 'attached' });
    const after = (await barStates()).slice(statesBefore).map((s) => s.state);
    expect(after[0]).toBe('unreachable');
    expect(after.filter((s) => s === 'unreachable')).toHaveLength(1);
    expect(after.at(-1)).toBe('idle');
  });
});
