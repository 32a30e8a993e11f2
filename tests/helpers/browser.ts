import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

type PersistentContextOptions = NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>;
// @ts-expect-error plain ESM helper shared with the test runner
import { chromiumPath } from './chromium-path.mjs';
import { WAIT_BACKSTOP_MS } from './backstop.js';

/** Flags that keep headless Chromium quiet on a machine without outside network (see docs/powersync-web.md). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Device {
  context: BrowserContext;
  /** The profile's first tab, open from the start: the one a test drives unless it opens more. */
  page: Page;
  close(): Promise<void>;
}

/**
 * One device = one persistent Chromium profile in a fresh user-data-dir, so storage (OPFS, IndexedDB, service
 * worker) behaves as on a phone and is thrown away afterwards.
 */
export async function launchDevice(extraArgs: string[] = [], options: PersistentContextOptions = {}): Promise<Device> {
  const executablePath = (chromiumPath as () => string | null)();
  if (!executablePath) throw new Error('No Chromium: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  const userDataDir = mkdtempSync(join(tmpdir(), 'tagbook-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [...FLAGS, ...extraArgs],
    viewport: { width: 412, height: 915 },
    ...options,
  });
  // Every wait in a browser test is for an event, not a deadline; this is only the backstop that names the locator
  // when something never happens, kept below the test's own time-out. A loaded two-core machine can take tens of
  // seconds for a service worker install or a cold database, so it is generous.
  context.setDefaultTimeout(WAIT_BACKSTOP_MS);
  return {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
