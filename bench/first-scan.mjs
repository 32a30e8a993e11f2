// A stranger's first scan: a fresh profile (no service worker, no local database, nothing cached) opens a tag's own
// address, as a phone's camera app does, under Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbps down, 750 kbps
// up, 4× CPU) and under Chromium's slow 3G (400 ms RTT, 400 kbps). Time from navigation start to the answer on
// screen, median of the rounds, for the three answers a tag gives a visitor:
// - a public vehicle's tag → the vehicle's name, description and cover photo (loaded) on its page;
// - an unclaimed tag → 'is Available.' with its action (signed out: sign in to assign it);
// - a private vehicle's tag → the 'private vehicle' page.
// Also when its text showed (under slow 3G text must come before images), when the app's own render took over the
// page the server sent, and when the local database opened.
//   npm run build && node bench/first-scan.mjs [rounds]
import { launchBrowser, median, NETWORK, report, requireBuild, SLOW_3G, startAppServer } from './browser-lib.mjs';
import { giveCoverPhoto } from './cover-photo.mjs';

requireBuild();
const ROUNDS = Number(process.argv[2]) || 3;

const PUBLIC_TEXT = `document.querySelector('[data-page="vehicle"] [data-field="vehicle-name"]')?.textContent === 'Supra Turbo' && document.querySelector('.vehicle-description') !== null`;
// The cover: its photo loaded, or the placeholder of a vehicle that has none.
const COVER_LOADED = `(document.querySelector('[data-cover="placeholder"]') !== null || (document.querySelector('[data-cover="photo"] img')?.complete === true && document.querySelector('[data-cover="photo"] img').naturalWidth > 0))`;
const CASES = [
  { label: 'public vehicle tag → name, description, photo', tag: 'DEMOTAG00004', text: PUBLIC_TEXT, done: `${PUBLIC_TEXT} && ${COVER_LOADED}` },
  {
    label: "unclaimed tag → 'is Available.' and its action",
    tag: 'DEMOFREE0003',
    done: `document.querySelector('main')?.textContent.includes('is Available.') === true && document.querySelector('[data-action="sign-in-to-claim"]') !== null`,
  },
  { label: 'private vehicle tag → private page', tag: 'DEMOTAG00003', done: `document.querySelector('[data-tag-state="private-vehicle"]') !== null` },
];
const NETWORKS = [
  { label: 'Lighthouse mobile', network: NETWORK, budgetMs: 1000 },
  { label: 'slow 3G', network: SLOW_3G, budgetMs: 2500 },
];

// Runs before the page's own scripts: a mutation observer (and each image's load) notices the answer in the DOM, and
// the figure (ms from navigation start) is the next frame's: a page the server sent is in the DOM before its style
// sheet has arrived, but on screen only with the first frame the browser renders after it.
const watchFor = ({ done, text }) => `(() => {
  const atNextFrame = (name) => {
    if (window['__' + name + 'Seen']) return;
    window['__' + name + 'Seen'] = true;
    requestAnimationFrame(() => setTimeout(() => { window['__' + name + 'At'] = performance.now(); }));
  };
  const check = () => {
    if (${done}) atNextFrame('answered');
    if (${text ?? done}) atNextFrame('text');
    if (document.querySelector('.app:not([data-boot-frame])')) atNextFrame('app');
    if (document.querySelector('[data-db="ready"]')) atNextFrame('db');
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  document.addEventListener('load', check, true);
})();`;

const server = await startAppServer({ SEED: '1' });
let failed = false;
try {
  // The public vehicle's page has a cover photo, as a phone uploads one (scaled to 1600 px, JPEG).
  const coverBytes = await giveCoverPhoto(server.url, { email: 'worker@tagbook.test', password: 'tagbook-worker', tag: 'DEMOTAG00004' });
  console.log(`cover photo of the public vehicle: ${(coverBytes / 1024).toFixed(1)} KB`);
  for (const { label: networkLabel, network, budgetMs } of NETWORKS) {
    console.log(`\n${networkLabel}, 4× CPU, fresh profile each round; ${ROUNDS} rounds, medians`);
    for (const { label, tag, done, text } of CASES) {
      const rounds = [];
      const texts = [];
      const apps = [];
      const dbs = [];
      for (let round = 0; round < ROUNDS; round++) {
        const browser = await launchBrowser({ network });
        try {
          await browser.page.send('Page.addScriptToEvaluateOnNewDocument', { source: watchFor({ done, text }) });
          await browser.page.send('Page.navigate', { url: `${server.url}/${tag}` });
          rounds.push(await browser.page.waitFor('window.__answeredAt', 120_000, label));
          texts.push(await browser.page.evaluate('window.__textAt ?? NaN'));
          apps.push(await browser.page.waitFor('window.__appAt', 120_000, `${label}: the app's render`));
          dbs.push(await browser.page.waitFor('window.__dbAt', 120_000, `${label}: the local database`));
          if (browser.throttleErrors.length) console.warn(`throttling not applied to: ${[...new Set(browser.throttleErrors)].join('; ')}`);
        } finally {
          await browser.close();
        }
      }
      const figure = median(rounds);
      const ok = figure <= budgetMs;
      failed ||= !ok;
      report(`${label} (${rounds.map((r) => Math.round(r)).join('/')} ms)`, `${Math.round(figure)} ms`, `≤ ${budgetMs} ms`, ok);
      report(`  its text / the app took over / local database opened`, `${Math.round(median(texts))} / ${Math.round(median(apps))} / ${Math.round(median(dbs))} ms`);
    }
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
