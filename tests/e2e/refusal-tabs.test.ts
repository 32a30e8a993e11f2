import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

// Issue 27 point 5: two tabs share one local database and one sync worker, so the server's answer to an upload
// reaches whichever tab's connector sent it, not necessarily the tab where the change was made. A refusal (the
// change is undone on the device) must be told in every tab of the person.
const REFUSAL = 'Vehicle not found or not yours. That change was undone on this device.';

describe('a refused change is told in every tab', () => {
  let server: TestServer;
  let device: Device;
  let tabA: Page;
  let tabB: Page;
  let camper: string;
  const refusalIn = (page: Page) => page.locator('[data-notification^="list-"]', { hasText: REFUSAL });

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    camper = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Camper van'`))[0]!.id;
    device = await launchDevice();
    await emulateOnlineFlag(device.context);
    tabA = device.page;
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  it('shows the refusal in the tab where the change was made and in the other one', async () => {
    await signInThroughUi(tabA, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await tabA.goto(`${server.url}/vehicle/${camper}`);
    await tabA.locator('[data-action="edit-profile"]').waitFor();
    // The second tab joins later: with a shared sync worker, its connector is the one that sends uploads.
    tabB = await device.context.newPage();
    await tabB.goto(`${server.url}/vehicle/`);
    await tabB.locator('[data-page="my-vehicles"] [data-state="ready"]').waitFor();

    // Offline, the device does not learn that the van was sold, and renames it.
    await setBrowserOffline(device.context, tabA, true);
    await expect.poll(() => tabA.locator('[data-sync-state]').getAttribute('data-sync-state')).toBe('disconnected');
    const worker = (await server.db.query<{ id: string }>(`select id from users where email = 'worker@tagbook.test'`))[0]!.id;
    await server.db.query('update vehicles set user_id = $2 where id = $1', [camper, worker]);
    await tabA.locator('[data-action="edit-profile"]').click();
    const form = tabA.locator('form[data-form="vehicle-profile"]');
    await form.getByLabel('Name', { exact: true }).fill('Camper van, renamed');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => tabA.locator('[data-field="vehicle-name"]').textContent()).toBe('Camper van, renamed');

    // Back online: the server refuses the rename; both tabs say what was undone and why.
    await setBrowserOffline(device.context, tabA, false);
    await Promise.all([refusalIn(tabA).waitFor(), refusalIn(tabB).waitFor()]);
    for (const tab of [tabA, tabB]) {
      await tab.locator('[data-action="notification-details"]').click();
      await tab.locator('[data-dialog="notifications"]', { hasText: `vehicles/${camper}: Vehicle not found or not yours` }).waitFor();
    }
    expect((await server.db.query<{ name: string }>('select name from vehicles where id = $1', [camper]))[0]!.name).toBe('Camper van');
  });
});
