import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// Maintenance at phone size, as an owner keeps it: reminders and the odometer worked out on the device, offline, and
// what others are shown of it (nothing). The demo owner reads miles; their Red 911 stands at 25,480 mi.
describe('maintenance end to end', () => {
  let server: TestServer;
  let owner: Device;
  let worker: Device;
  let ownerPage: Page;
  let red911 = '';

  const maintenance = () => `${server.url}/vehicle/${red911}/maintenance`;
  const reminder = (title: string) => ownerPage.locator('[data-reminder]', { hasText: title });

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    red911 = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    [owner, worker] = await Promise.all([launchDevice(), launchDevice()]);
    await emulateOnlineFlag(owner.context);
    ownerPage = owner.page;
  });
  afterAll(async () => {
    await Promise.all([owner, worker].map((d) => d?.close()));
    await server?.stop();
  });

  it('offline, a reminder falls due when a reading passes it, is marked done, and the next one is scheduled; all of it reaches the server', async () => {
    await signInThroughUi(ownerPage, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await openScreen(ownerPage, maintenance());
    await reminder('Oil change').waitFor();
    await ownerPage.locator('[data-odometer]', { hasText: '25,480 mi' }).waitFor();
    // The seeded typo (2,548 mi between 21,450 and 25,480) is flagged and left out.
    const typo = ownerPage.locator('[data-reading][data-contradicting]');
    expect(await typo.count()).toBe(1);
    expect(await typo.textContent()).toContain('2,548 mi');
    await expectNoAxeViolations(ownerPage, 'the maintenance page');

    await waitForServiceWorker(ownerPage);
    await setBrowserOffline(owner.context, ownerPage, true);
    const beforeWriting = await ownerPage.evaluate(() => Date.now());

    // A reminder by distance, due at 27,000 mi: 1,520 mi to go, so not yet due.
    await ownerPage.locator('[data-action="add-reminder"]').click();
    const form = ownerPage.locator('form[data-form="reminder"]');
    await form.getByLabel('What is due').fill('Tire rotation');
    await form.getByLabel('Distance').fill('5000');
    await form.getByLabel('At odometer').fill('27,000');
    await expectNoAxeViolations(ownerPage, 'the reminder form');
    await form.getByRole('button', { name: 'Save reminder' }).click();
    await reminder('Tire rotation').waitFor();
    expect(await reminder('Tire rotation').getAttribute('data-state')).toBe('upcoming');
    expect(await reminder('Tire rotation').locator('[data-due]').textContent()).toContain('1,520 mi to go');
    await reminder('Tire rotation').locator('[data-unsent]').waitFor();

    // A reading past it, typed with a thousands separator: the reminder is overdue at once, worked out offline.
    await ownerPage.locator('[data-action="add-reading"]').click();
    const reading = ownerPage.locator('form[data-form="odometer-reading"]');
    await reading.getByLabel('Odometer', { exact: true }).fill('27,100');
    await reading.getByRole('button', { name: 'Save reading' }).click();
    await ownerPage.locator('[data-odometer]', { hasText: '27,100 mi' }).waitFor();
    await expect.poll(() => reminder('Tire rotation').getAttribute('data-state')).toBe('overdue');
    expect(await reminder('Tire rotation').locator('[data-due]').textContent()).toContain('100 mi past');

    // The vehicle's own page says so too.
    await ownerPage.getByRole('navigation', { name: 'Vehicle menu' }).getByRole('link', { name: 'Profile' }).click();
    const due = ownerPage.locator('[data-card="due-maintenance"] [data-due-reminder]', { hasText: 'Tire rotation' });
    await due.waitFor();
    expect(await due.getAttribute('data-state')).toBe('overdue');
    await due.locator('a').click();
    await reminder('Tire rotation').waitFor();

    // Done at 27,150 mi: the next rotation is due 5,000 mi later.
    await reminder('Tire rotation').getByRole('button', { name: 'Done' }).click();
    const dialog = ownerPage.locator('[data-dialog="mark-done"]');
    await dialog.getByLabel('Odometer then').fill('27150');
    await expectNoAxeViolations(ownerPage, 'the mark-done dialog');
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => reminder('Tire rotation').getAttribute('data-state')).toBe('upcoming');
    const next = await reminder('Tire rotation').locator('[data-due]').textContent();
    expect(next).toContain('32,150 mi');
    expect(await reminder('Tire rotation').textContent()).toContain('last done');

    // A mistyped reading is flagged and changes nothing.
    await ownerPage.locator('[data-action="add-reading"]').click();
    await reading.getByLabel('Odometer', { exact: true }).fill('2715');
    await reading.getByRole('button', { name: 'Save reading' }).click();
    await expect.poll(() => ownerPage.locator('[data-reading][data-contradicting]').count()).toBe(2);
    expect(await reminder('Tire rotation').locator('[data-due]').textContent()).toBe(next);
    await ownerPage.locator('[data-odometer]', { hasText: '27,150 mi' }).waitFor();

    // The server has none of it yet.
    expect(await server.db.query(`select 1 from vehicle_reminders where title = 'Tire rotation'`)).toEqual([]);
    const beforeOnline = await ownerPage.evaluate(() => Date.now());
    await setBrowserOffline(owner.context, ownerPage, false);
    await reminder('Tire rotation').locator('[data-unsent]').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await server.db.query(`select 1 from reminder_completions c join vehicle_reminders r on r.id = c.reminder_id where r.title = 'Tire rotation'`)).length)
      .toBe(1);
    const [stored] = await server.db.query<{ due_distance: number; every_distance: number; unit: string; value: number; made: Date }>(
      `select r.due_distance, r.every_distance, r.distance_unit as unit, o.value, c.created_at as made
         from vehicle_reminders r join reminder_completions c on c.reminder_id = r.id join odometer_readings o on o.id = c.reading_id
        where r.title = 'Tire rotation'`,
    );
    expect(stored).toMatchObject({ due_distance: 27_000, every_distance: 5_000, unit: 'mi', value: 27_150 });
    // Kept as made on the device, offline, not as received.
    expect(stored!.made.getTime()).toBeGreaterThanOrEqual(beforeWriting);
    expect(stored!.made.getTime()).toBeLessThanOrEqual(beforeOnline);
    const readings = async () =>
      (await server.db.query<{ value: number }>(`select value from odometer_readings where vehicle_id = $1 and value in (27100, 27150, 2715) order by value`, [red911])).map((r) => r.value);
    await expect.poll(readings).toEqual([2715, 27_100, 27_150]);
  });

  it('the logbook lists the reminder done with its reading, and the home page lists what is due', async () => {
    await openScreen(ownerPage, `${server.url}/vehicle/${red911}/logbook`);
    const done = ownerPage.locator('[data-log-kind="reminder-done"]', { hasText: 'Tire rotation done' });
    await done.waitFor();
    expect(await done.textContent()).toContain('Odometer 27,150 mi');
    // A reading given with a completion is told with it, not again on its own.
    expect(await ownerPage.locator('[data-log-kind="odometer"]', { hasText: '27,150' }).count()).toBe(0);
    expect(await ownerPage.locator('[data-log-kind="odometer"]', { hasText: '27,100 mi' }).count()).toBe(1);
    await openScreen(ownerPage, server.url);
    const card = ownerPage.locator('[data-card="due-maintenance"]');
    await card.waitFor();
    // The seeded oil change (due at 25,950 mi) is overdue since the 27,100 mi reading, the registration (in 18 days)
    // due soon; the rotation just done is not due.
    expect(await card.locator('[data-due-reminder]', { hasText: 'Oil change' }).getAttribute('data-state')).toBe('overdue');
    expect(await card.locator('[data-due-reminder]', { hasText: 'Registration renewal' }).count()).toBe(1);
    expect(await card.locator('[data-due-reminder]', { hasText: 'Tire rotation' }).count()).toBe(0);
    expect(await card.textContent()).toContain('Red 911');
    await expectNoAxeViolations(ownerPage, 'the home page with maintenance due');
  });

  it('in kilometres, the same readings and reminders read converted; the readings keep their miles', async () => {
    await openScreen(ownerPage, `${server.url}/my-account`);
    expect(await ownerPage.getByLabel('Miles').isChecked()).toBe(true);
    await ownerPage.getByLabel('Kilometres').check();
    await expect
      .poll(async () => (await server.db.query<{ u: string }>(`select distance_unit as u from users where email = 'owner@tagbook.test'`))[0]?.u)
      .toBe('km');
    await expectNoAxeViolations(ownerPage, 'my account');
    await openScreen(ownerPage, maintenance());
    // 27,150 mi is 43,694 km.
    await ownerPage.locator('[data-odometer]', { hasText: '43,694 km' }).waitFor();
    expect(await reminder('Tire rotation').locator('[data-due]').textContent()).toContain('km');
    expect((await server.db.query<{ unit: string }>(`select distinct unit from odometer_readings where vehicle_id = $1`, [red911])).map((r) => r.unit)).toEqual(['mi']);
  });

  it('a track day recorded with the odometer adds a reading, in the unit the person reads', async () => {
    await openScreen(ownerPage, `${server.url}/vehicle/${red911}/track-support`);
    await ownerPage.locator('[data-action="add-track-session"]').click();
    const form = ownerPage.locator('form[data-form="track-session"]');
    await form.getByLabel('Circuit').fill('Sonoma Raceway');
    await form.getByLabel('Odometer').fill('44,000');
    await form.getByRole('button', { name: 'Save session' }).click();
    await form.waitFor({ state: 'detached' });
    await openScreen(ownerPage, maintenance());
    await ownerPage.locator('[data-odometer]', { hasText: '44,000 km' }).waitFor();
    expect(await ownerPage.locator('[data-reading]', { hasText: 'Track day at Sonoma Raceway' }).textContent()).toContain('44,000 km');
    await expect
      .poll(async () => (await server.db.query<{ unit: string; value: number }>(`select unit, value from odometer_readings where note = 'Track day at Sonoma Raceway'`))[0])
      .toEqual({ unit: 'km', value: 44_000 });
  });

  it('nobody else sees a vehicle\'s maintenance: not a visitor, not a worker of a shop', async () => {
    const page = worker.page;
    await openScreen(page, maintenance());
    expect(await page.locator('main [data-page]').getAttribute('data-page')).toBe('restricted-access');
    expect(await page.locator('main').textContent()).not.toContain('Tire rotation');
    await signInThroughUi(page, server.url, 'worker@tagbook.test', 'tagbook-worker');
    await openScreen(page, maintenance());
    expect(await page.locator('main [data-page]').getAttribute('data-page')).toBe('not-found');
    expect(await page.locator('main').textContent()).not.toContain('Tire rotation');
  });
});
