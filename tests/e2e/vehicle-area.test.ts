import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { openScreen, settledScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { myVehicleNames, signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// The vehicle area at phone size, as its people use it: a visitor, the owner on two devices, an admin, and the
// account an admin hands a vehicle to. Every screen is checked with axe-core.
describe('the vehicle area end to end', () => {
  let server: TestServer;
  let visitor: Device;
  let owner: Device;
  let second: Device;
  let admin: Device;
  let visitorPage: Page;
  let ownerPage: Page;
  let secondPage: Page;
  let adminPage: Page;
  const ids = { red911: '', camper: '', supra: '', bronco: '' };

  const idOf = async (name: string) => (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]!.id;
  const url = (id: string, sub = '') => `${server.url}/vehicle/${id}${sub}`;
  const snackbar = (page: Page) => page.locator('.ui-snackbar__message');

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    ids.red911 = await idOf('Red 911');
    ids.camper = await idOf('Camper van');
    ids.supra = await idOf('Supra Turbo');
    ids.bronco = await idOf('Trail Bronco');
    [visitor, owner, second, admin] = await Promise.all([launchDevice(), launchDevice(), launchDevice(), launchDevice()]);
    await emulateOnlineFlag(owner.context);
    const firstPage = async (d: Device) => d.page;
    visitorPage = await firstPage(visitor);
    ownerPage = await firstPage(owner);
    secondPage = await firstPage(second);
    adminPage = await firstPage(admin);
  });
  afterAll(async () => {
    await Promise.all([visitor, owner, second, admin].map((d) => d?.close()));
    await server?.stop();
  });

  it("a visitor sees a public vehicle's profile, and nothing of its owner's pages, nor private vehicles", async () => {
    await openScreen(visitorPage, url(ids.red911));
    const page = visitorPage.locator('[data-page="vehicle"][data-section="profile"]');
    await page.waitFor();
    expect(await visitorPage.locator('[data-vehicle-card] [data-visibility]').getAttribute('data-visibility')).toBe('public');
    await expect.poll(() => visitorPage.locator('[data-profile-item]').count()).toBe(1);
    expect(await visitorPage.locator('[data-profile-item]').textContent()).toContain('Clear PPF on the front end');
    expect(await visitorPage.locator('nav[aria-label="Vehicle menu"]').count()).toBe(0);
    expect(await visitorPage.locator('[data-action="edit-profile"]').count()).toBe(0);
    await expectNoAxeViolations(visitorPage, 'the public profile');

    for (const sub of ['/info', '/notes', '/logbook', '/track-support', '/admin/ownership']) {
      await openScreen(visitorPage, url(ids.red911, sub));
      expect(await visitorPage.locator('main [data-page]').getAttribute('data-page'), sub).toBe('restricted-access');
      expect(await visitorPage.locator('main').textContent(), sub).not.toMatch(/Ownership|Porsche|WP0AB2A9XKS120418/);
    }
    await expectNoAxeViolations(visitorPage, 'an owner page asked of a visitor');
    // A private vehicle, a vehicle that does not exist and an unknown page all look the same.
    for (const path of [url(ids.camper), url(newId()), url(ids.red911, '/edit')]) {
      await openScreen(visitorPage, path);
      expect(await visitorPage.locator('main [data-page]').getAttribute('data-page'), path).toBe('not-found');
    }
  });

  it('the owner edits the profile; its links become chips and leave the site only after confirmation', async () => {
    await signInThroughUi(ownerPage, server.url, 'owner@tagbook.test', 'tagbook-demo');
    // The signed-in home leads to the owner's own vehicles, counted from the device.
    await openScreen(ownerPage, server.url);
    const shortcut = ownerPage.getByRole('navigation', { name: 'Your vehicles' });
    await expect.poll(() => shortcut.textContent()).toContain('3 vehicles');
    await shortcut.getByRole('link').click();
    await ownerPage.locator('[data-page="my-vehicles"]').waitFor();

    await openScreen(ownerPage, url(ids.red911));
    const menu = ownerPage.locator('nav[aria-label="Vehicle menu"]');
    // Just after signing in, the vehicle's tag may still be on its way in the first sync: the item shows once it is.
    await menu.getByText('Show QR Code').waitFor();
    expect(await menu.locator('a, button').allTextContents()).toEqual(['Profile', 'Info', 'Show QR Code', 'Services', 'Notes', 'Track Support', 'Maintenance', 'Messages', 'History report', 'Transfer']);
    // The card leads the owner to the vehicle's services.
    expect(await ownerPage.locator('[data-vehicle-card] a').getAttribute('href')).toBe(`/vehicle/${ids.red911}/request-services`);
    await expectNoAxeViolations(ownerPage, "the owner's profile");

    await ownerPage.locator('[data-action="edit-profile"]').click();
    const form = ownerPage.locator('form[data-form="vehicle-profile"]');
    await form.getByLabel('Description').fill('Weekend canyon car. Build log: https://build.example.com/red911');
    await form.getByLabel('Instagram').fill('@red911');
    await form.getByLabel('Website').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save profile' }).click();
    expect(await form.locator('[data-error-for="website"]').textContent()).toContain('web address');
    await expectNoAxeViolations(ownerPage, 'the profile form with an error');
    await form.getByLabel('Website').fill('');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => snackbar(ownerPage).textContent()).toBe('Profile saved.');
    await ownerPage.locator('[data-url-chip="build.example.com"]').waitFor();
    await expect
      .poll(async () => (await server.db.query<{ instagram: string }>('select instagram from vehicles where id = $1', [ids.red911]))[0]!.instagram)
      .toBe('https://www.instagram.com/red911');

    await ownerPage.locator('[data-social="instagram"]').click();
    const dialog = ownerPage.locator('[data-dialog="external-link"]');
    expect(await dialog.locator('[data-field="external-url"]').textContent()).toBe('https://www.instagram.com/red911');
    await dialog.getByRole('button', { name: 'Stay here' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the owner reads the info (VIN tail highlighted) but cannot edit it, and never sees the Ownership page', async () => {
    await ownerPage.locator('nav[aria-label="Vehicle menu"]').getByRole('link', { name: 'Info' }).click();
    await ownerPage.locator('[data-vehicle-info="reading"]').waitFor();
    expect(await ownerPage.locator('[data-info-field="vin"] mark').textContent()).toBe('KS120418');
    expect(await ownerPage.locator('[data-info-field="make"] dd').textContent()).toBe('Porsche');
    await ownerPage.keyboard.press('e');
    expect(await ownerPage.locator('form[data-form="vehicle-info"]').count()).toBe(0);
    expect(await ownerPage.locator('[data-action="edit-info"]').count()).toBe(0);
    await expectNoAxeViolations(ownerPage, 'the info read view');

    // The Bronco is a shop's customer: that record is the shop's, and the owner is shown no nameless line for it.
    await openScreen(ownerPage, url(ids.bronco, '/info'));
    await ownerPage.locator('[data-vehicle-info="reading"] [data-info-field="make"]').waitFor();
    expect(await ownerPage.locator('[data-info-field="customer_id"]').count()).toBe(0);
    expect(await ownerPage.locator('[data-vehicle-info]').textContent()).not.toContain('A customer');

    await openScreen(ownerPage, url(ids.red911, '/admin/ownership'));
    expect(await ownerPage.locator('main [data-page]').getAttribute('data-page')).toBe('not-found');
    expect(await ownerPage.locator('main').textContent()).not.toContain('Ownership');
  });

  it("opened on a page far along the menu, the phone's row of tabs shows that page's tab", async () => {
    await openScreen(ownerPage, url(ids.red911, '/track-support'));
    const tab = await ownerPage.locator('nav[aria-label="Vehicle menu"] ul').evaluate((row) => {
      const item = row.querySelector('[aria-current="page"]')!;
      const [r, i] = [row.getBoundingClientRect(), item.getBoundingClientRect()];
      return { rowScrolls: row.scrollWidth > row.clientWidth, whole: i.left >= r.left && i.right <= r.right, label: item.textContent };
    });
    expect(tab).toEqual({ rowScrolls: true, whole: true, label: 'Track Support' });
  });

  it('the owner records a track day with a decimal comma, and the arrow keys step the laps', async () => {
    await openScreen(ownerPage, url(ids.red911, '/track-support'));
    await ownerPage.locator('[data-track-bests]').waitFor();
    await ownerPage.locator('[data-action="add-track-session"]').click();
    const form = ownerPage.locator('form[data-form="track-session"]');
    await form.getByLabel('Circuit').fill('Sonoma Raceway');
    const laps = form.getByLabel('Laps');
    await laps.press('Shift+ArrowUp');
    await laps.press('ArrowUp');
    expect(await laps.inputValue()).toBe('11');
    await form.getByLabel('Best lap').fill('1:42,357');
    // A phone keypad that offers only a comma: 2,1 is two point one, never 21.
    await form.getByLabel('Front pressure, cold').fill('2,1');
    await form.getByLabel('Rear pressure, cold').fill('2,25');
    await form.getByLabel('Conditions').selectOption('dry');
    await expectNoAxeViolations(ownerPage, 'the track session form');
    await form.getByRole('button', { name: 'Save session' }).click();
    const best = ownerPage.locator('[data-track-bests] [data-circuit="Sonoma Raceway"]');
    await best.waitFor();
    expect(await best.locator('.track-best__time').textContent()).toBe('1:42.357');
    await expect
      .poll(async () => (await server.db.query('select laps, best_lap_ms, tire_pressure_front, tire_pressure_rear, conditions from track_sessions where circuit = $1', ['Sonoma Raceway']))[0])
      .toEqual({ laps: 11, best_lap_ms: 102_357, tire_pressure_front: 2.1, tire_pressure_rear: 2.25, conditions: 'dry' });
    await expectNoAxeViolations(ownerPage, 'track support');
  });

  it('a note written offline on one device appears on the other, in all notes and in the logbook, at the time it was written', async () => {
    await signInThroughUi(secondPage, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await openScreen(secondPage, url(ids.red911, '/notes'));
    await secondPage.locator('[data-notes="recent"] [data-note-id]').first().waitFor();

    await openScreen(ownerPage, url(ids.red911, '/notes'));
    await waitForServiceWorker(ownerPage);
    await setBrowserOffline(owner.context, ownerPage, true);
    const composer = ownerPage.locator('form[data-form="add-note"]');
    await composer.getByLabel('New note').fill('Offline: new front pads fitted, bedded in on the way home');
    await composer.getByLabel('Show on the public profile').check();
    // The device's clock is the reference: the note is written between these two readings of it, and uploaded only
    // after the second, once the network is back.
    const beforeWriting = await ownerPage.evaluate(() => Date.now());
    await composer.getByRole('button', { name: 'Add note' }).click();
    const written = ownerPage.locator('[data-notes="recent"] [data-note-id]', { hasText: 'new front pads' });
    await written.waitFor();
    // Until the server has it, the note says it is only on this device, and the sync bar counts what waits.
    await written.locator('[data-unsent]', { hasText: 'Not sent yet' }).waitFor();
    expect(Number(await ownerPage.locator('[data-sync-waiting]').getAttribute('data-sync-waiting'))).toBeGreaterThan(0);
    expect(await ownerPage.locator('[data-note-id] [data-unsent]').count()).toBe(1);
    // Snackbars rise above the sync bar while it shows: neither covers the other.
    const gap = await ownerPage.evaluate(() => {
      const region = document.querySelector('.ui-snackbar-region')!;
      const bar = document.querySelector('.sync-status__bar')!.getBoundingClientRect();
      return window.innerHeight - parseFloat(getComputedStyle(region).bottom) - bar.top;
    });
    expect(gap).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(ownerPage, 'the notes page');
    expect(await secondPage.locator('[data-note-id]', { hasText: 'new front pads' }).count()).toBe(0);
    const beforeOnline = await ownerPage.evaluate(() => Date.now());
    const writtenWhileOffline = async (time: ReturnType<Page['locator']>) => {
      const at = Date.parse((await time.getAttribute('datetime')) ?? '');
      return at >= beforeWriting && at <= beforeOnline;
    };

    await setBrowserOffline(owner.context, ownerPage, false);
    await written.locator('[data-unsent]').waitFor({ state: 'detached' });
    const arrived = secondPage.locator('[data-notes="recent"] [data-note-id]', { hasText: 'new front pads' });
    await arrived.waitFor();
    expect(await arrived.getAttribute('data-public')).toBe('true');
    expect(await arrived.locator('.note__author').textContent()).toBe('Demo Owner');
    // The other device holds only the server's copy: it reads the time the note was written, not of its upload.
    expect(await writtenWhileOffline(arrived.locator('time'))).toBe(true);

    await secondPage.locator('[data-action="all-notes"]').click();
    await secondPage.locator('[data-notes="all"]').waitFor();
    await secondPage.getByLabel('Search notes').fill('PADS bedded');
    await expect.poll(() => secondPage.locator('[data-notes="all"] [data-note-id]').count()).toBe(1);
    await expectNoAxeViolations(secondPage, 'all notes');

    await openScreen(secondPage, url(ids.red911, '/logbook'));
    const logbook = secondPage.locator('[data-logbook]');
    const logged = logbook.locator('[data-log-kind="note"]', { hasText: 'new front pads' });
    await logged.waitFor();
    expect(await writtenWhileOffline(logged.locator('time'))).toBe(true);
    await logbook.locator('[data-log-kind="track"]', { hasText: 'Sonoma Raceway' }).waitFor();
    expect(await logbook.locator('[data-log-kind="info"]').count()).toBeGreaterThan(0);
    await expectNoAxeViolations(secondPage, 'the logbook');
  });

  it('an admin edits the info with the keyboard: e to edit, Shift+Enter to save, Escape to cancel', async () => {
    await signInThroughUi(adminPage, server.url, 'admin@tagbook.test', 'tagbook-admin');
    await openScreen(adminPage, url(ids.supra, '/info'));
    await adminPage.locator('[data-vehicle-info="reading"]').waitFor();
    const events = async () => (await server.db.query('select 1 from vehicle_events where vehicle_id = $1', [ids.supra])).length;
    const before = await events();

    await adminPage.keyboard.press('e');
    const form = adminPage.locator('form[data-form="vehicle-info"]');
    await form.waitFor();
    await expectNoAxeViolations(adminPage, 'the info form');
    // Nothing changed: saving writes nothing and leaves the form.
    await form.getByLabel('Model').press('Shift+Enter');
    await adminPage.locator('[data-vehicle-info="reading"]').waitFor();

    await adminPage.keyboard.press('e');
    await form.getByLabel('Color').fill('Super White');
    await form.getByLabel('Category').selectOption({ label: 'Sport' });
    const year = form.getByLabel('Year');
    await year.press('Shift+ArrowDown');
    expect(await year.inputValue()).toBe('1985');
    await year.press('Shift+ArrowUp');
    // A VIN with a wrong check digit warns but does not stop the save; the manufacturer code suggests the make.
    const vin = form.getByLabel('VIN');
    await vin.fill('JT2JA82J1S0021934');
    await form.locator('[data-vin-warning]').waitFor();
    await form.getByLabel('Make').fill('');
    await form.locator('[data-make-suggestion="Toyota"]').getByRole('button', { name: 'Use Toyota' }).click();
    expect(await form.getByLabel('Make').inputValue()).toBe('Toyota');
    await vin.fill('JT2JA82J0S0021934');
    await form.locator('[data-vin-check="valid"]').waitFor();
    await form.getByLabel('Notes').press('Shift+Enter');
    await expect.poll(() => snackbar(adminPage).textContent()).toBe('Vehicle info updated.');
    await adminPage.locator('[data-vehicle-info="reading"]').waitFor();
    expect(await adminPage.locator('[data-info-field="color"] dd').textContent()).toBe('Super White');
    await expect
      .poll(async () => (await server.db.query('select color, category from vehicles_info where vehicle_id = $1', [ids.supra]))[0])
      .toEqual({ color: 'Super White', category: 1 });
    // Only the save that changed something left a trace in the history.
    expect((await events()) - before).toBe(1);

    await adminPage.keyboard.press('e');
    // 'e' puts the cursor in the form's first field.
    await expect.poll(() => form.evaluate((f) => document.activeElement === f.querySelector('input, select, textarea'))).toBe(true);
    await form.getByLabel('Color').fill('Never saved');
    await form.getByLabel('Color').press('Escape');
    await adminPage.locator('[data-vehicle-info="reading"]').waitFor();
    // Escape cancels wherever focus is: here, on the page around the form.
    await adminPage.keyboard.press('e');
    await form.getByLabel('Color').fill('Never saved either');
    await adminPage.locator('#vehicle-info-title').click();
    expect(await form.evaluate((f) => f.contains(document.activeElement))).toBe(false);
    await adminPage.keyboard.press('Escape');
    await adminPage.locator('[data-vehicle-info="reading"]').waitFor();
    expect(await adminPage.locator('[data-info-field="color"] dd').textContent()).toBe('Super White');
    await expectNoAxeViolations(adminPage, 'the info read view of an admin');
  });

  it("an admin moves a vehicle to another account: it leaves the owner's devices and reaches the new owner's, live", async () => {
    // The second device now belongs to the worker, who is about to receive the camper.
    await openScreen(secondPage, `${server.url}/my-account`);
    await secondPage.locator('[data-action="sign-out"]').click();
    await secondPage.locator('.app[data-auth="signed-out"]').waitFor();
    await signInThroughUi(secondPage, server.url, 'worker@tagbook.test', 'tagbook-worker');
    await openScreen(secondPage, `${server.url}/vehicle/`);
    await expect.poll(() => myVehicleNames(secondPage)).toEqual(['Miata', 'Performante', 'Supra Turbo']);
    await openScreen(ownerPage, `${server.url}/vehicle/`);
    await expect.poll(() => myVehicleNames(ownerPage)).toContain('Camper van');

    await openScreen(adminPage, url(ids.camper, '/admin/ownership'));
    expect(await adminPage.locator('[data-owner-email]').getAttribute('data-owner-email')).toBe('owner@tagbook.test');
    await expectNoAxeViolations(adminPage, 'the ownership page');
    const form = adminPage.locator('form[data-form="transfer-ownership"]');
    await form.getByLabel("New owner's email").fill('nobody@tagbook.test');
    await form.getByRole('button', { name: 'Move vehicle' }).click();
    // An address nobody signs in with is refused at once, with no confirmation asked for a move that cannot happen.
    await expect.poll(() => form.locator('[data-error-for="new-owner-email"]').textContent()).toContain('No account uses this email');
    expect(await adminPage.locator('[data-dialog="confirm-transfer"]').count()).toBe(0);
    await form.getByLabel("New owner's email").fill('owner@tagbook.test');
    await form.getByRole('button', { name: 'Move vehicle' }).click();
    await expect.poll(() => form.locator('[data-error-for="new-owner-email"]').textContent()).toContain('already owns');
    expect(await adminPage.locator('[data-dialog="confirm-transfer"]').count()).toBe(0);

    await form.getByLabel("New owner's email").fill('Worker@Tagbook.test');
    await form.getByRole('button', { name: 'Move vehicle' }).click();
    const confirm = adminPage.locator('[data-dialog="confirm-transfer"]');
    await expect.poll(() => confirm.textContent()).toContain('will belong to Demo Worker (worker@tagbook.test)');
    await expectNoAxeViolations(adminPage, 'the ownership confirmation');
    await confirm.getByRole('button', { name: 'Move vehicle' }).click();
    await expect.poll(() => snackbar(adminPage).textContent()).toBe('Camper van now belongs to Demo Worker.');
    await expect.poll(() => adminPage.locator('[data-owner-email]').getAttribute('data-owner-email')).toBe('worker@tagbook.test');

    await expect.poll(() => myVehicleNames(ownerPage)).not.toContain('Camper van');
    await expect.poll(() => myVehicleNames(secondPage)).toContain('Camper van');
    await openScreen(secondPage, url(ids.camper, '/logbook'));
    const move = secondPage.locator('[data-log-kind="ownership"]');
    await move.waitFor();
    expect(await move.textContent()).toContain('Ownership moved to Demo Worker');
    expect(await move.textContent()).toContain('Demo Admin');
    // And the previous owner no longer reaches it at all: it is private.
    await openScreen(ownerPage, url(ids.camper));
    await expect.poll(() => ownerPage.locator('main [data-page]').getAttribute('data-page')).toBe('not-found');
    await settledScreen(ownerPage);
  });
});
