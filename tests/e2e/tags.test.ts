import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { settledScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { myVehicleNames, signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// The tag journey with a real server, database and Chromium: claim a free tag, see it resolve on another device
// and be private to strangers, and two people claiming one tag offline.
describe('tags end to end', () => {
  let server: TestServer;
  let owner: Device;
  let ownerPage: Page;
  let second: Device;
  let secondPage: Page;
  let worker: Device;
  let workerPage: Page;

  const vehicleId = async (name: string) =>
    (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]?.id;
  const tagTarget = async (hash: string) =>
    (await server.db.query<{ target_id: string | null }>('select target_id from qr_tags where id = $1', [hash]))[0]?.target_id ?? null;

  async function openMyVehicles(page: Page) {
    await page.goto(`${server.url}/vehicle/`);
    await page.locator('[data-page="my-vehicles"] [data-state="ready"]').waitFor();
  }

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    [owner, second, worker] = await Promise.all([launchDevice(), launchDevice(), launchDevice()]);
    for (const device of [owner, worker]) await emulateOnlineFlag(device.context);
    ownerPage = owner.page;
    secondPage = second.page;
    workerPage = worker.page;
  });
  afterAll(async () => {
    await Promise.all([owner?.close(), second?.close(), worker?.close()]);
    await server?.stop();
  });

  it('claims an unclaimed tag for a new vehicle', async () => {
    await signInThroughUi(ownerPage, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await ownerPage.goto(`${server.url}/DEMOFREE0002`);
    await ownerPage.waitForURL(`${server.url}/register/DEMOFREE0002`);
    const row = ownerPage.locator('[data-tag-assignment="available"]');
    await row.waitFor();
    expect(await row.getByRole('status').textContent()).toBe('Tag #DEMOFREE0002 is Available.');
    expect(await ownerPage.locator('[data-site-domain]').textContent()).toContain(new URL(server.url).host);
    await expectNoAxeViolations(ownerPage, 'an available tag');

    await row.getByRole('button', { name: 'Assign Vehicle' }).click();
    const dialog = ownerPage.locator('[data-dialog="assign-vehicle"]');
    await dialog.getByLabel('Red 911').waitFor();
    await dialog.getByLabel('A new vehicle').check();
    await dialog.getByLabel('New vehicle name').fill('Tagged wagon');
    await expectNoAxeViolations(ownerPage, 'the assign-vehicle dialog');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await ownerPage.waitForURL(/\/vehicle\/[A-Za-z0-9_-]{22}$/);
    await expect.poll(() => ownerPage.locator('[data-field="vehicle-name"]').textContent()).toBe('Tagged wagon');
    // The new vehicle is private, and the confirmation says so.
    await ownerPage.locator('[data-snackbar]').filter({ hasText: 'It is private: only you see it until you make it public' }).waitFor();

    await expect.poll(() => tagTarget('DEMOFREE0002')).not.toBeNull();
    expect(await tagTarget('DEMOFREE0002')).toBe(await vehicleId('Tagged wagon'));
  });

  it('tells a stranger only that the tag belongs to a private vehicle, and opens it for its owner on another device', async () => {
    await secondPage.goto(`${server.url}/DEMOFREE0002`);
    const page = secondPage.locator('[data-page="tag-resolver"][data-tag-state="private-vehicle"]');
    await page.waitFor();
    const text = (await page.textContent()) ?? '';
    expect(text).toContain('This tag belongs to a private vehicle');
    // The title says what was found, not that the tag is still opening.
    expect(await secondPage.title()).toMatch(/^Private vehicle · /);
    expect(text).not.toContain('Tagged wagon');
    expect(text).not.toContain((await vehicleId('Tagged wagon'))!);
    expect(secondPage.url()).toBe(`${server.url}/DEMOFREE0002`);
    await expectNoAxeViolations(secondPage, 'the private-vehicle tag page');

    // A signed-out visitor on a free tag goes through the sign-in drawer and comes back to the claim.
    await secondPage.goto(`${server.url}/register/DEMOFREE0004`);
    await secondPage.getByRole('link', { name: 'Sign in to assign this tag' }).click();
    const drawer = secondPage.locator('[data-auth-drawer]');
    await drawer.getByLabel('Email').fill('owner@tagbook.test');
    await drawer.getByLabel('Password', { exact: true }).fill('tagbook-demo');
    await drawer.getByRole('button', { name: 'Sign in', exact: true }).click();
    await secondPage.locator('[data-tag-assignment="available"]').getByRole('button', { name: 'Assign Vehicle' }).waitFor();
    expect(new URL(secondPage.url()).pathname).toBe('/register/DEMOFREE0004');

    await secondPage.goto(`${server.url}/DEMOFREE0002`);
    await secondPage.waitForURL(`${server.url}/vehicle/${await vehicleId('Tagged wagon')}`);
    await expect.poll(() => secondPage.locator('[data-field="vehicle-name"]').textContent()).toBe('Tagged wagon');
  });

  it('says a tag that does not exist is unknown', async () => {
    await secondPage.goto(`${server.url}/NOSUCHTAG0001`);
    await secondPage.locator('[data-tag-state="not-found"]').waitFor();
    expect(await secondPage.locator('main h1').textContent()).toBe('Unknown tag');
    await expectNoAxeViolations(secondPage, 'the unknown-tag page');
  });

  it("opens a worn tag's code typed in lower case, in groups, with 1 for l: the tag it names, by its own code", async () => {
    await server.db.query(`insert into qr_tags (id) values ('VFd4YALlTyYd')`);
    await secondPage.goto(`${server.url}/register`);
    await secondPage.getByRole('textbox', { name: 'Code' }).fill('vfd4 ya11 tyyd');
    await secondPage.getByRole('button', { name: 'Open' }).click();
    await secondPage.waitForURL(`${server.url}/register/VFd4YALlTyYd`);
    const row = secondPage.locator('[data-tag-assignment="available"]');
    await row.waitFor();
    expect(await row.getByRole('status').textContent()).toBe('Tag #VFd4YALlTyYd is Available.');
  });

  it('two people claim one tag offline: one owner, the other is told why and keeps the vehicle made for it', async () => {
    await signInThroughUi(workerPage, server.url, 'worker@tagbook.test', 'tagbook-worker');
    for (const page of [ownerPage, workerPage]) {
      await openMyVehicles(page);
      await page.goto(`${server.url}/register`);
      await settledScreen(page);
      await waitForServiceWorker(page);
    }
    await setBrowserOffline(owner.context, ownerPage, true);
    await setBrowserOffline(worker.context, workerPage, true);

    // Offline, the tag is not on either device: the resolver says so and offers the assignment.
    await ownerPage.goto(`${server.url}/DEMOFREE0003`);
    await ownerPage.locator('[data-tag-state="offline"]').waitFor();
    await expectNoAxeViolations(ownerPage, 'the offline tag page');
    await ownerPage.getByRole('link', { name: 'Assign this tag' }).click();
    const ownerRow = ownerPage.locator('[data-tag-assignment="unchecked"]');
    await ownerRow.waitFor();
    await ownerRow.getByRole('button', { name: 'Assign Vehicle' }).click();
    const ownerDialog = ownerPage.locator('[data-dialog="assign-vehicle"]');
    await ownerDialog.getByLabel('Red 911').check();
    await ownerDialog.getByRole('button', { name: 'Assign' }).click();
    await ownerPage.waitForURL(`${server.url}/vehicle/${await vehicleId('Red 911')}`);

    await workerPage.goto(`${server.url}/register/DEMOFREE0003`);
    const workerRow = workerPage.locator('[data-tag-assignment="unchecked"]');
    await workerRow.waitFor();
    await workerRow.getByRole('button', { name: 'Assign Vehicle' }).click();
    const workerDialog = workerPage.locator('[data-dialog="assign-vehicle"]');
    await workerDialog.getByLabel('A new vehicle').check();
    await workerDialog.getByLabel('New vehicle name').fill('Worker wagon');
    await workerDialog.getByRole('button', { name: 'Assign' }).click();
    await workerPage.waitForURL(/\/vehicle\/[A-Za-z0-9_-]{22}$/);

    // The owner's claim reaches the server first.
    await setBrowserOffline(owner.context, ownerPage, false);
    await expect.poll(() => tagTarget('DEMOFREE0003')).toBe(await vehicleId('Red 911'));

    await setBrowserOffline(worker.context, workerPage, false);
    const notice = workerPage.locator('.notification-bar');
    await expect.poll(() => notice.textContent()).toContain('Tag DEMOFREE0003 was claimed by someone else first');
    expect(await tagTarget('DEMOFREE0003')).toBe(await vehicleId('Red 911'));
    // The vehicle the worker made for the claim was its own transaction: it stays theirs.
    const wagon = await server.db.query<{ user_id: string }>(`select user_id from vehicles where name = 'Worker wagon'`);
    expect(wagon).toHaveLength(1);
    await openMyVehicles(workerPage);
    expect(await myVehicleNames(workerPage)).toContain('Worker wagon');
    // And the tag now opens what it really leads to: Red 911 is public.
    await workerPage.goto(`${server.url}/DEMOFREE0003`);
    await workerPage.waitForURL(`${server.url}/vehicle/${await vehicleId('Red 911')}`);
  });

  it('keeps an offline scan of a tag the device does not hold, and opens it by itself when the network returns', async () => {
    await setBrowserOffline(worker.context, workerPage, true);
    await workerPage.goto(`${server.url}/DEMOTAG00003`);
    await workerPage.locator('[data-tag-state="offline"]').waitFor();
    expect(await workerPage.locator('main h1').textContent()).toBe("You're offline");
    await setBrowserOffline(worker.context, workerPage, false);
    // The owner's camper is private: back online, the page says so, with nothing more.
    await workerPage.locator('[data-tag-state="private-vehicle"]').waitFor();
    await workerPage.locator('[data-action="open-scanner"]').click();
    await expect.poll(() => workerPage.locator('[data-scan-history] li').allTextContents()).toContainEqual(expect.stringContaining(`${server.url}/DEMOTAG00003`));
  });

  it('on lie-fi gives up waiting for the server after a while, and still uses its answer when it comes', async () => {
    // A device online as far as the browser can tell, whose tag lookups get no answer until released.
    const liefi = await launchDevice();
    try {
      const page = liefi.page;
      const held: Array<() => Promise<void>> = [];
      await page.route('**/tagbook.v1.QrTagService/Resolve', (route) => {
        held.push(() => route.continue());
      });
      const release = async () => {
        while (held.length > 0) await held.shift()!();
      };

      // A scan of a tag this device does not hold, opened inside the app as its scanner does (a page the server sent
      // for the tag's address carries its answer already: first-scan.test.ts): offline after a while, then what the
      // server says.
      await page.goto(`${server.url}/help`);
      await page.locator('.app:not([data-boot-frame])').waitFor();
      await page.evaluate(() => {
        history.pushState(null, '', '/DEMOTAG00003');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.locator('[data-tag-state="offline"]').waitFor();
      expect(await page.locator('main h1').textContent()).toBe("The server isn't answering");
      await release();
      await page.locator('[data-tag-state="private-vehicle"]').waitFor();

      // The claim page: checking (busy), then a claim that can be made here, then the server's word.
      await page.goto(`${server.url}/register/DEMOFREE0004`);
      await page.locator('[data-tag-assignment="checking"][aria-busy="true"]').waitFor();
      await page.locator('[data-tag-assignment="unchecked"]').waitFor();
      await release();
      await page.locator('[data-tag-assignment="available"]').waitFor();
      await expectNoAxeViolations(page, 'a free tag checked on lie-fi');
    } finally {
      await liefi.close();
    }
  });

  it("links a new tag from a vehicle's own page with Assign Entity", async () => {
    await openMyVehicles(ownerPage);
    const form = ownerPage.locator('form[data-form="add-vehicle"]');
    await form.getByLabel('New vehicle name').fill('Untagged van');
    await form.getByRole('button', { name: 'Add vehicle' }).click();
    await ownerPage.locator('[data-page="my-vehicles"] .vehicle-list a', { hasText: 'Untagged van' }).click();
    const card = ownerPage.locator('[data-link-tag]');
    await card.getByLabel('Tag code').fill('DEMOFREE0001');
    await card.getByRole('button', { name: 'Check' }).click();
    await card.locator('[data-tag-assignment="available"]').waitFor();
    await expectNoAxeViolations(ownerPage, 'linking a tag from the vehicle page');
    await card.getByRole('button', { name: 'Assign Entity' }).click();
    await ownerPage.locator('[data-action="show-qr-code"]').waitFor();
    expect(await ownerPage.locator('[data-link-tag]').count()).toBe(0);
    await expect.poll(() => tagTarget('DEMOFREE0001')).toBe(await vehicleId('Untagged van'));
  });
});
