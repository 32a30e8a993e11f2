import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DB_FILENAME, LOCAL_PAGE_SIZE } from '../../src/data/database.js';
import { STORAGE_PREFERENCE_KEY } from '../../src/data/storage.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { FORCE_INDEXED_DB, grantPersistentStorage } from '../helpers/storage.js';

// The storage choice at start in a real Chromium, and the fact the other browser tests build on: headless Chromium
// denies persisted storage unless the permission is granted.

function storePreference(page: Page, value: string): Promise<void> {
  return page.evaluate(([key, json]) => localStorage.setItem(key, json), [STORAGE_PREFERENCE_KEY, value] as const);
}

async function openedStorage(page: Page): Promise<string | null> {
  const db = page.locator('[data-db="ready"]');
  await db.waitFor({ state: 'attached' });
  return db.getAttribute('data-storage');
}

/**
 * SQLite's page size as the storage holds the database: bytes 16–17 of the file's header, big-endian (1 means 65536).
 * IndexedDB's VFS keeps the file as blocks keyed by [path, -offset, version]; OPFS keeps it as a file of its own.
 */
function storedPageSize(page: Page, storage: 'idb' | 'opfs'): Promise<number> {
  return page.evaluate(async ({ kind, filename }) => {
    let header: Uint8Array;
    if (kind === 'opfs') {
      const file = await (await (await navigator.storage.getDirectory()).getFileHandle(filename)).getFile();
      header = new Uint8Array(await file.slice(0, 100).arrayBuffer());
    } else {
      const settled = <T,>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const idb = await settled(indexedDB.open(filename));
      const blocks = await settled<Array<{ path: string; offset: number; data: Uint8Array }>>(
        idb.transaction('blocks').objectStore('blocks').getAll(),
      );
      idb.close();
      const first = blocks.find((b) => b.path.endsWith(filename) && b.offset === 0);
      if (!first) throw new Error(`no first block of ${filename} in IndexedDB`);
      header = first.data;
    }
    const size = (header[16]! << 8) | header[17]!;
    return size === 1 ? 65536 : size;
  }, { kind: storage, filename: DB_FILENAME });
}

describe('storage choice at start in Chromium', () => {
  let server: TestServer;
  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.stop());

  /** A new device as headless Chromium starts it (persisted storage denied): the app opens on IndexedDB. */
  async function onNewDefaultDevice(run: (page: Page) => Promise<void>): Promise<void> {
    const device = await launchDevice();
    try {
      const page = device.page;
      await page.goto(server.url + '/');
      expect(await openedStorage(page)).toBe('idb');
      await run(page);
    } finally {
      await device.close();
    }
  }

  it('falls back to IndexedDB where persisted storage is denied (headless Chromium by default)', async () => {
    await onNewDefaultDevice(async (page) => {
      const facts = await page.evaluate(async () => ({
        opfs: typeof navigator.storage.getDirectory === 'function',
        persisted: await navigator.storage.persisted(),
        persist: await navigator.storage.persist(),
      }));
      expect(facts).toEqual({ opfs: true, persisted: false, persist: false });
    });
  });

  it('gives a new IndexedDB database large pages and opens it again as it is', async () => {
    await onNewDefaultDevice(async (page) => {
      expect(await storedPageSize(page, 'idb')).toBe(LOCAL_PAGE_SIZE);
      // An existing database is opened without touching its page size (the VFS refuses the pragma once it has pages).
      await page.reload();
      expect(await openedStorage(page)).toBe('idb');
      await page.locator('[data-page="public-vehicles"] [data-state="ready"]').waitFor();
      expect(await storedPageSize(page, 'idb')).toBe(LOCAL_PAGE_SIZE);
    });
  });

  describe('with persisted storage granted', () => {
    let device: Device;
    let page: Page;
    beforeAll(async () => {
      device = await launchDevice();
      await grantPersistentStorage(device.context, server.url);
      page = device.page;
    });
    afterAll(async () => device?.close());

    it('opens OPFS', async () => {
      await page.goto(server.url + '/');
      expect(await openedStorage(page)).toBe('opfs');
      expect(await page.evaluate(() => navigator.storage.persisted())).toBe(true);
      expect(await storedPageSize(page, 'opfs')).toBe(LOCAL_PAGE_SIZE);
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
