import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { serviceRequestPath } from '../../src/app/routes.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

// The customer follows the work without calling, at phone size: the worker makes a link on the request in progress
// (showing the work time); the customer opens it signed out and sees it started; the worker completes the work and
// the customer's open page follows; the worker revokes the link and it says so.
describe('a status link for the customer', () => {
  let server: TestServer;
  let worker: Device;
  let customer: Device;
  let requestPath = '';
  let statusPath = '';

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    const [request] = await server.db.query<{ id: string; vehicle_id: string }>(`select id, vehicle_id from service_requests where description like 'Front brake pads%'`);
    requestPath = serviceRequestPath(request!.vehicle_id, request!.id);
    [worker, customer] = await Promise.all([launchDevice(), launchDevice()]);
  });
  afterAll(async () => {
    await Promise.all([worker, customer].map((d) => d?.close()));
    await server?.stop();
  });

  it('the worker makes a link on the request, showing the work time', async () => {
    const page = worker.page;
    await signInThroughUi(page, server.url, 'worker@tagbook.test', 'tagbook-worker');
    await openScreen(page, `${server.url}${requestPath}`);
    const card = page.locator('[data-card="status-link"]');
    await card.getByLabel('Show the work time').check();
    await expectNoAxeViolations(page, 'the request page with its customer link card');
    await card.getByRole('button', { name: 'Make a link' }).click();
    // The link comes back through sync.
    const link = card.locator('[data-status-link]');
    await link.waitFor();
    statusPath = new URL((await link.locator('.ui-link-list__url').textContent())!).pathname;
    expect(statusPath).toMatch(/^\/status\/[A-Za-z0-9_-]{43}$/);
  });

  it('the customer opens it signed out and sees the work started; the open page follows the completion', async () => {
    const page = customer.page;
    await openScreen(page, `${server.url}${statusPath}`);
    const card = page.locator('[data-page="request-status"][data-status-state="ready"]');
    await card.locator('#request-status-title', { hasText: 'Trail Bronco' }).waitFor();
    expect(await card.locator('.request-status').textContent()).toBe('Started');
    await card.locator('[data-field="work-time"]').waitFor();
    expect(await page.locator('.app').getAttribute('data-auth')).toBe('signed-out');
    const text = (await page.locator('main').textContent()) ?? '';
    for (const secret of ['Demo Worker', 'worker@tagbook.test', 'owner@tagbook.test', 'Wheel alignment']) expect(text, secret).not.toContain(secret);
    await expectNoAxeViolations(page, 'the customer status page');

    await worker.page.getByRole('button', { name: 'Complete' }).click();
    await worker.page.locator('[data-dialog="complete-request"]').getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => worker.page.locator('[data-request] .request-status').textContent()).toBe('Completed');
    // Coming back to the page asks again.
    await expect
      .poll(async () => {
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
        return card.locator('.request-status').textContent();
      })
      .toBe('Completed');
  });

  it('the worker revokes it, and the customer is told it does not work', async () => {
    const card = worker.page.locator('[data-card="status-link"]');
    await card.getByRole('button', { name: 'Revoke link' }).click();
    await worker.page.locator('[data-dialog="confirm-revoke-status-link"]').getByRole('button', { name: 'Revoke link' }).click();
    await card.locator('[data-status-link]').waitFor({ state: 'detached' });
    await openScreen(customer.page, `${server.url}${statusPath}`);
    await customer.page.locator('[data-page="request-status"][data-status-state="unknown"]').waitFor();
  });
});
