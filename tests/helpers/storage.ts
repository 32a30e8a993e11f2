import type { BrowserContext } from 'playwright-core';
import { BROWSER_DATABASE_VERSION, STORAGE_PREFERENCE_KEY } from '../../src/data/storage.js';

/**
 * Headless Chromium answers navigator.storage.persist() with false (there is no engagement to judge and no one to
 * ask), so the app's storage choice (OPFS only with persisted storage) never picks OPFS there. Granting the real
 * permission through the DevTools protocol is what a person (or Chromium's heuristics for an installed app) would
 * do: persisted() then reports true and the app's own rule chooses OPFS, with no test-only path in the product.
 */
export async function grantPersistentStorage(context: BrowserContext, origin: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  // The grant lasts as long as the protocol session that made it, so it stays attached until the context closes.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Browser.grantPermissions', { origin, permissions: ['durableStorage'] });
}

/** The stored preference exactly as the settings dialog's 'stable' mode writes it (setStorageMode). */
export const FORCE_INDEXED_DB = JSON.stringify({ forceIndexedDb: true, version: BROWSER_DATABASE_VERSION });

/** Every page of the context starts with the forced-IndexedDB preference in place, before the app reads it. */
export async function forceIndexedDb(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    },
    [STORAGE_PREFERENCE_KEY, FORCE_INDEXED_DB] as const,
  );
}
