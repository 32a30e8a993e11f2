import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile } from '../helpers/files.js';
import { makeImage } from '../helpers/images.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { storeFile, upload, verdict } from '../helpers/upload.js';

// A stranger's first scan: a fresh phone (no service worker, no local database) opens a tag's address. The page the
// server sends already shows the answer (server/http/first-answer.ts); the app's script, the SDK and the local
// database arrive after it and take over without a reload, a jump or a flash.

interface Frame {
  /** The answer's mark in this frame: its text, or null when it is not on screen. */
  answer: string | null;
  /** Where the answer's mark sits (px from the top of the page). */
  top: number | null;
  /** Still the page the server sent (no script of the app's has rendered yet). */
  served: boolean;
  database: string | null;
}

/**
 * Records, frame by frame from the very first one, what a person sees of `selector`: a requestAnimationFrame loop
 * runs only when the browser renders, so each entry is a frame that was painted (or about to be).
 */
const recordFrames = (selector: string) => `(() => {
  const frames = [];
  window.__frames = frames;
  const tick = () => {
    const mark = document.querySelector(${JSON.stringify(selector)});
    frames.push({
      answer: mark ? mark.textContent : null,
      top: mark ? mark.getBoundingClientRect().top + window.scrollY : null,
      served: document.querySelector('[data-boot-frame]') !== null,
      database: document.querySelector('[data-db]')?.getAttribute('data-db') ?? null,
    });
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const framesOf = (page: Page) => page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames);

/** From the first frame that showed the answer on, every frame showed it, at the same place. */
function expectSteadyFrom(frames: Frame[], text: string): void {
  const first = frames.findIndex((f) => f.answer !== null);
  expect(first, 'the answer never showed').toBeGreaterThanOrEqual(0);
  // Shown by the page the server sent, before any render of the app's.
  expect(frames[first]!.served).toBe(true);
  const after = frames.slice(first);
  expect(after.filter((f) => f.answer === null), 'a frame without the answer (a flash)').toEqual([]);
  expect(new Set(after.map((f) => f.answer))).toEqual(new Set([text]));
  expect(new Set(after.map((f) => Math.round(f.top!))).size, 'the answer moved (a jump)').toBe(1);
  // The app took over, and its database opened, while the answer stayed on screen.
  expect(after.some((f) => !f.served)).toBe(true);
  expect(after.some((f) => f.database === 'ready')).toBe(true);
}

describe("a stranger's first scan", () => {
  let server: TestServer;
  let supra: string;
  let camper: string;

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    const idOf = async (name: string) => (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]!.id;
    supra = await idOf('Supra Turbo');
    camper = await idOf('Camper van');

    // The Supra gets a cover photo from its owner, as the app uploads one.
    const painter = await launchDevice();
    const bytes = await makeImage(painter.page, 1200, 675, 'image/jpeg');
    await painter.close();
    const photo = describeFile(bytes, 'supra.jpg');
    const worker = await TestDevice.create(server);
    await worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await storeFile(server.url, worker, `vehicle/${supra}`, photo);
    expect(verdict(await upload(worker, { table: 'vehicles', id: supra, op: 'PATCH', data: { cover: photo.combinedHash } }))).toBe('ok');
  });
  afterAll(async () => server?.stop());

  /** A fresh phone, its pages' navigations counted (a reload would be a second) and every response kept. */
  async function freshPhone(selector: string, options: { javaScriptEnabled?: boolean } = {}) {
    const device: Device = await launchDevice([], options);
    const page = device.page;
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request.url());
    });
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    if (options.javaScriptEnabled !== false) await page.addInitScript(recordFrames(selector));
    /** The text of every response but the sync stream (which never ends) and binary files. */
    const bodies = async () => {
      const texts: string[] = [];
      for (const response of responses) {
        const type = response.headers()['content-type'] ?? '';
        if (response.url().includes('/sync/') || !/(text|json|javascript|proto|connect)/.test(type)) continue;
        const body = await response.body().catch(() => null);
        if (body !== null) texts.push(body.toString('latin1'));
      }
      return texts;
    };
    /** Whether `path` (an RPC's) was answered, once it has been. */
    const answered = (path: string) => responses.some((r) => r.url().endsWith(path) && r.ok());
    return { device, page, navigations, responses, bodies, answered };
  }

  it('without any script at all, each answer is already on the page the server sent', async () => {
    const { device, page, responses } = await freshPhone('', { javaScriptEnabled: false });
    try {
      await page.goto(`${server.url}/DEMOTAG00004`);
      await expect.poll(() => page.locator('[data-field="vehicle-name"]').textContent()).toBe('Supra Turbo');
      expect(await page.locator('.vehicle-description').textContent()).toBe('Six-speed, stock internals.');
      // The cover photo, at the address the answer gave it, downloaded with the page.
      const src = await page.locator('[data-cover="photo"] img').getAttribute('src');
      const image = responses.find((r) => r.url() === new URL(src!, server.url).href);
      expect(image?.status()).toBe(200);
      expect(image?.headers()['content-type']).toBe('image/jpeg');

      await page.goto(`${server.url}/DEMOFREE0003`);
      expect(await page.locator('[data-tag-assignment="available"]').getByRole('status').textContent()).toBe('Tag #DEMOFREE0003 is Available.');
      expect(await page.getByRole('link', { name: 'Sign in to assign this tag' }).count()).toBe(1);

      await page.goto(`${server.url}/DEMOTAG00003`);
      expect(await page.locator('[data-tag-state="private-vehicle"] h1').textContent()).toBe('This tag belongs to a private vehicle');
    } finally {
      await device.close();
    }
  });

  it("a public vehicle's tag: its page at once, then the app takes over at the vehicle's address without a reload, jump or flash", async () => {
    const { device, page, navigations, answered } = await freshPhone('[data-page="vehicle"] [data-field="vehicle-name"]');
    try {
      await page.goto(`${server.url}/DEMOTAG00004`);
      await page.waitForURL(`${server.url}/vehicle/${supra}`, { waitUntil: 'commit' });
      await page.locator('[data-db="ready"]').waitFor({ state: 'attached' });
      // The app's own answer has come too (GetVehicle, kept in the local database), and changed nothing.
      await expect.poll(() => answered('/tagbook.v1.VehicleService/GetVehicle')).toBe(true);
      await expect.poll(async () => (await framesOf(page)).some((f) => !f.served && f.database === 'ready')).toBe(true);
      expectSteadyFrom(await framesOf(page), 'Supra Turbo');
      expect(navigations).toEqual([`${server.url}/DEMOTAG00004`]);
      expect(await page.locator('[data-cover="photo"] img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
      await expectNoAxeViolations(page, "a public vehicle's page from its tag's first answer");
    } finally {
      await device.close();
    }
  });

  it("an unclaimed tag: 'is Available.' at once, then the claim page of the app, which offers the sign-in to claim it", async () => {
    const { device, page, navigations } = await freshPhone('[data-tag-assignment] [role="status"]');
    try {
      await page.goto(`${server.url}/DEMOFREE0003`);
      await page.waitForURL(`${server.url}/register/DEMOFREE0003`, { waitUntil: 'commit' });
      await page.locator('[data-db="ready"]').waitFor({ state: 'attached' });
      await expect.poll(async () => (await framesOf(page)).some((f) => !f.served && f.database === 'ready')).toBe(true);
      expectSteadyFrom(await framesOf(page), 'Tag #DEMOFREE0003 is Available.');
      expect(navigations).toEqual([`${server.url}/DEMOFREE0003`]);
      expect(await page.getByRole('link', { name: 'Sign in to assign this tag' }).count()).toBe(1);
      await expectNoAxeViolations(page, "an unclaimed tag's claim page from its first answer");
    } finally {
      await device.close();
    }
  });

  it("a private vehicle's tag: the private page at once and after, and nothing of the vehicle in any response", async () => {
    const { device, page, navigations, bodies, answered } = await freshPhone('[data-tag-state="private-vehicle"] h1');
    try {
      await page.goto(`${server.url}/DEMOTAG00003`);
      await page.locator('[data-db="ready"]').waitFor({ state: 'attached' });
      // The app asked the server again itself, and got the same answer.
      await expect.poll(() => answered('/tagbook.v1.QrTagService/Resolve')).toBe(true);
      await expect.poll(async () => (await framesOf(page)).some((f) => !f.served && f.database === 'ready')).toBe(true);
      expectSteadyFrom(await framesOf(page), 'This tag belongs to a private vehicle');
      expect(page.url()).toBe(`${server.url}/DEMOTAG00003`);
      expect(navigations).toEqual([`${server.url}/DEMOTAG00003`]);
      const texts = await bodies();
      expect(texts.length).toBeGreaterThan(0);
      for (const secret of [camper, 'Camper van', 'Family camper', 'owner@tagbook.test', 'VAN2016']) {
        expect(texts.filter((t) => t.includes(secret)), secret).toEqual([]);
      }
      await expectNoAxeViolations(page, "a private vehicle's tag page from its first answer");
    } finally {
      await device.close();
    }
  });

  it('the answer does not wait for the SDK or the local database: with both refused, the app still shows it', async () => {
    const { device, page } = await freshPhone('[data-page="vehicle"] [data-field="vehicle-name"]');
    try {
      // The PowerSync worker folder (SQLite wasm, the SDK's worker) never arrives.
      await page.route('**/assets/powersync-*/**', (route) => route.abort());
      await page.goto(`${server.url}/DEMOTAG00004`, { waitUntil: 'commit' });
      await page.waitForURL(`${server.url}/vehicle/${supra}`, { waitUntil: 'commit' });
      await page.locator('.app:not([data-boot-frame]) [data-page="vehicle"] [data-field="vehicle-name"]').waitFor();
      expect(await page.locator('[data-db="ready"]').count()).toBe(0);
      expect(await page.locator('[data-page="vehicle"] .vehicle-description').textContent()).toBe('Six-speed, stock internals.');
    } finally {
      await device.close();
    }
  });
});
