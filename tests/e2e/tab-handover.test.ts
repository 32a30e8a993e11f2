import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { grantPersistentStorage } from '../helpers/storage.js';
import { signInThroughUi } from '../helpers/ui.js';

// Tabs of one browser share the database (OPFS) and the sync connection; when one closes or reloads, the others
// reconnect. That is no sync error: the bar of the tab left open never says 'Sync error' and shows no red toast.

/** Records in the page every state the sync bar takes and every toast it shows, from now on. */
async function recordSyncBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { syncBarSeen: string[] }).syncBarSeen = seen;
    const bar = document.querySelector('[data-sync-state]')!;
    seen.push(bar.getAttribute('data-sync-state')!);
    new MutationObserver(() => {
      seen.push(bar.getAttribute('data-sync-state')!);
      const toast = bar.querySelector('[data-sync-toast]');
      if (toast) seen.push(`toast: ${toast.textContent}`);
    }).observe(bar, { attributes: true, childList: true, subtree: true });
  });
}

const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { syncBarSeen: string[] }).syncBarSeen);

describe('another tab closing or reloading', () => {
  let server: TestServer;
  let device: Device;
  let page: Page;
  let notesUrl: string;

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    device = await launchDevice();
    await grantPersistentStorage(device.context, server.url);
    page = device.page;
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    const id = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    notesUrl = `${server.url}/vehicle/${id}/notes`;
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  /** A note written in `tab`, and its arrival at the server: the connection works. */
  async function writeAndSend(tab: Page, text: string): Promise<void> {
    const composer = tab.locator('form[data-form="add-note"]');
    await composer.getByLabel('New note').fill(text);
    await composer.getByRole('button', { name: 'Add note' }).click();
    const note = tab.locator('[data-notes="recent"] [data-note-id]', { hasText: text });
    await note.waitFor();
    await expect.poll(() => server.db.query('select 1 from vehicle_notes where body = $1', [text])).toHaveLength(1);
    await note.locator('[data-unsent]').waitFor({ state: 'detached' });
  }

  it('leaves the open tab syncing, with no sync error and no red toast', async () => {
    // The first tab opens the database and the sync connection; a second joins them, and is the one left open.
    await page.goto(notesUrl);
    await page.locator('[data-db="ready"][data-storage="opfs"]').waitFor({ state: 'attached' });
    await page.locator('[data-notes="recent"] [data-note-id]').first().waitFor();
    const left = await device.context.newPage();
    await left.goto(notesUrl);
    await left.locator('[data-notes="recent"] [data-note-id]').first().waitFor();
    await recordSyncBar(left);

    await page.reload();
    await page.locator('[data-notes="recent"] [data-note-id]').first().waitFor();
    await writeAndSend(left, 'Written while the other tab reloaded');
    await page.close();
    await writeAndSend(left, 'Written after the other tab closed');

    const seen = await seenOn(left);
    expect(seen.filter((s) => s === 'error' || s.startsWith('toast'))).toEqual([]);
  });
});
