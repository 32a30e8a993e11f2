import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// Vehicles whose data a device does not sync: the oldest of more than a hundred public vehicles (outside the
// latest listed ones a visitor's device holds once that list is bounded), and, for an admin, the notes of any
// vehicle. The page asks the server, keeps the answer for offline revisits, and says "not found" only once the
// server has said so.
describe('vehicles read from the server', () => {
  let server: TestServer;
  let visitor: Device;
  let admin: Device;
  let visitorPage: Page;
  let adminPage: Page;
  let oldest: string;
  let red911: string;
  const url = (id: string, sub = '') => `${server.url}/vehicle/${id}${sub}`;

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    const [worker] = await server.db.query<{ id: string }>(`select id from users where email = 'worker@tagbook.test'`);
    oldest = newId();
    await server.db.query(
      `insert into vehicles (id, name, description, is_public, user_id, created_at, updated_at)
       values ($1, 'Barn find Beetle', 'Found in a barn in 2019, running again.', true, $2, now() - interval '5 years', now() - interval '5 years')`,
      [oldest, worker!.id],
    );
    await server.db.query(`insert into vehicle_notes (id, vehicle_id, user_id, body, is_public) values ($1, $2, $3, 'First drive in 30 years!', true)`, [
      newId(),
      oldest,
      worker!.id,
    ]);
    // 120 newer public vehicles, so the Beetle is far from the latest listed ones.
    await server.db.query(
      `insert into vehicles (id, name, is_public, user_id, created_at, updated_at)
       select substr(translate(encode(sha256(('listed-' || n)::bytea), 'base64'), '+/=', '-_x'), 1, 22), 'Listed car ' || n, true, $1,
              now() - n * interval '1 hour', now() - n * interval '1 hour'
         from generate_series(1, 120) n`,
      [worker!.id],
    );
    red911 = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    [visitor, admin] = await Promise.all([launchDevice(), launchDevice()]);
    await emulateOnlineFlag(visitor.context);
    await emulateOnlineFlag(admin.context);
    visitorPage = visitor.page;
    adminPage = admin.page;
  });
  afterAll(async () => {
    await Promise.all([visitor?.close(), admin?.close()]);
    await server?.stop();
  });

  it('opens the oldest of 120+ public vehicles, and again offline', async () => {
    await openScreen(visitorPage, url(oldest));
    await visitorPage.locator('[data-page="vehicle"][data-section="profile"]').waitFor();
    expect(await visitorPage.locator('[data-field="vehicle-name"]').textContent()).toBe('Barn find Beetle');
    await expect.poll(() => visitorPage.locator('[data-profile-item]').allTextContents()).toEqual([
      expect.stringContaining('First drive in 30 years!'),
    ]);
    await expectNoAxeViolations(visitorPage, 'the profile of a vehicle read from the server');

    await waitForServiceWorker(visitorPage);
    await setBrowserOffline(visitor.context, visitorPage, true);
    await visitorPage.reload();
    await visitorPage.locator('[data-page="vehicle"][data-section="profile"]').waitFor();
    expect(await visitorPage.locator('[data-field="vehicle-name"]').textContent()).toBe('Barn find Beetle');
    await expect.poll(() => visitorPage.locator('[data-profile-item]').allTextContents()).toEqual([expect.stringContaining('First drive in 30 years!')]);
  });

  it('says "offline" rather than "not found" for a vehicle it cannot look up, and "not found" once the server says so', async () => {
    const missing = newId();
    await openScreen(visitorPage, url(missing));
    expect(await visitorPage.locator('main [data-page]').getAttribute('data-page')).toBe('vehicle-unavailable');
    await expectNoAxeViolations(visitorPage, 'a vehicle that cannot be looked up offline');
    await setBrowserOffline(visitor.context, visitorPage, false);
    await expect.poll(() => visitorPage.locator('main [data-page]').getAttribute('data-page')).toBe('not-found');
  });

  it("an admin reads a vehicle's notes from the server, offline too, and a note written offline survives the round trip", async () => {
    await signInThroughUi(adminPage, server.url, 'admin@tagbook.test', 'tagbook-admin');
    await openScreen(adminPage, url(red911, '/notes'));
    const notes = adminPage.locator('[data-notes="recent"] [data-note-id]');
    await expect.poll(() => notes.count()).toBe(3);
    // The admin's device does not sync vehicles' notes: these came from the server.
    expect(await adminPage.evaluate(() => document.querySelector('[data-page="vehicle"]')?.getAttribute('data-access'))).toBe('admin');

    await waitForServiceWorker(adminPage);
    await setBrowserOffline(admin.context, adminPage, true);
    await adminPage.reload();
    await expect.poll(() => notes.count()).toBe(3);
    const composer = adminPage.locator('form[data-form="add-note"]');
    await composer.getByLabel('New note').fill('Inspected by the shop: ready for the next track day');
    await composer.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => notes.count()).toBe(4);

    await setBrowserOffline(admin.context, adminPage, false);
    await expect
      .poll(async () => (await server.db.query('select author_name from vehicle_notes where body like $1', ['Inspected by the shop%']))[0])
      .toEqual({ author_name: 'Demo Admin' });
    // Once uploaded, the device's own copy goes (its buckets do not hold notes) and the server's answer takes over.
    await adminPage.reload();
    await expect.poll(() => notes.count()).toBe(4);
    expect(await notes.first().locator('.note__author').textContent()).toBe('Demo Admin');
  });
});
