// Files on a phone (issue: resumable uploads). Two figures, each beside its budget:
//  1. hashing a 20 MB file in our files worker (MD5 while writing it to the OPFS file store), in MB/s, and the
//     longest main-thread task meanwhile (budget: no task over 50 ms — the page never freezes);
//  2. 20 camera-sized photos picked at once and uploaded under Lighthouse's mobile throttling (150 ms RTT,
//     750 kbps up, 4× CPU on the page): bytes picked vs bytes sent after the device scaled them, and the time.
// Built server over a scratch PostgreSQL database (so the stored sizes can be read), Chromium through
// playwright-core at phone size. Run after `npm run build`: node bench/files.mjs
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/helpers/chromium-path.mjs';
import { CPU_RATE, FLAGS, NETWORK, requireBuild, signIn, startAppServer } from './browser-lib.mjs';
import { scratchDatabase } from './sync-lib.mjs';

const HASH_MB = 20;
const PHOTOS = 20;
const LONG_TASK_BUDGET_MS = 50;

requireBuild();
const db = await scratchDatabase();
const server = await startAppServer({ DATABASE_URL: db.url });
const dir = mkdtempSync(join(tmpdir(), 'tagbook-bench-files-'));
const profile = join(dir, 'profile');
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromiumPath(),
  headless: true,
  args: FLAGS,
  viewport: { width: 412, height: 915 },
});
context.setDefaultTimeout(600_000);
// Every long task of the page, with its start, kept from the first script on.
await context.addInitScript(() => {
  const tasks = [];
  window.benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener('change', () => (window.benchPicked = performance.now()), true);
});
const page = context.pages()[0] ?? (await context.newPage());
page.on('console', (m) => m.type() === 'error' && console.error('page:', m.text()));
page.on('pageerror', (e) => console.error('page error:', e.message));
let failed = false;
try {
  await signIn(page, server.url);
  const [{ id: bronco }] = (await db.pool.query(`select id from vehicles where name = 'Trail Bronco'`)).rows;

  // 1. Hashing 20 MB (a PDF is kept as it is, so all of it is hashed and stored).
  await page.goto(`${server.url}/vehicle/${bronco}/notes`);
  const [{ id: noteId }] = (await db.pool.query('select id from vehicle_notes where vehicle_id = $1 and deleted_at is null order by created_at limit 1', [bronco])).rows;
  const note = page.locator(`[data-note-id="${noteId}"]`);
  await note.locator('[data-file-input]').waitFor({ state: 'attached' });
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(HASH_MB * 1024 * 1024 - 9)]);
  await note.locator('[data-file-input]').setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: pdf });
  await note.locator('[data-attachment]').waitFor({ timeout: 120_000 });
  const hashing = await page.evaluate(() => {
    const end = performance.now();
    const during = window.benchLongTasks.filter((t) => t.start >= window.benchPicked && t.start <= end);
    return { ms: end - window.benchPicked, longest: Math.max(0, ...during.map((t) => t.duration)), count: during.length };
  });
  const mbps = HASH_MB / (hashing.ms / 1000);
  console.log(`files: ${HASH_MB} MB hashed and stored in the worker in ${Math.round(hashing.ms)} ms = ${mbps.toFixed(1)} MB/s`);
  console.log(`files: longest main-thread task meanwhile ${Math.round(hashing.longest)} ms (${hashing.count} over 50 ms) (budget ≤ ${LONG_TASK_BUDGET_MS} ms)`);
  if (hashing.longest > LONG_TASK_BUDGET_MS) failed = true;
  await note.locator('[data-uploaded="1"]').waitFor();

  // 2. Twenty camera-sized photos (4000×3000 with sensor-like noise) under mobile throttling.
  await page.goto(`${server.url}/vehicle/${bronco}`);
  await page.locator('[data-photos] [data-file-input]').waitFor({ state: 'attached' });
  const photos = [];
  for (let i = 0; i < PHOTOS; i++) {
    const base64 = await page.evaluate(async (seed) => {
      const w = 4000;
      const h = 3000;
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d');
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, `hsl(${seed * 17}, 60%, 40%)`);
      g.addColorStop(1, `hsl(${seed * 17 + 120}, 60%, 60%)`);
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      const data = ctx.getImageData(0, 0, w, h);
      for (let p = 0; p < data.data.length; p += 4) {
        const n = ((p * 2654435761 + seed) >>> 24) % 24 - 12;
        data.data[p] += n;
        data.data[p + 1] += n;
        data.data[p + 2] += n;
      }
      ctx.putImageData(data, 0, 0);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer());
      let s = '';
      for (let k = 0; k < bytes.length; k += 0x8000) s += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
      return btoa(s);
    }, i);
    const path = join(dir, `photo-${i + 1}.jpg`);
    writeFileSync(path, Buffer.from(base64, 'base64'));
    photos.push(path);
  }
  const picked = photos.reduce((n, p) => n + statSync(p).size, 0);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  const started = Date.now();
  await page.locator('[data-photos] [data-file-input]').setInputFiles(photos);
  await page.waitForFunction((n) => document.querySelectorAll('[data-photos] [data-uploaded="1"]').length >= n, PHOTOS, { polling: 1000 });
  const seconds = (Date.now() - started) / 1000;
  const { rows } = await db.pool.query(`select sum(filesize)::bigint as sent, count(*)::int as files from bucket_files where type = 'image/jpeg' and state = 2`);
  const sent = Number(rows[0].sent);
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(`files: ${PHOTOS} photos picked ${mb(picked)} MB, sent ${mb(sent)} MB after scaling (${((100 * sent) / picked).toFixed(0)}%), ${rows[0].files} stored`);
  console.log(`files: all ${PHOTOS} uploaded under mobile throttling in ${seconds.toFixed(0)} s (floor at 750 kbps for ${mb(sent)} MB: ${((sent * 8) / 750e3).toFixed(0)} s)`);
} finally {
  await context.close();
  rmSync(dir, { recursive: true, force: true });
  await server.stop();
  await db.drop();
}
process.exit(failed ? 1 : 0);
