import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { emulateOnlineFlag, setBrowserOffline } from '../helpers/offline.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { PUBLIC_LIST_LIMIT } from '../../src/domain/publicFeed.js';

describe('the app shell in Chromium', () => {
  let server: TestServer;
  let device: Device;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    device = await launchDevice();
    page = device.page;
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    page.on('pageerror', (err) => consoleErrors.push(err.message));
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  it('renders the shell at / and the local database answers a query', async () => {
    await page.goto(server.url + '/');
    await page.locator('[data-page="public-vehicles"]').waitFor();
    await expect(page.locator('header').first().isVisible()).resolves.toBe(true);
    await page.locator('[data-db="ready"]').waitFor({ state: 'attached' });
    // The public list is read from the local database: its empty state only appears once the query answered.
    await page.locator('[data-page="public-vehicles"] [data-state="ready"]').waitFor();
    expect(consoleErrors.filter((e) => !/favicon/i.test(e))).toEqual([]);
  });

  it('says the list is empty only once the device has synced: before, that the vehicles are on their way (or need a network)', async () => {
    const fresh = await launchDevice();
    try {
      await emulateOnlineFlag(fresh.context);
      const tab = fresh.page;
      // No sync credentials for now, so the first sync cannot happen (the stream itself runs in the SDK's worker,
      // which routes do not reach; the credentials are asked for by the page).
      await tab.route('**/GetPowerSyncAuth', (route) => route.abort());
      await tab.goto(server.url + '/');
      const list = tab.locator('[data-page="public-vehicles"] [data-state="ready"]');
      await list.locator('[data-empty="first-sync"]').waitFor();
      expect(await list.getAttribute('aria-busy')).toBe('true');
      expect(await list.textContent()).not.toContain('No public vehicles yet');
      await expectNoAxeViolations(tab, 'the home page before the first sync');

      await setBrowserOffline(fresh.context, tab, true);
      await list.locator('[data-empty="offline"]').waitFor();
      expect(await list.textContent()).toContain('No vehicles on this device yet');

      await tab.unroute('**/GetPowerSyncAuth');
      await setBrowserOffline(fresh.context, tab, false);
      // The service has no public vehicles: once synced, the list says so.
      await list.locator('[data-empty="public-vehicles"]').waitFor();
      expect(await list.getAttribute('aria-busy')).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('lists the latest public vehicles newest first, and vehicles updated at the same instant by id', async () => {
    await server.db.query(
      `insert into users (id, email, username_digest) values ('orderowner000000000000', 'order@example.com', repeat('b', 64))`,
    );
    // 30 listed at one instant (a bulk import) and 30 at instants of their own, newer and older than it.
    await server.db.query(
      `insert into vehicles (id, name, is_public, user_id, created_at, updated_at)
       select 'order' || lpad(n::text, 17, '0'), 'Same instant ' || n, true, $1, now(), now() + interval '1 day'
         from generate_series(1, 30) n
       union all
       select 'order' || lpad((100 + n)::text, 17, '0'), 'Own instant ' || n, true, $1, now(), now() + (2 * (n % 2) - 1) * n * interval '1 hour' + interval '1 day'
         from generate_series(1, 30) n`,
      ['orderowner000000000000'],
    );
    const expected = await server.db.query<{ name: string }>(
      `select name from vehicles where is_public order by updated_at desc, id limit ${PUBLIC_LIST_LIMIT}`,
    );
    await page.goto(server.url + '/');
    await expect
      .poll(() => page.locator('[data-page="public-vehicles"] .vehicle-list .ui-list-item__title').allTextContents())
      .toEqual(expected.map((r) => r.name));
  });

  it('shows the not-found page for an unknown route', async () => {
    await page.goto(server.url + '/no/such/page');
    await page.locator('[data-page="not-found"]').waitFor();
    expect(await page.locator('h1, h2').filter({ hasText: 'Page not found' }).count()).toBeGreaterThan(0);
  });

  it.each(['/abc', '/ABCDEFGHIJKLMNOPQ', '/bad-hash!x'])('shows not-found for the invalid tag hash %s', async (path) => {
    await page.goto(server.url + path);
    await page.locator('[data-page="not-found"]').waitFor();
  });

  it('says a well-formed tag hash that no tag has is unknown, instead of offering to claim it', async () => {
    await page.goto(server.url + '/UNKNOWN1234');
    await page.locator('[data-page="tag-resolver"][data-tag-state="not-found"]').waitFor();
    expect(page.url()).toBe(server.url + '/UNKNOWN1234');
  });
});
