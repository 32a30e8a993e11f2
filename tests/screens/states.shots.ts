import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { CrudOp, SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { newId } from '../../src/domain/ids.js';
import { WORK_START, WORK_STOP } from '../../src/domain/worktime.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { TestDevice } from '../helpers/device.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { startOutageProxy, type OutageProxy } from '../helpers/outageProxy.js';
import { settledScreen } from '../helpers/screens.js';
import { ROOT, requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

// `npm run screenshots` (SCREENS=substring works here too): the states a screen passes through that no address
// reaches — the server unreachable, storage the browser would not keep, a clock stopped by starting another and
// overlapping time — at phone and desktop size, as PNGs under .tmp/screenshots/ to look at. Nothing is asserted.

const VIEWPORTS = { phone: { width: 412, height: 915 }, desktop: { width: 1280, height: 800 } } as const;
const OUT = join(ROOT, '.tmp', 'screenshots');
const only = process.env.SCREENS ?? '';
const wanted = (name: string) => !only || name.includes(only);

describe('screenshots of states', () => {
  let server: TestServer;
  let proxy: OutageProxy;
  const devices: Device[] = [];

  beforeAll(async () => {
    requireBuild();
    mkdirSync(OUT, { recursive: true });
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    proxy = await startOutageProxy(server.url);
  });
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.close()));
    await proxy?.close();
    await server?.stop();
  });

  async function device(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
    const d = await launchDevice([], { viewport });
    devices.push(d);
    return { d, page: d.page };
  }
  // What the person sees in the window: these states are bars, notices and snackbars over the page, which a
  // full-page capture draws mid-page once the page has scrolled.
  const shot = (page: import('playwright-core').Page, name: string, size: string) =>
    page.screenshot({ path: join(OUT, `${name}-${size}.png`), animations: 'disabled' });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`at ${size} size`, async () => {
      if (wanted('state-server-unreachable')) {
        const { page } = await device(viewport);
        await signInThroughUi(page, proxy.url, 'owner@tagbook.test', 'tagbook-demo');
        await page.goto(`${proxy.url}/vehicle/`);
        await page.locator('[data-sync-state="idle"]').waitFor({ state: 'attached' });
        proxy.cut();
        await page.locator('[data-sync-state="unreachable"]').waitFor({ state: 'attached' });
        await page.locator('[data-action="sync-reconnect"]').waitFor();
        await shot(page, 'state-server-unreachable', size);
        proxy.restore();
      }
      if (wanted('state-storage-notice')) {
        const { d, page } = await device(viewport);
        await emulateOnlineFlag(d.context);
        await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
        await page.goto(`${server.url}/vehicle/`);
        await page.locator('[data-page="my-vehicles"] [data-state="ready"]').waitFor();
        await setBrowserOffline(d.context, page, true);
        const form = page.locator('form[data-form="add-vehicle"]');
        await form.getByLabel('New vehicle name').fill('Kept van');
        await form.getByRole('button', { name: 'Add vehicle' }).click();
        await page.locator('[data-storage-notice]').waitFor();
        await settledScreen(page);
        await shot(page, 'state-storage-notice', size);
        await setBrowserOffline(d.context, page, false);
      }
      if (wanted('state-clock')) {
        const { page } = await device(viewport);
        await signInThroughUi(page, server.url, 'worker@tagbook.test', 'tagbook-worker');
        const idOf = async (like: string) =>
          (await server.db.query<{ id: string; vehicle_id: string; created_at: Date }>(
            'select id, vehicle_id, created_at from service_requests where description like $1',
            [like],
          ))[0]!;
        const brakes = await idOf('Front brake%');
        const alignment = await idOf('Wheel alignment%');
        const pathOf = (r: { id: string; vehicle_id: string }) => `${server.url}/vehicle/${r.vehicle_id}/request-services/${r.id}`;
        await page.goto(pathOf(brakes));
        const clock = page.locator('[data-work-clock] [data-action="start-work"], [data-work-clock] [data-action="stop-work"]');
        await clock.first().waitFor();
        if ((await clock.getAttribute('data-action')) === 'start-work') await clock.click();
        await page.getByRole('button', { name: 'Stop work' }).waitFor();
        await page.goto(pathOf(alignment));
        await page.getByRole('button', { name: 'Start work' }).click();
        await page.locator('.ui-snackbar__message').waitFor();
        await settledScreen(page);
        await shot(page, 'state-clock-switched', size);
        // Time from a tablet that was offline, overlapping on the two requests.
        const tablet = await TestDevice.create(server);
        await tablet.signIn('worker@tagbook.test', 'tagbook-worker');
        const from = alignment.created_at.getTime() + 60_000;
        const stretch = (requestId: string, start: number, stop: number) => [
          { id: newId(), data: { service_request_id: requestId, operation: WORK_START, time: new Date(start).toISOString() } },
          { id: newId(), data: { service_request_id: requestId, operation: WORK_STOP, time: new Date(stop).toISOString() } },
        ];
        const entries = [...stretch(alignment.id, from, from + 20 * 60_000), ...stretch(brakes.id, from + 10 * 60_000, from + 30 * 60_000)];
        await tablet.client(SyncService).uploadData({
          clientId: `tablet-${size}`,
          transactionId: 1n,
          crud: entries.map((e, i) => ({ clientId: BigInt(i + 1), id: e.id, op: CrudOp.PUT, table: 'worktime', opData: JSON.stringify(e.data), transactionId: 1n })),
        });
        await page.goto(pathOf(alignment));
        await page.locator('[data-work-overlaps]').waitFor();
        await settledScreen(page);
        await page.locator('[data-work-overlaps]').scrollIntoViewIfNeeded();
        await shot(page, 'state-clock-overlap', size);
      }
    });
  }
});
