import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { ATTACH_TARGET_NOT_FOUND } from '../../server/files/access.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { makeImage } from '../helpers/images.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// Issue 27: a photo queued for a vehicle that was sold before it could be sent was retried forever. The server
// answers its first add with the not_found a stranger gets; with nothing else of the device's left to send, that is
// final: the photo leaves the queue and the person is told which file and why.
const TOLD = `sold-car.jpg was not uploaded: ${ATTACH_TARGET_NOT_FOUND}. It was taken off this device.`;

describe('a photo the server will never take', () => {
  let server: TestServer;
  let device: Device;
  let page: Page;
  let red911: string;
  let owner: string;
  let worker: string;

  const photoTile = () => page.locator('[data-photos] [data-attachment]', { has: page.locator('img[alt="sold-car.jpg"]') });

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    const id = async (sql: string) => (await server.db.query<{ id: string }>(sql))[0]!.id;
    red911 = await id(`select id from vehicles where name = 'Red 911'`);
    owner = await id(`select id from users where email = 'owner@tagbook.test'`);
    worker = await id(`select id from users where email = 'worker@tagbook.test'`);
    device = await launchDevice();
    await emulateOnlineFlag(device.context);
    page = device.page;
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  it('leaves the queue once the vehicle is no longer yours, and the person is told which file and why', async () => {
    await page.goto(`${server.url}/vehicle/${red911}`);
    await page.locator('[data-photos] [data-file-input]').waitFor({ state: 'attached' });
    await waitForServiceWorker(page);
    const photo = await makeImage(page, 640, 480, 'image/jpeg');

    // Offline, the owner adds a photo; meanwhile the car is sold.
    await setBrowserOffline(device.context, page, true);
    await page.locator('[data-photos] [data-file-input]').setInputFiles([{ name: 'sold-car.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await photoTile().waitFor();
    await server.db.query('update vehicles set user_id = $2 where id = $1', [red911, worker]);

    await setBrowserOffline(device.context, page, false);
    await page.locator('[data-notification]', { hasText: TOLD }).waitFor();
    expect(await server.db.query('select id from upload_buckets where form_key = $1', [`vehicle/${red911}`])).toEqual([]);

    // Bought back: had the photo stayed in the queue, it would show (and upload) on the owner's page again.
    await server.db.query('update vehicles set user_id = $2 where id = $1', [red911, owner]);
    await page.reload();
    // The owner's empty photos card: shown only once the device's files, queued ones included, were read, and none held.
    await page.locator('[data-photos]', { hasText: 'Add photos of this vehicle' }).waitFor();
    expect(await photoTile().count()).toBe(0);
  });
});
