import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_REPORT_LINK, DEMO_TRANSFER_LINK, seedDemo } from '../../server/db/seed.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { setBrowserOffline } from '../helpers/offline.js';
import { settledScreen } from '../helpers/screens.js';
import { ROOT, requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { createServer, type AddressInfo } from 'node:net';
import { signInThroughUi } from '../helpers/ui.js';

// `npm run screenshots`: every screen, per role, at phone and desktop size, as PNGs under .tmp/screenshots/ to look
// at. Not a test (nothing is asserted); SCREENS=substring limits it to the screens whose name contains it.

type Role = 'visitor' | 'owner' | 'worker' | 'admin';

const ACCOUNTS: Record<Exclude<Role, 'visitor'>, [string, string]> = {
  owner: ['owner@tagbook.test', 'tagbook-demo'],
  worker: ['worker@tagbook.test', 'tagbook-worker'],
  admin: ['admin@tagbook.test', 'tagbook-admin'],
};

const VIEWPORTS = { phone: { width: 412, height: 915 }, desktop: { width: 1280, height: 800 } } as const;

/** A path may name a demo row by `{vehicle:Name}`, `{request}`, `{customer}`, `{user:email}`. */
/** `keys`: keys pressed once the screen has settled (e.g. 'e' opens the info form), before the picture. */
/** `addPhotos`: the owner adds the demo photos on this screen first (once); `click`: a button pressed before the picture. */
/** `beforeScript`: the picture is of index.html alone, the app's script held back (the boot frame). */
/** `offlineNote`: the note is written offline on this screen first, so the picture shows it not sent yet. */
/** `waitFor`: a selector that shows once the screen is ready (a dialog whose code loads when it opens). */
/** `sql`: run against the database before the screen (what the demo data lacks for it). */
/** `docs`: the phone picture is also kept in docs/screenshots/ for the README. */
type Screen = {
  name: string;
  role: Role;
  path: string;
  full?: boolean;
  keys?: string[];
  addPhotos?: boolean;
  click?: string | string[];
  sql?: string;
  waitFor?: string;
  beforeScript?: boolean;
  offlineNote?: string;
  docs?: boolean;
};
const SCREENS: Screen[] = [
  { name: 'boot-frame', role: 'visitor', path: '/', beforeScript: true },
  // A stranger's first scan as the server sends it, before any script: each tag's first answer.
  { name: 'first-scan-public', role: 'visitor', path: '/DEMOTAG00004', beforeScript: true, docs: true },
  { name: 'first-scan-free', role: 'visitor', path: '/DEMOFREE0003', beforeScript: true },
  { name: 'first-scan-private', role: 'visitor', path: '/DEMOTAG00003', beforeScript: true },
  { name: 'home', role: 'visitor', path: '/' },
  { name: 'help', role: 'visitor', path: '/help' },
  { name: 'vehicle-public', role: 'visitor', path: '/vehicle/{vehicle:Red 911}' },
  { name: 'vehicle-public-info', role: 'visitor', path: '/vehicle/{vehicle:Red 911}/info' },
  { name: 'vehicle-private-visitor', role: 'visitor', path: '/vehicle/{vehicle:Camper van}' },
  { name: 'my-vehicles-restricted', role: 'visitor', path: '/vehicle/' },
  { name: 'company-restricted', role: 'visitor', path: '/company' },
  { name: 'tag-free', role: 'visitor', path: '/register/DEMOFREE0001' },
  { name: 'tag-private', role: 'visitor', path: '/DEMOTAG00003', full: true, docs: true },
  { name: 'my-vehicles', role: 'owner', path: '/vehicle/' },
  { name: 'vehicle-profile', role: 'owner', path: '/vehicle/{vehicle:Red 911}' },
  { name: 'vehicle-info', role: 'owner', path: '/vehicle/{vehicle:Red 911}/info' },
  { name: 'vehicle-services', role: 'owner', path: '/vehicle/{vehicle:Red 911}/request-services' },
  { name: 'vehicle-services-requests', role: 'owner', path: '/vehicle/{vehicle:Trail Bronco}/request-services' },
  { name: 'vehicle-notes', role: 'owner', path: '/vehicle/{vehicle:Red 911}/notes' },
  { name: 'vehicle-all-notes', role: 'owner', path: '/vehicle/{vehicle:Red 911}/all-notes' },
  { name: 'vehicle-logbook', role: 'owner', path: '/vehicle/{vehicle:Red 911}/logbook' },
  { name: 'vehicle-track', role: 'owner', path: '/vehicle/{vehicle:Red 911}/track-support' },
  // Maintenance: the reminders and odometer, a reminder being set, one being marked done, and where due ones show.
  { name: 'vehicle-maintenance', role: 'owner', path: '/vehicle/{vehicle:Red 911}/maintenance', full: true, docs: true },
  { name: 'vehicle-maintenance-add', role: 'owner', path: '/vehicle/{vehicle:Red 911}/maintenance', click: 'Add reminder', full: true },
  { name: 'vehicle-maintenance-done', role: 'owner', path: '/vehicle/{vehicle:Red 911}/maintenance', click: 'Done' },
  // Handing a vehicle over: the history report (the owner's page, its print preview on A4, the link a buyer opens
  // signed out), the owner's transfer form and a waiting transfer, and the page the mailed link opens.
  { name: 'vehicle-report', role: 'owner', path: '/vehicle/{vehicle:Red 911}/report', full: true, docs: true },
  { name: 'vehicle-report-print', role: 'owner', path: '/vehicle/{vehicle:Red 911}/report?print=1&paper=a4', full: true },
  { name: 'shared-report', role: 'visitor', path: `/report/${DEMO_REPORT_LINK}`, full: true, docs: true },
  { name: 'vehicle-transfer', role: 'owner', path: '/vehicle/{vehicle:Red 911}/transfer', full: true },
  { name: 'vehicle-transfer-waiting', role: 'worker', path: '/vehicle/{vehicle:Miata}/transfer' },
  { name: 'transfer-visitor', role: 'visitor', path: `/transfer/${DEMO_TRANSFER_LINK}` },
  { name: 'transfer-accept', role: 'owner', path: `/transfer/${DEMO_TRANSFER_LINK}`, docs: true },
  { name: 'transfer-other-account', role: 'admin', path: `/transfer/${DEMO_TRANSFER_LINK}` },
  // The customer's status link: the card on the request, and the page the customer opens signed out.
  { name: 'request-status-link', role: 'worker', path: '{request}', full: true },
  {
    name: 'request-status',
    role: 'visitor',
    path: '/status/demo-status-of-the-bronco-brakes-0000000000',
    full: true,
    docs: true,
    sql: `insert into request_status_links (id, service_request_id, company_id, user_id, token, show_work_time)
          select 'demostatuslink00000001', id, company_id, assigned_user_id, 'demo-status-of-the-bronco-brakes-0000000000', true from service_requests
           where description like 'Front brake pads%' on conflict (id) do nothing`,
  },
  // Replacing a damaged tag from the QR view, and what the old sticker says once replaced.
  { name: 'tag-replace', role: 'owner', path: '/vehicle/{vehicle:Trail Bronco}', click: ['Show QR Code', 'Replace tag'], waitFor: '[data-dialog="replace-tag"]', full: false },
  {
    name: 'tag-replaced',
    role: 'visitor',
    path: '/DEMOTAG00005',
    sql: `update qr_tags set target_id = null, target_path = null, replaced_at = now(), replaced_by = 'DEMOFREE0004' where id = 'DEMOTAG00005'`,
  },
  // Contacting the owner through a tag: the visitor's form (public profile, private tag) and the owner's messages.
  { name: 'vehicle-messages', role: 'owner', path: '/vehicle/{vehicle:Trail Bronco}/messages', docs: true },
  { name: 'vehicle-messages-answer', role: 'owner', path: '/vehicle/{vehicle:Trail Bronco}/messages', click: 'Answer' },
  { name: 'vehicle-other', role: 'owner', path: '/vehicle/{vehicle:Supra Turbo}' },
  { name: 'vehicle-other-ownership', role: 'owner', path: '/vehicle/{vehicle:Supra Turbo}/admin/ownership' },
  { name: 'vehicle-private', role: 'owner', path: '/vehicle/{vehicle:Camper van}' },
  { name: 'request', role: 'owner', path: '{request}' },
  { name: 'my-account', role: 'owner', path: '/my-account' },
  { name: 'worker-home', role: 'worker', path: '/' },
  { name: 'worker-request', role: 'worker', path: '{request}' },
  { name: 'worker-services', role: 'worker', path: '/vehicle/{vehicle:Trail Bronco}/request-services' },
  { name: 'worker-vehicles', role: 'worker', path: '/vehicle/' },
  { name: 'company', role: 'worker', path: '/company' },
  { name: 'company-employees', role: 'worker', path: '/company/employees' },
  { name: 'company-customers', role: 'worker', path: '/company/customers' },
  { name: 'company-customer', role: 'worker', path: '/company/customers/{customer}' },
  { name: 'worker-vehicle-info', role: 'worker', path: '/vehicle/{vehicle:Trail Bronco}/info' },
  { name: 'company-requests', role: 'worker', path: '/company/requests' },
  { name: 'company-services', role: 'worker', path: '/company/services' },
  { name: 'admin-users', role: 'admin', path: '/admin/users' },
  { name: 'admin-dashboard', role: 'admin', path: '/admin' },
  { name: 'admin-request', role: 'admin', path: '{request}' },
  { name: 'admin-requests', role: 'admin', path: '/admin/service-request' },
  { name: 'admin-vehicles', role: 'admin', path: '/admin/vehicles' },
  { name: 'admin-customers', role: 'admin', path: '/admin/customers' },
  { name: 'admin-customer', role: 'admin', path: '/admin/customers/{customer}' },
  { name: 'admin-user', role: 'admin', path: '/admin/users/{user:owner@tagbook.test}' },
  { name: 'admin-info', role: 'admin', path: '/vehicle/{vehicle:Red 911}/info' },
  { name: 'admin-info-edit', role: 'admin', path: '/vehicle/{vehicle:Red 911}/info', keys: ['e'] },
  { name: 'admin-ownership', role: 'admin', path: '/vehicle/{vehicle:Red 911}/admin/ownership' },
  { name: 'admin-vehicle-notes', role: 'admin', path: '/vehicle/{vehicle:Red 911}/notes' },
  { name: 'admin-vehicle-logbook', role: 'admin', path: '/vehicle/{vehicle:Trail Bronco}/logbook' },
  { name: 'admin-register', role: 'admin', path: '/register' },
  // Photos: the owner's gallery, a visitor's and a worker's (listed by the server), an admin's, and the viewer.
  { name: 'photos-owner', role: 'owner', path: '/vehicle/{vehicle:Trail Bronco}', addPhotos: true },
  { name: 'photos-visitor', role: 'visitor', path: '/vehicle/{vehicle:Trail Bronco}' },
  { name: 'photos-viewer', role: 'visitor', path: '/vehicle/{vehicle:Trail Bronco}', click: 'View trail-front.jpg', full: false },
  { name: 'photos-worker', role: 'worker', path: '/vehicle/{vehicle:Trail Bronco}' },
  { name: 'photos-admin', role: 'admin', path: '/vehicle/{vehicle:Trail Bronco}' },
  { name: 'photos-admin-viewer', role: 'admin', path: '/vehicle/{vehicle:Trail Bronco}', click: 'View trail-side.jpg', full: false },
  // The moments the README shows a new user.
  { name: 'owner-home', role: 'owner', path: '/', docs: true },
  { name: 'note-not-sent', role: 'owner', path: '/vehicle/{vehicle:Red 911}/notes', offlineNote: 'Checked the tyre pressures before the drive', full: false, docs: true },
  { name: 'workspace-menu', role: 'worker', path: '/', click: 'Workspace menu', full: false, docs: true },
  { name: 'admin-requests-filters', role: 'admin', path: '/admin/service-request', click: 'More filters', docs: true },
  { name: 'admin-customer-form', role: 'admin', path: '/admin/customers', click: 'New customer', full: false, docs: true },
  { name: 'vehicle-print', role: 'visitor', path: '/vehicle/{vehicle:Red 911}?print=1', docs: true },
];

const PHOTOS: Array<[name: string, width: number, height: number, from: string, to: string]> = [
  ['trail-front.jpg', 1600, 1200, '#2e7d32', '#1a5fb4'],
  ['trail-side.jpg', 900, 1600, '#c62828', '#f9a825'],
];

let photosAdded = false;

/** The owner picks the demo photos on the open vehicle page (drawn by the browser) and waits for their upload; once. */
async function addPhotos(page: Page): Promise<void> {
  if (photosAdded) return;
  photosAdded = true;
  const files = [];
  for (const [name, width, height, from, to] of PHOTOS) {
    const base64 = await page.evaluate(
      async ([w, h, a, b]) => {
        const canvas = new OffscreenCanvas(w, h);
        const ctx = canvas.getContext('2d')!;
        const g = ctx.createLinearGradient(0, 0, w, h);
        g.addColorStop(0, a);
        g.addColorStop(1, b);
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, w, h);
        ctx.fillStyle = '#fff';
        ctx.font = `${Math.round(w / 10)}px sans-serif`;
        ctx.fillText('Trail Bronco', w / 10, h / 2);
        const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
        let out = '';
        for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(out);
      },
      [width, height, from, to] as const,
    );
    files.push({ name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') });
  }
  await page.locator('[data-photos] [data-file-input]').setInputFiles(files);
  await page.waitForFunction((n) => document.querySelectorAll('[data-photos] [data-uploaded="1"]').length >= n, PHOTOS.length);
}

const OUT = join(ROOT, '.tmp', 'screenshots');
const DOCS = join(ROOT, 'docs', 'screenshots');

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
const only = process.env.SCREENS ?? '';

describe('screenshots', () => {
  let server: TestServer;
  const devices: Device[] = [];

  beforeAll(async () => {
    requireBuild();
    mkdirSync(OUT, { recursive: true });
    mkdirSync(DOCS, { recursive: true });
    // The site's address known before it starts, as in production: pages the server renders print its domain.
    const port = await freePort();
    server = await startTestServer('pglite', { PORT: String(port), PUBLIC_URL: `http://localhost:${port}` });
    await seedDemo(server.db);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.close()));
    await server?.stop();
  });

  async function resolvePath(path: string): Promise<string | null> {
    const one = async (sql: string, params: unknown[] = []) =>
      (await server.db.query<{ v: string }>(sql, params))[0]?.v ?? null;
    let out = path;
    for (const [token, kind, arg] of path.matchAll(/\{(\w+)(?::([^}]+))?\}/g)) {
      let value: string | null = null;
      if (kind === 'vehicle') value = await one('select id as v from vehicles where name = $1', [arg]);
      if (kind === 'customer') value = await one('select id as v from customers order by name limit 1');
      if (kind === 'user') value = await one('select id as v from users where email = $1', [arg]);
      if (kind === 'request') {
        value = await one(
          `select '/vehicle/' || vehicle_id || '/request-services/' || id as v from service_requests order by created_at limit 1`,
        );
      }
      if (value === null) return null;
      out = out.replace(token, value);
    }
    return out;
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`at ${size} size`, async () => {
      const pages = new Map<Role, Page>();
      for (const screen of SCREENS) {
        if (only && !screen.name.includes(only)) continue;
        // What the demo data lacks for this screen, made in the database first (idempotent: both sizes run it).
        if (screen.sql) await server.db.query(screen.sql);
        if (screen.beforeScript) {
          // A device of its own without a service worker, so the routing sees the script's request.
          const device = await launchDevice([], { viewport, serviceWorkers: 'block' });
          devices.push(device);
          const bare = device.page;
          await bare.route('**/assets/app-*.js', () => undefined);
          await bare.goto(server.url + screen.path, { waitUntil: 'commit' });
          await bare.locator('[data-boot-frame] .app-header').waitFor();
          await bare.waitForFunction(() => document.fonts.status === 'loaded');
          await bare.screenshot({ path: join(OUT, `${screen.name}-${size}.png`) });
          if (screen.docs && size === 'phone') copyFileSync(join(OUT, `${screen.name}-${size}.png`), join(DOCS, `${screen.name}.png`));
          continue;
        }
        let page = pages.get(screen.role);
        if (!page) {
          const device = await launchDevice([], { viewport });
          devices.push(device);
          page = device.page;
          if (screen.role !== 'visitor') await signInThroughUi(page, server.url, ...ACCOUNTS[screen.role]);
          pages.set(screen.role, page);
        }
        const path = await resolvePath(screen.path);
        if (path === null) {
          console.warn(`${screen.name}: no demo row for ${screen.path}`);
          continue;
        }
        await page.goto(server.url + path);
        await settledScreen(page).catch(() => console.warn(`${screen.name}: did not settle`));
        if (screen.addPhotos) await addPhotos(page);
        if (screen.offlineNote) {
          await setBrowserOffline(page.context(), page, true);
          const composer = page.locator('form[data-form="add-note"]');
          await composer.getByLabel('New note').fill(screen.offlineNote);
          await composer.getByRole('button', { name: 'Add note' }).click();
          await page.locator('[data-note-id] [data-unsent]').first().waitFor();
          await page.locator('[data-sync-waiting]').waitFor();
        }
        for (const key of screen.keys ?? []) await page.keyboard.press(key);
        if (screen.keys) await settledScreen(page).catch(() => console.warn(`${screen.name}: did not settle after its keys`));
        let clickedAll = true;
        // One button, or several pressed in turn (a dialog opened from another).
        for (const name of typeof screen.click === 'string' ? [screen.click] : (screen.click ?? [])) {
          // Not there (e.g. the photos were not added, SCREENS having left out the screen that adds them): no picture.
          const clicked = await page.getByRole('button', { name, exact: true }).first().click({ timeout: 30_000 }).then(() => true, () => false);
          if (!clicked) {
            console.warn(`${screen.name}: no '${name}' button`);
            clickedAll = false;
            break;
          }
          // What the click opened has finished coming in (dialogs fade and slide).
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        }
        if (!clickedAll) continue;
        if (screen.waitFor) {
          await page.locator(screen.waitFor).waitFor();
          // Its entrance starts on a later frame than the element: two frames on, then until it has played.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        }
        // Fonts and images in before the picture. Not 'networkidle': the open sync stream keeps the network busy.
        await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.images].every((img) => img.complete));
        await page.screenshot({ path: join(OUT, `${screen.name}-${size}.png`), fullPage: screen.full ?? true });
        if (screen.docs && size === 'phone') copyFileSync(join(OUT, `${screen.name}-${size}.png`), join(DOCS, `${screen.name}.png`));
        if (screen.offlineNote) await setBrowserOffline(page.context(), page, false);
      }
    });
  }
});
