import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { WORK_START, WORK_STOP } from '../../src/domain/worktime.js';
import { CrudOp, SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { TestDevice } from '../helpers/device.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { settledScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// Service requests and work time at phone size, with a real server, database and Chromium: an admin opens and
// assigns a request; the worker times it offline across a reload, corrects the times and stops; the admin's device
// shows the total; two workers on one request run the timer twice as fast; an employee whose link ends loses the
// company's requests live.
describe('service requests and work clocks end to end', () => {
  let server: TestServer;
  let admin: Device;
  let worker: Device;
  let second: Device;
  let adminPage: Page;
  let workerPage: Page;
  let secondPage: Page;
  let bronco: string;
  let requestPath = '';
  const DESCRIPTION = 'Replace the serpentine belt';

  const banner = (page: Page) => page.locator('[data-active-request-banner]');
  const clockText = (page: Page, scope: string) => page.locator(`${scope} [data-clock]`).first().textContent();

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    bronco = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`))[0]!.id;
    // A second employee of the demo company, hired through the database as an admin would.
    const account = await TestDevice.create(server);
    await account.register('second.worker@example.com', 'second-worker');
    await server.db.query(
      `insert into company_employees (id, user_id, company_id, type, start_date)
       select $1, $2, id, 'worker', now() - interval '1 day' from companies where name = 'Tagbook Garage'`,
      [newId(), account.session!.userId],
    );
    [admin, worker, second] = await Promise.all([launchDevice(), launchDevice(), launchDevice()]);
    await emulateOnlineFlag(worker.context);
    adminPage = admin.page;
    workerPage = worker.page;
    secondPage = second.page;
    await Promise.all([
      signInThroughUi(adminPage, server.url, 'admin@tagbook.test', 'tagbook-admin'),
      signInThroughUi(workerPage, server.url, 'worker@tagbook.test', 'tagbook-worker'),
      signInThroughUi(secondPage, server.url, 'second.worker@example.com', 'second-worker'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([admin?.close(), worker?.close(), second?.close()]);
    await server?.stop();
  });

  it('lets an admin open a request on a customer\'s vehicle and assign it to the company\'s worker', async () => {
    await adminPage.goto(`${server.url}/vehicle/${bronco}/request-services`);
    const list = adminPage.locator('[data-service-requests]');
    await list.locator('[data-request-id]').first().waitFor();
    await expectNoAxeViolations(adminPage, "a vehicle's service requests");
    await list.getByRole('button', { name: 'New request' }).click();
    const form = adminPage.locator('[data-dialog="service-request-form"]');
    await expect.poll(() => form.getByLabel('Company', { exact: true }).inputValue()).not.toBe('');
    // On the narrowest phones the form fits: nothing in it reaches past the screen's right edge.
    for (const width of [360, 412]) {
      await adminPage.setViewportSize({ width, height: 780 });
      const pastTheEdge = await form.evaluate((dialog) =>
        [...dialog.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((e) => `${e.tagName.toLowerCase()}${e.getAttribute('name') ? `[name=${e.getAttribute('name')}]` : ''} ends at ${Math.round(e.getBoundingClientRect().right)}`),
      );
      expect(pastTheEdge, `at ${width} px`).toEqual([]);
    }
    await adminPage.setViewportSize({ width: 412, height: 915 });
    // The company's catalogue fills in the description; typed over afterwards.
    await form.getByLabel('From the catalogue').selectOption({ label: 'Oil change' });
    expect(await form.getByLabel('What needs doing').inputValue()).toBe('Oil change: 5W-30 synthetic and a new filter');
    await form.getByLabel('What needs doing').fill(DESCRIPTION);
    await form.getByLabel('Assigned to').selectOption({ label: 'Demo Worker' });
    await expectNoAxeViolations(adminPage, 'the new request form');
    await form.getByRole('button', { name: 'Open request' }).click();
    await adminPage.waitForURL(/\/request-services\/[A-Za-z0-9_-]{22}$/);
    requestPath = new URL(adminPage.url()).pathname;
    const card = adminPage.locator('[data-request]');
    expect(await card.locator('[data-field="assignee"]').textContent()).toBe('Demo Worker');
    expect(await card.locator('.request-status').textContent()).toBe('Requested');
    await settledScreen(adminPage);
    await expectNoAxeViolations(adminPage, 'a service request');
  });

  it("never offers 'Start work' on a request whose clock is running while the page is still reading it", async () => {
    // The seeded request, on which the demo worker's clock runs. The page must show it whole or not at all: offered
    // 'Start work' for a moment, a worker could start a second clock on top of the running one.
    const seeded = (await server.db.query<{ id: string }>(`select id from service_requests where description like 'Front brake%'`))[0]!.id;
    const page = await worker.context.newPage();
    try {
      await page.addInitScript(() => {
        const seen = { startOffered: false };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        new MutationObserver(() => {
          if ([...document.querySelectorAll('[data-work-clock] button')].some((b) => b.textContent?.includes('Start work'))) {
            seen.startOffered = true;
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      await page.goto(`${server.url}/vehicle/${bronco}/request-services/${seeded}`);
      await page.getByRole('button', { name: 'Stop work' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __seen: { startOffered: boolean } }).__seen.startOffered)).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('keeps a worker\'s clock running offline across a reload, with the banner ticking, and stops it with corrected times', async () => {
    await workerPage.goto(`${server.url}/`);
    const assigned = workerPage.locator('[data-assigned] a', { hasText: DESCRIPTION });
    await assigned.waitFor();
    await waitForServiceWorker(workerPage);
    await setBrowserOffline(worker.context, workerPage, true);

    await assigned.click();
    await workerPage.getByRole('button', { name: 'Start work' }).click();
    await workerPage.getByRole('button', { name: 'Stop work' }).waitFor();
    // The clock and the status are written in one transaction but shown by two watched queries, each rendering when
    // it has its answer: the status may follow the button by a render.
    await expect.poll(() => workerPage.locator('[data-request] .request-status').textContent()).toBe('Started');

    // Back home (in the app, offline) and a reload there: the clock still runs and the banner ticks.
    await workerPage.goBack();
    await workerPage.locator('[data-page="public-vehicles"]').waitFor();
    await workerPage.reload();
    // Starting this clock stopped the demo's running one on the brakes (one person, one clock): the banner shows this
    // one alone.
    await expect.poll(() => banner(workerPage).locator('[data-field="banner-description"]').textContent()).toBe(DESCRIPTION);
    expect(await banner(workerPage).locator('[data-field="banner-vehicle"]').textContent()).toBe('Ford Bronco Badlands');
    const first = await clockText(workerPage, '[data-active-request-banner]');
    await expect.poll(() => clockText(workerPage, '[data-active-request-banner]')).not.toBe(first);
    expect(await workerPage.locator('[data-in-progress]').textContent()).toContain(DESCRIPTION);

    await banner(workerPage).click();
    await workerPage.waitForURL(`${server.url}${requestPath}`);
    await workerPage.getByRole('button', { name: 'Stop work' }).click();
    const dialog = workerPage.locator('[data-dialog="stop-work"]');
    // Corrected to a known stretch of three minutes, typed in the device's time zone: a start an hour before the
    // request was opened is refused (no work on a request starts before it), one four minutes before is not (the
    // clocks that wrote the two may differ that much). Both times differ from the dialog's (a time left as it was
    // keeps its seconds).
    const opened = (await server.db.query<{ created_at: Date }>('select created_at from service_requests where description = $1', [DESCRIPTION]))[0]!.created_at;
    const local = (ms: number) =>
      workerPage.evaluate((at) => {
        const d = new Date(at);
        const p = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
      }, ms);
    const from = Math.floor(opened.getTime() / 60_000) * 60_000;
    await dialog.getByLabel('Started').fill(await local(from - 60 * 60_000));
    await dialog.getByLabel('Stopped').fill(await local(from - 60_000));
    await dialog.getByRole('button', { name: 'Stop clock' }).click();
    await expect.poll(() => dialog.getByText('The start is before the request was opened').count()).toBe(1);
    await dialog.getByLabel('Started').fill(await local(from - 4 * 60_000));
    await expectNoAxeViolations(workerPage, 'the stop-work dialog');
    await dialog.getByRole('button', { name: 'Stop clock' }).click();
    await expect.poll(() => workerPage.locator('[data-my-time]').textContent()).toBe('00:03:00');
    await workerPage.getByRole('button', { name: 'Start work' }).waitFor();

    // Nothing has left the device yet; back online, the admin's device shows the total.
    const onServer = await server.db.query('select 1 from worktime w join service_requests r on r.id = w.service_request_id where r.description = $1', [DESCRIPTION]);
    expect(onServer).toEqual([]);
    await setBrowserOffline(worker.context, workerPage, false);
    await expect.poll(() => clockText(adminPage, '[data-work-clock]')).toBe('00:03:00');
    await expect.poll(() => adminPage.locator('[data-request] .request-status').textContent()).toBe('Started');
  });

  it('runs the timer twice as fast with two workers on the request, and lets the admin stop one of them', async () => {
    await workerPage.getByRole('button', { name: 'Start work' }).click();
    await secondPage.goto(`${server.url}${requestPath}`);
    await secondPage.getByRole('button', { name: 'Start work' }).click();
    await secondPage.getByRole('button', { name: 'Stop work' }).waitFor();

    await workerPage.goto(`${server.url}/`);
    await expect.poll(() => banner(workerPage).locator('[data-clock-users]').textContent()).toBe('×2');
    const twoRunning = workerPage.locator('[data-in-progress] li', { hasText: DESCRIPTION });
    expect(await twoRunning.locator('[data-field="others-working"]').textContent()).toBe('Also working: second.worker');
    await expectNoAxeViolations(workerPage, 'the home page with the banner and In-Progress Requests');

    await expect.poll(() => adminPage.locator('[data-work-clock] [data-active-user]').count()).toBe(2);
    await adminPage.locator('[data-active-user]', { hasText: 'second.worker' }).getByRole('button', { name: 'Stop' }).click();
    await adminPage.locator('[data-dialog="stop-work"]').getByRole('button', { name: 'Stop clock' }).click();
    await expect.poll(() => adminPage.locator('[data-work-clock] [data-active-user]').count()).toBe(1);
    await expect.poll(() => secondPage.getByRole('button', { name: 'Start work' }).count()).toBe(1);
    await expect.poll(() => banner(workerPage).locator('[data-clock-users]').count()).toBe(0);
  });

  it('completes the request, stopping the completing worker\'s clock with it, and lets the admin delete it', async () => {
    await workerPage.goto(`${server.url}${requestPath}`);
    await workerPage.getByRole('button', { name: 'Stop work' }).waitFor();
    await workerPage.getByRole('button', { name: 'Complete' }).click();
    // Completing asks for the odometer as the work leaves the vehicle (optional), kept as the vehicle's reading.
    const complete = workerPage.locator('[data-dialog="complete-request"]');
    await complete.getByLabel('Odometer now').fill('61,250');
    await expectNoAxeViolations(workerPage, 'the complete-request dialog');
    await complete.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => workerPage.locator('[data-request] .request-status').textContent()).toBe('Completed');
    await expect
      .poll(async () =>
        (await server.db.query<{ value: number; unit: string; note: string; taker: string }>(
          `select o.value, o.unit, o.note, u.email as taker from odometer_readings o join service_requests r on r.id = o.service_request_id
             join users u on u.id = o.user_id where r.description = $1`, [DESCRIPTION]))[0])
      .toEqual({ value: 61_250, unit: 'km', note: `Service: ${DESCRIPTION}`, taker: expect.stringContaining('worker') });
    await expect.poll(() => workerPage.getByText('Reopen the request to log more time.').count()).toBe(1);
    await expect.poll(() => adminPage.locator('[data-request] .request-status').textContent()).toBe('Completed');
    await expect.poll(() => adminPage.locator('[data-work-clock] [data-active-user]').count()).toBe(0);
    const [row] = await server.db.query<{ completed_at: Date | null }>(
      'select completed_at from service_requests where description = $1', [DESCRIPTION]);
    expect(row?.completed_at).not.toBeNull();

    await adminPage.getByRole('button', { name: 'Delete' }).click();
    await adminPage.locator('[data-dialog="delete-request"]').getByRole('button', { name: 'Delete' }).click();
    await adminPage.waitForURL(`${server.url}/vehicle/${bronco}/request-services`);
    await adminPage.locator('[data-request-id]').first().waitFor();
    expect(await adminPage.locator('[data-service-requests]').textContent()).not.toContain(DESCRIPTION);
  });

  it('runs one clock per person: starting work on another request stops the first and says so; overlaps from two offline devices are flagged on both', async () => {
    const idOf = async (like: string) =>
      (await server.db.query<{ id: string; created_at: Date }>('select id, created_at from service_requests where description like $1', [like]))[0]!;
    const brakes = await idOf('Front brake%');
    const alignment = await idOf('Wheel alignment%');
    const pathOf = (id: string) => `${server.url}/vehicle/${bronco}/request-services/${id}`;
    const clockButton = workerPage.locator('[data-work-clock] [data-action="start-work"], [data-work-clock] [data-action="stop-work"]');

    await workerPage.goto(pathOf(brakes.id));
    if ((await clockButton.getAttribute('data-action')) === 'start-work') await clockButton.click();
    await workerPage.getByRole('button', { name: 'Stop work' }).waitFor();

    await workerPage.goto(pathOf(alignment.id));
    await workerPage.getByRole('button', { name: 'Start work' }).click();
    await workerPage.getByRole('button', { name: 'Stop work' }).waitFor();
    await expect
      .poll(() => workerPage.locator('.ui-snackbar__message').textContent())
      .toBe('Clock started here; your clock on “Front brake pads and rotors; check rear differential noise” was stopped.');
    await workerPage.goto(pathOf(brakes.id));
    await workerPage.getByRole('button', { name: 'Start work' }).waitFor();
    await workerPage.goto(`${server.url}/`);
    await expect.poll(() => banner(workerPage).locator('[data-field="banner-description"]').textContent()).toMatch(/^Wheel alignment/);
    expect(await banner(workerPage).locator('[data-field="banner-vehicle"]').textContent()).toBe('Ford Bronco Badlands');
    // The work list renders apart from the banner: waited for, not read once.
    await expect.poll(() => workerPage.locator('[data-in-progress] li').count()).toBe(1);

    // A tablet that was offline uploads an hour of the worker's that overlaps on the two requests: 20 minutes on the
    // alignment, and 20 on the brakes starting 10 minutes into it. Both records are kept; both pages flag the overlap.
    const tablet = await TestDevice.create(server);
    await tablet.signIn('worker@tagbook.test', 'tagbook-worker');
    const from = alignment.created_at.getTime() + 60_000;
    const stretch = (requestId: string, start: number, stop: number) => [
      { op: CrudOp.PUT, table: 'worktime', id: newId(), data: { service_request_id: requestId, operation: WORK_START, time: new Date(start).toISOString() } },
      { op: CrudOp.PUT, table: 'worktime', id: newId(), data: { service_request_id: requestId, operation: WORK_STOP, time: new Date(stop).toISOString() } },
    ];
    const entries = [...stretch(alignment.id, from, from + 20 * 60_000), ...stretch(brakes.id, from + 10 * 60_000, from + 30 * 60_000)];
    const res = await tablet.client(SyncService).uploadData({
      clientId: 'tablet', transactionId: 1n,
      crud: entries.map((e, i) => ({ clientId: BigInt(i + 1), id: e.id, op: e.op, table: e.table, opData: JSON.stringify(e.data), transactionId: 1n })),
    });
    expect(res.errors).toEqual([]);
    const flag = (other: string, countedHere: boolean) =>
      workerPage.locator(`[data-work-overlaps] [data-overlap-request="${other}"][data-counted-here="${countedHere}"]`);
    await workerPage.goto(pathOf(alignment.id));
    await flag(brakes.id, false).waitFor();
    expect(await flag(brakes.id, false).textContent()).toContain('overlaps with your time on “Front brake pads');
    await settledScreen(workerPage);
    await expectNoAxeViolations(workerPage, 'a request with overlapping time');
    await workerPage.goto(pathOf(brakes.id));
    await flag(alignment.id, true).waitFor();
  });

  it("takes the company's requests away live from an employee whose link ends", async () => {
    // The seeded request of the company, still open.
    const seeded = (await server.db.query<{ id: string }>(`select id from service_requests where description like 'Front brake%'`))[0]!.id;
    await secondPage.goto(`${server.url}/vehicle/${bronco}/request-services/${seeded}`);
    await secondPage.locator('[data-request]').waitFor();
    await server.db.query(
      `update company_employees set end_date = now() where user_id = (select id from users where email = 'second.worker@example.com')`,
    );
    await secondPage.locator('[data-page="not-found"]').waitFor();
    // No longer the servicing company's: the vehicle's service pages are not theirs to see at all.
    await secondPage.goto(`${server.url}/vehicle/${bronco}/request-services`);
    await secondPage.locator('[data-page="not-found"]').waitFor();
    await expectNoAxeViolations(secondPage, 'service requests of a vehicle one may not see');
  });

  it("starts an admin's request on a customer's vehicle without requests with the customer's company, known only to the server", async () => {
    const [known] = await server.db.query<{ owner: string; customer: string; company: string }>(
      `select v.user_id as owner, i.customer_id as customer, c.company_id as company
         from vehicles v join vehicles_info i on i.vehicle_id = v.id join customers c on c.id = i.customer_id where v.id = $1`,
      [bronco],
    );
    const van = newId();
    await server.db.query(`insert into vehicles (id, name, user_id, is_public) values ($1, 'Fleet van', $2, false)`, [van, known!.owner]);
    await server.db.query('insert into vehicles_info (id, vehicle_id, customer_id) values ($1, $2, $3)', [newId(), van, known!.customer]);
    // The admin's device holds no customers, and the van has no request whose company could stand in.
    await adminPage.goto(`${server.url}/vehicle/${van}/request-services`);
    await adminPage.locator('[data-empty="service-requests"]').waitFor();
    await adminPage.getByRole('button', { name: 'New request' }).click();
    const form = adminPage.locator('[data-dialog="service-request-form"]');
    await expect.poll(() => form.getByLabel('Company', { exact: true }).inputValue()).toBe(known!.company);
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});
