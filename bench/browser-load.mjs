// Cold and warm load of / in Chromium under Lighthouse mobile throttling applied through the DevTools protocol to the
// page and to every worker (150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU). For the storage headless Chromium
// gets by default (IndexedDB: persist() answers false there) and for OPFS (durableStorage granted, as an installed
// app would have it). Each round uses a fresh profile: a cold load, then, once the service worker is active, a warm
// one (a second navigation in the same profile). Medians of the rounds.
//   npm run build && node bench/browser-load.mjs [rounds] [--waterfall]
// --waterfall prints every request of each cold load up to its first local query result: when it was sent and
// finished (ms from navigation start), its target and its bytes on the wire, to see what the shell waits for.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { largestPerTarget, launchBrowser, median, report, requireBuild, sleep, startAppServer, transferred } from './browser-lib.mjs';

requireBuild();
const ROUNDS = Number(process.argv.slice(2).find((a) => !a.startsWith('--'))) || 3;
const WATERFALL = process.argv.includes('--waterfall');
const SHELL_BUDGET_MS = 1200;
const FIRST_VISIT_BUDGET_KB = 700;
/**
 * The SDK's shared-worker script: Chromium fetches it for the worker and reports the request to the page's session
 * but never its bytes. On a first visit it comes from the network (nothing is cached yet), so the cold figure adds
 * its compressed size from the build; later loads take it from a cache.
 */
const PUBLIC = join(import.meta.dirname, '..', 'dist', 'public');
const SHARED_WORKER_URL = /name="tagbook-powersync-worker" content="([^"]+)"/.exec(readFileSync(join(PUBLIC, 'index.html'), 'utf8'))?.[1];
const builtSize = (url) => statSync(join(PUBLIC, existsSync(join(PUBLIC, `${url}.br`)) ? `${url}.br` : url)).size;

// Runs before the app's own scripts in every document: timestamps (performance.now(), so ms since navigation
// start) of the first moment each mark is in the DOM.
const MARKS = `(() => {
  const marks = { shell: '[data-page="public-vehicles"]', db: '[data-db="ready"]', query: '[data-page="public-vehicles"] [data-state="ready"]' };
  const seen = (window.__benchMarks = {});
  const check = () => {
    for (const [name, sel] of Object.entries(marks)) if (seen[name] === undefined && document.querySelector(sel)) seen[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

const READ = `(() => {
  const m = window.__benchMarks ?? {};
  const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  const el = document.querySelector('[data-db]');
  return { ...m, fcp: fcp?.startTime, storage: el?.getAttribute('data-storage') ?? null, timeOrigin: performance.timeOrigin };
})()`;

/** One navigation: the marks, and the bytes of every request sent after it started until the network is quiet. */
async function load(browser, url, origin, { firstVisit = false } = {}) {
  const { page, requests } = browser;
  const started = Date.now();
  await page.send('Page.navigate', { url });
  const marks = await page.waitFor(`(() => { const r = ${READ}; return r.query !== undefined && r.fcp !== undefined && r.shell !== undefined ? r : null; })()`, 90_000, 'the first local query result');
  // Bytes: wait until no request of any target (the long-lived sync stream aside) has had a network event for 2 s,
  // at most 30 s. (A request can stay unfinished forever when the worker that sent it goes away.)
  const isStream = (r) => r.url.includes('/sync/stream');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const last = Math.max(0, ...[...requests.values()].filter((r) => r.wallTime >= started && !isStream(r)).map((r) => r.lastEvent));
    if (Date.now() - last >= 2000) break;
  }
  const navStart = marks.timeOrigin;
  const all = transferred(requests, navStart - 5, { origin });
  const withoutSync = transferred(requests, navStart - 5, { origin, exclude: (r) => r.url.includes('/sync/') });
  const foreign = transferred(requests, navStart - 5, { exclude: (r) => r.url.startsWith(origin) || !/^https?:/.test(r.url) });
  if (foreign.count > 0) throw new Error(`requests outside the app's origin: ${foreign.count}`);
  const seen = new Map();
  for (const r of requests.values()) if (r.wallTime >= navStart - 5 && !r.fromCache && r.url.startsWith(origin) && r.bytes > 0) seen.set(r.url, [...(seen.get(r.url) ?? []), r.bytes]);
  const duplicateBytes = [...seen.values()].filter((b) => b.length > 1).reduce((sum, b) => sum + b.slice(1).reduce((a, c) => a + c, 0), 0);
  if (WATERFALL) printWaterfall(requests, navStart, marks);
  const unreported = [...requests.values()].some(
    (r) => r.wallTime >= navStart - 5 && r.url === origin + SHARED_WORKER_URL && r.bytes === 0 && !r.fromCache,
  );
  const sharedWorkerBytes = firstVisit && unreported ? builtSize(SHARED_WORKER_URL) : 0;
  return {
    ...marks,
    duplicateBytes,
    rates: largestPerTarget(requests, navStart - 5),
    bytes: all.bytes + sharedWorkerBytes,
    appBytes: withoutSync.bytes + sharedWorkerBytes,
    sharedWorkerBytes,
    byTarget: all.byTarget,
    encodings: all.encodings,
    requests: all.count,
  };
}

function printWaterfall(requests, navStart, marks) {
  const rows = [...requests.values()]
    .filter((r) => r.wallTime >= navStart - 5 && r.wallTime - navStart <= marks.query)
    .sort((a, b) => a.wallTime - b.wallTime);
  console.log(`\n  waterfall (ms from navigation; fcp ${Math.round(marks.fcp)}, shell ${Math.round(marks.shell)}, db ${Math.round(marks.db)}):`);
  for (const r of rows) {
    const sent = r.wallTime - navStart;
    const done = r.end === undefined ? '…' : Math.round(sent + (r.end - r.start) * 1000);
    const path = new URL(r.url).pathname + (new URL(r.url).search ? '?…' : '');
    console.log(`  ${String(Math.round(sent)).padStart(6)} → ${String(done).padStart(6)}  ${r.target.padEnd(14)} ${(r.bytes / 1024).toFixed(1).padStart(7)} KB${r.fromCache ? ' (cache/sw)' : ''}  ${path}`);
  }
}

const server = await startAppServer({ SEED: '1' });
let failed = false;
const results = {};
try {
  for (const mode of ['IndexedDB (default)', 'OPFS']) {
    const cold = [];
    const warm = [];
    for (let round = 0; round < ROUNDS; round++) {
      const browser = await launchBrowser();
      try {
        if (mode === 'OPFS') await browser.grantDurableStorage(server.url);
        await browser.page.send('Page.addScriptToEvaluateOnNewDocument', { source: MARKS });
        cold.push(await load(browser, `${server.url}/`, server.url, { firstVisit: true }));
        await browser.page.waitFor('navigator.serviceWorker.controller !== null', 30_000, 'the service worker to control the page');
        await browser.page.evaluate('navigator.serviceWorker.ready.then(() => true)');
        await sleep(1000);
        warm.push(await load(browser, `${server.url}/`, server.url));
        if (browser.throttleErrors.length) console.warn(`throttling not applied to: ${[...new Set(browser.throttleErrors)].join('; ')}`);
      } finally {
        await browser.close();
      }
    }
    results[mode] = { cold, warm };
    const storages = new Set([...cold, ...warm].map((r) => r.storage));
    console.log(`\n${mode}: storage the app reported: ${[...storages].join(', ')}; ${ROUNDS} rounds, medians`);
    for (const [kind, runs] of [['cold', cold], ['warm', warm]]) {
      const fcp = median(runs.map((r) => r.fcp));
      const shell = median(runs.map((r) => r.shell));
      const ok = shell <= SHELL_BUDGET_MS;
      if (kind === 'cold') failed ||= !ok;
      report(`${kind}: first contentful paint`, `${Math.round(fcp)} ms`);
      report(`${kind}: shell rendered ([data-page=public-vehicles])`, `${Math.round(shell)} ms`, kind === 'cold' ? `≤ ${SHELL_BUDGET_MS} ms` : '', kind === 'cold' ? ok : undefined);
      report(`${kind}: local database ready`, `${Math.round(median(runs.map((r) => r.db)))} ms`);
      report(`${kind}: first local query result`, `${Math.round(median(runs.map((r) => r.query)))} ms`);
      const kb = median(runs.map((r) => r.appBytes)) / 1024;
      const firstVisitOk = kb <= FIRST_VISIT_BUDGET_KB;
      if (kind === 'cold' && mode === 'OPFS') failed ||= !firstVisitOk;
      report(
        `${kind}: bytes transferred, sync traffic excluded`,
        `${kb.toFixed(1)} KB`,
        kind === 'cold' && mode === 'OPFS' ? `≤ ${FIRST_VISIT_BUDGET_KB} KB` : '',
        kind === 'cold' && mode === 'OPFS' ? firstVisitOk : undefined,
      );
      if (kind === 'cold') report(`${kind}:   of which the SDK's shared-worker script (size from the build)`, `${(median(runs.map((r) => r.sharedWorkerBytes)) / 1024).toFixed(1)} KB`);
      report(`${kind}:   of which the same URL fetched again`, `${(median(runs.map((r) => r.duplicateBytes)) / 1024).toFixed(1)} KB`);
      report(`${kind}: bytes transferred, all`, `${(median(runs.map((r) => r.bytes)) / 1024).toFixed(1)} KB`);
      const last = runs[runs.length - 1];
      console.log(
        `  (last round: ${last.requests} requests; by target ${Object.entries(last.byTarget).map(([t, b]) => `${t} ${(b / 1024).toFixed(1)} KB`).join(', ')}; ` +
          `encodings ${Object.entries(last.encodings).map(([e, n]) => `${e}×${n}`).join(', ')}; rounds shell ${runs.map((r) => Math.round(r.shell)).join('/')} ms; ` +
          `largest response per target: ${last.rates.join(', ')})`,
      );
    }
  }
} finally {
  await server.stop();
}
if (process.env.BENCH_JSON) console.log(JSON.stringify(results));
process.exit(failed ? 1 : 0);
