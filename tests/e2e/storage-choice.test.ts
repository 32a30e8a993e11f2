import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_PREFERENCE_KEY } from '../../src/data/storage.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { FORCE_INDEXED_DB, grantPersistentStorage } from '../helpers/storage.js';

// SPEC §4's storage choice in a real Chromium, and the fact the other browser tests build on: headless Chromium
// denies persisted storage unless the permission is granted.

function storePreference(page: Page, value: string): Promise<void> {
  return page.evaluate(([key, json]) => localStorage.setItem(key, json), [STORAGE_PREFERENCE_KEY, value] as const);
}

async function openedStorage(page: Page): Promise<string | null> {
  const db = page.locator('[data-db="ready"]');
  await db.waitFor({ state: 'attached' });
  return db.getAttribute('data-storage');
}

describe('storage choice at start in Chromium', () => {
  let server: TestServer;
  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.stop());

  it('falls back to IndexedDB where persisted storage is denied (headless Chromium by default)', async () => {
    const device = await launchDevice();
    try {
      const page = device.context.pages()[0] ?? (await device.context.newPage());
      await page.goto(server.url + '/');
      expect(await openedStorage(page)).toBe('idb');
      const facts = await page.evaluate(async () => ({
        opfs: typeof navigator.storage.getDirectory === 'function',
        persisted: await navigator.storage.persisted(),
        persist: await navigator.storage.persist(),
      }));
      expect(facts).toEqual({ opfs: true, persisted: false, persist: false });
    } finally {
      await device.close();
    }
  });

  describe('with persisted storage granted', () => {
    let device: Device;
    let page: Page;
    beforeAll(async () => {
      device = await launchDevice();
      await grantPersistentStorage(device.context, server.url);
      page = device.context.pages()[0] ?? (await device.context.newPage());
    });
    afterAll(async () => device?.close());

    it('opens OPFS', async () => {
      await page.goto(server.url + '/');
      expect(await openedStorage(page)).toBe('opfs');
      expect(await page.evaluate(() => navigator.storage.persisted())).toBe(true);
    });

    it('lets the forced-IndexedDB preference of version 8 win', async () => {
      await storePreference(page, FORCE_INDEXED_DB);
      await page.reload();
      expect(await openedStorage(page)).toBe('idb');
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_PREFERENCE_KEY)).toBe(FORCE_INDEXED_DB);
    });

    it('removes a preference of another database version and opens OPFS again', async () => {
      await storePreference(page, JSON.stringify({ forceIndexedDb: true, version: 7 }));
      await page.reload();
      expect(await openedStorage(page)).toBe('opfs');
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_PREFERENCE_KEY)).toBeNull();
    });
  });
});
