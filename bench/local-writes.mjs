// A person's own write on the device, end to end, as they feel it: on a vehicle's Notes page, from submitting
// "Add note" to the new note in the list (the write to the local database, the watched query that follows it and
// the render), on IndexedDB and on OPFS, no throttling. Not budgeted: it guards the local database's settings (its
// page size trades large syncs against small writes and disk space) and is printed beside its before/after in
// bench/README.md, with the database's size on the device after the writes.
// The demo owner signs in once per storage; the first writes warm up, the rest are timed.
//   npm run build && node bench/local-writes.mjs [writes]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/helpers/chromium-path.mjs';
import { FLAGS, median, requireBuild, signIn, startAppServer } from './browser-lib.mjs';
import { percentile, scratchDatabase } from './sync-lib.mjs';

const WRITES = Number(process.argv[2]) || 30;
const WARM_UP = 5;

// In the page: submit the composer (its text, `body`, is already typed) and resolve with the ms until a note in the
// list shows that text.
const submitAndTime = (body) =>
  new Promise((resolve) => {
    const shown = () => [...document.querySelectorAll('.notes-list [data-note-id]')].some((n) => n.textContent.includes(body));
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (shown()) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    });
    observer.observe(document, { subtree: true, childList: true });
    document.querySelector('form[data-form="add-note"]').requestSubmit();
  });

// In the page: the database file's size as the storage holds it (OPFS: the file; IndexedDB: the VFS's metadata).
const storedSize = (kind) =>
  kind === 'opfs'
    ? navigator.storage.getDirectory().then((root) => root.getFileHandle('tagbook.db')).then((h) => h.getFile()).then((f) => f.size)
    : new Promise((resolve, reject) => {
        const open = indexedDB.open('tagbook.db');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('metadata').objectStore('metadata').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result.find((m) => m.name.endsWith('tagbook.db'))?.fileSize ?? NaN);
          };
        };
      });

requireBuild();
const db = await scratchDatabase();
const server = await startAppServer({ DATABASE_URL: db.url });
try {
  const [{ id: bronco }] = (await db.pool.query(`select id from vehicles where name = 'Trail Bronco'`)).rows;
  for (const storage of ['IndexedDB (default)', 'OPFS']) {
    const profile = mkdtempSync(join(tmpdir(), 'tagbook-bench-writes-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: FLAGS,
      viewport: { width: 412, height: 915 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      // The app picks OPFS where the origin's storage is durable: granted here as an installed app has it.
      if (storage === 'OPFS') {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Browser.grantPermissions', { origin: server.url, permissions: ['durableStorage'] });
      }
      page.on('pageerror', (e) => console.error('page error:', e.message));
      await signIn(page, server.url);
      await page.goto(`${server.url}/vehicle/${bronco}/notes`);
      await page.locator('.notes-list [data-note-id]').first().waitFor();
      const kind = await page.evaluate(() => document.querySelector('[data-db]')?.getAttribute('data-storage'));
      const times = [];
      for (let i = 0; i < WARM_UP + WRITES; i++) {
        const body = `Bench note ${i + 1}: checked the tyres and the brakes.`;
        await page.getByLabel('New note').fill(body);
        const ms = await page.evaluate(submitAndTime, body);
        if (i >= WARM_UP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const bytes = await page.evaluate(storedSize, kind);
      console.log(`add a note → in the list, ${storage} (${kind}): median ${median(times).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (${WRITES} writes; not budgeted); database ${(bytes / 1024).toFixed(0)} KB`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
} finally {
  await server.stop();
  await db.drop();
}
