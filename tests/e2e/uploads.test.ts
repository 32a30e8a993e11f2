import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { PHOTO_MAX_EDGE } from '../../src/domain/files.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { makeImage } from '../helpers/images.js';
import { signInThroughUi, waitForServiceWorker } from '../helpers/ui.js';

// Files end to end at phone size, on the owner's two devices: a photo taken offline survives a reload, uploads when
// the network returns and appears on the other device; a large upload cut by a server restart continues where it
// stopped and is stored with the right hash.

describe('photos and files end to end', () => {
  let server: TestServer;
  let a: Device;
  let b: Device;
  let pageA: Page;
  let pageB: Page;
  let bronco: string;

  const photos = (page: Page) => page.locator('[data-photos] [data-attachment]');
  /** The photo the gallery marks as the cover. */
  const coverOf = (page: Page) => photos(page).filter({ hasText: 'Cover' }).locator('img').getAttribute('alt');
  const storedFiles = () =>
    server.db.query<{ filehash: string; filesize: string; state: number; blob_key: string | null; file_hash: string }>(
      'select filehash, filesize, state, blob_key, file_hash from bucket_files order by created_at',
    );

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    bronco = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`))[0]!.id;
    [a, b] = await Promise.all([launchDevice(), launchDevice()]);
    await emulateOnlineFlag(a.context);
    pageA = a.page;
    pageB = b.page;
    await Promise.all([
      signInThroughUi(pageA, server.url, 'owner@tagbook.test', 'tagbook-demo'),
      signInThroughUi(pageB, server.url, 'owner@tagbook.test', 'tagbook-demo'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await server?.stop();
  });

  it('a photo taken offline is kept across a reload, uploads (scaled) when the network returns and appears on the other device', async () => {
    await pageA.goto(`${server.url}/vehicle/${bronco}`);
    await pageA.locator('[data-photos]').waitFor();
    await waitForServiceWorker(pageA);
    const photo = await makeImage(pageA, 4000, 3000, 'image/jpeg');

    await setBrowserOffline(a.context, pageA, true);
    // Two photos in one pick: one bucket, added together, locked once both are stored.
    const second = await makeImage(pageA, 800, 600, 'image/jpeg');
    await pageA.locator('[data-photos] [data-file-input]').setInputFiles([
      { name: 'trail-day.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'small.jpg', mimeType: 'image/jpeg', buffer: second },
    ]);
    await expect.poll(() => photos(pageA).count()).toBe(2);
    await expect.poll(() => pageA.locator('[data-photos] [data-upload-overall]').textContent()).toContain('for a network');
    await pageA.locator('[data-photos] img[alt="trail-day.jpg"]').waitFor();
    // A vehicle without a cover takes the first photo picked for it, offline too.
    await pageA.locator('[data-cover="photo"] img').waitFor();
    expect(await coverOf(pageA)).toBe('trail-day.jpg');

    await pageA.reload();
    await pageA.locator('[data-photos] img[alt="trail-day.jpg"]').waitFor();
    expect(await photos(pageA).first().getAttribute('data-uploaded')).toBe('0');
    expect(await storedFiles()).toEqual([]);
    await expectNoAxeViolations(pageA, 'vehicle profile with a photo waiting for a network');

    await setBrowserOffline(a.context, pageA, false);
    await expect.poll(() => pageA.locator('[data-photos] [data-uploaded="1"]').count()).toBe(2);
    const stored = (await storedFiles()).find((f) => Number(f.filesize) !== second.length);
    expect(stored!.state).toBe(2);
    // The small photo is within the edge limit: sent byte for byte.
    expect((await storedFiles()).map((f) => f.file_hash)).toContain(createHash('md5').update(second).digest('hex'));
    expect((await server.db.query<{ locked: number }>('select locked from upload_buckets')).map((b) => b.locked)).toEqual([1]);
    // Scaled on the device: far fewer bytes than the 4000×3000 original, at most PHOTO_MAX_EDGE on its longer edge.
    expect(Number(stored!.filesize)).toBeLessThan(photo.length);
    const size = await pageA.locator('[data-photos] img[alt="trail-day.jpg"]').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([PHOTO_MAX_EDGE, PHOTO_MAX_EDGE * 0.75]);

    await pageB.goto(`${server.url}/vehicle/${bronco}`);
    await pageB.locator('[data-photos] img[alt="trail-day.jpg"]').waitFor();
    await pageB.locator('[data-photos] img[alt="small.jpg"]').waitFor();
    expect(await pageB.locator('[data-photos] img[alt="trail-day.jpg"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(PHOTO_MAX_EDGE);
    await expectNoAxeViolations(pageB, 'vehicle profile with photos');

    // The cover: taken from the first photo, then chosen on one device and shown on the other.
    expect(await pageB.getByRole('button', { name: 'Make trail-day.jpg the cover photo' }).count()).toBe(0);
    await pageB.getByRole('button', { name: 'Make small.jpg the cover photo' }).click();
    await expect.poll(() => coverOf(pageA)).toBe('small.jpg');
  });

  it("shows a public vehicle's photos to a visitor, whose device holds none of its files, with nothing to change", async () => {
    const visitor = await launchDevice();
    try {
      const page = visitor.page;
      await page.goto(`${server.url}/vehicle/${bronco}`);
      const listed = page.locator('[data-photos="listed"]');
      await listed.locator('img[alt="trail-day.jpg"]').waitFor();
      await listed.locator('img[alt="small.jpg"]').waitFor();
      expect(await listed.getByRole('button', { name: /remove|cover/i }).count()).toBe(0);
      await page.locator('[data-cover="photo"] img').waitFor();
      await expectNoAxeViolations(page, "a visitor's view of a vehicle's photos");
      // A photo opens whole in the viewer, at the size it was stored, and Escape returns to the gallery.
      await listed.getByRole('button', { name: 'View trail-day.jpg' }).click();
      const viewer = page.getByRole('dialog', { name: 'trail-day.jpg' });
      const shown = viewer.locator('img[alt="trail-day.jpg"]');
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(PHOTO_MAX_EDGE);
      const [box, frame] = await Promise.all([shown.boundingBox(), viewer.locator('.ui-dialog__body').boundingBox()]);
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.y + box!.height).toBeLessThanOrEqual(frame!.y + frame!.height + 1);
      await expectNoAxeViolations(page, 'the photo viewer');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
    } finally {
      await visitor.close();
    }
  });

  it("shows an admin the photos of someone else's vehicle before their device has synced its files, with none to remove from there", async () => {
    const admin = await launchDevice();
    // The server does not record the vehicle as opened by the admin, so their device never syncs its files: what it
    // shows of them comes from the server's listing alone (as before the first sync of a vehicle the admin opened).
    await server.db.query(`create function test_skip_row() returns trigger language plpgsql as $$ begin return null; end $$`);
    await server.db.query('create trigger test_skip_watch before insert on admin_vehicle_watch for each row execute function test_skip_row()');
    try {
      const page = admin.page;
      await signInThroughUi(page, server.url, 'admin@tagbook.test', 'tagbook-admin');
      await page.goto(`${server.url}/vehicle/${bronco}`);
      const gallery = page.locator('[data-photos]');
      await gallery.locator('img[alt="trail-day.jpg"]').waitFor();
      await gallery.locator('img[alt="small.jpg"]').waitFor();
      await gallery.getByRole('button', { name: 'Add photos' }).waitFor();
      expect(await gallery.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      await expectNoAxeViolations(page, "an admin's view of photos their device does not hold yet");
      expect(await server.db.query('select 1 from admin_vehicle_watch')).toEqual([]);
    } finally {
      await admin.close();
      await server.db.query('drop trigger test_skip_watch on admin_vehicle_watch');
      await server.db.query('drop function test_skip_row()');
    }
  });

  it('an upload cut by a server restart continues where it stopped and is stored with the right hash', async () => {
    // Noise does not compress: a 1600×1200 PNG is a few MB and within the edge limit, so it is sent as it is.
    const big = await makeImage(pageA, 1600, 1200, 'image/png', true);
    const md5 = createHash('md5').update(big).digest('hex');
    const cdp = await a.context.newCDPSession(pageA);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await pageA.locator('[data-photos] [data-file-input]').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: big });
    const partialBytes = async () => {
      const [row] = await server.db.query<{ id: string }>(`select f.id from bucket_files f where f.file_hash = $1`, [md5]);
      if (!row) return 0;
      const users = await server.db.query<{ id: string }>(`select id from users where email = 'owner@tagbook.test'`);
      return server.files.partials.size(row.id, users[0]!.id);
    };
    await expect.poll(partialBytes).toBeGreaterThan(512 * 1024);
    await server.restart();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const tile = pageA.locator('[data-photos] [data-attachment]').filter({ has: pageA.locator('img[alt="noise.png"]') });
    await expect.poll(() => tile.getAttribute('data-uploaded')).toBe('1');
    const stored = (await storedFiles()).find((f) => f.file_hash === md5)!;
    expect([stored.state, Number(stored.filesize)]).toEqual([2, big.length]);
    expect(stored.blob_key).toBe(createHash('sha256').update(big).digest('hex'));
  });
});
