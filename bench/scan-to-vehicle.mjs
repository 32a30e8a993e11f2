// Scan to vehicle page, warm: from the moment a scan's decoded text is handed to the app (the
// in-app navigation the scanner makes to /{hash}) to the vehicle's name on screen, under Lighthouse's 4× CPU
// throttling. The device has visited once online (service worker installed, public vehicles and their tags synced),
// as a phone in a user's pocket has. Median of the rounds, under two networks:
// - offline: the network cut, as in a basement garage;
// - lie-fi: online as far as the browser can tell, but every request takes 30 s — a page that waited for anything
//   the network gives would show it here, where an offline page fails fast and moves on.
//   npm run build && node bench/scan-to-vehicle.mjs [rounds]
import { launchBrowser, median, report, requireBuild, sleep, startAppServer } from './browser-lib.mjs';

requireBuild();
const ROUNDS = Number(process.argv[2]) || 15;
const BUDGET_MS = 300;
const TAG = 'DEMOTAG00001';
const NAME = 'Red 911';

// In the page: go to `path` the way the app's navigate() does (pushState, then the popstate its router listens to)
// and resolve with the ms until `selector` shows `text`.
const navigateAndTime = (path, selector, text) => `new Promise((resolve) => {
  const done = () => { const el = document.querySelector(${JSON.stringify(selector)}); return el && el.textContent === ${JSON.stringify(text)}; };
  const started = performance.now();
  const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(performance.now() - started); } });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
  history.pushState(history.state, '', ${JSON.stringify(path)});
  dispatchEvent(new PopStateEvent('popstate'));
})`;

const server = await startAppServer({ SEED: '1' });
let failed = false;
try {
  const browser = await launchBrowser();
  try {
    const { page } = browser;
    // First visit, online: the tag's own URL, as a phone's camera app would open it.
    await page.send('Page.navigate', { url: `${server.url}/${TAG}` });
    await page.waitFor(`document.querySelector('[data-page="vehicle"] [data-field="vehicle-name"]')?.textContent === ${JSON.stringify(NAME)}`, 90_000, 'the vehicle page online');
    await page.waitFor('navigator.serviceWorker.controller !== null', 30_000, 'the service worker to control the page');
    await sleep(1000);
    const networks = [
      { label: 'offline', conditions: { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 } },
      { label: 'lie-fi (every request 30 s)', conditions: { offline: false, latency: 30_000, downloadThroughput: -1, uploadThroughput: -1 } },
    ];
    for (const { label, conditions } of networks) {
      await page.send('Network.emulateNetworkConditions', conditions);
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) {
        await page.evaluate(`history.pushState(history.state, '', '/'); dispatchEvent(new PopStateEvent('popstate')); true`);
        await page.waitFor(`document.querySelector('[data-page="public-vehicles"] [data-state="ready"]') !== null`, 30_000, 'the home page');
        rounds.push(await page.evaluate(navigateAndTime(`/${TAG}`, '[data-page="vehicle"] [data-field="vehicle-name"]', NAME)));
      }
      const figure = median(rounds);
      const over = figure > BUDGET_MS;
      failed ||= over;
      console.log(`\nscan to vehicle page, warm, ${label}, 4× CPU; ${ROUNDS} rounds (${rounds.map((r) => Math.round(r)).join('/')} ms)`);
      report(`decoded text → vehicle name on screen (median), ${label}`, `${Math.round(figure)} ms`, `≤ ${BUDGET_MS} ms`, !over);
    }
    if (browser.throttleErrors.length) console.warn(`throttling not applied to: ${[...new Set(browser.throttleErrors)].join('; ')}`);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
