// Bundle bytes against their budgets, from a fresh build: the JavaScript on the critical path to the first
// render (gzip), and everything a first visit downloads when the browser stores data in OPFS (brotli): the shell
// and page chunks the service worker precaches, the PowerSync worker and the OPFS build of SQLite.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const pub = join(root, 'dist/public');
if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}

const report = JSON.parse(readFileSync(join(root, 'dist/build-report.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(pub, 'asset-manifest.json'), 'utf8'));
const brotliSize = (url) => {
  const file = join(pub, url);
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
};
// The service worker downloads the pack instead of its members (sw/manifest.ts planPrecache, a first visit). An
// anonymous first visit (a scanned tag) takes core and the OPFS build; the signed-in pages come once someone signs in.
const packed = new Set(manifest.packs.core?.files.map((m) => m.url) ?? []);
const firstVisit = manifest.files.filter((f) => (f.group === 'core' || f.group === 'opfs') && !packed.has(f.url));
if (manifest.packs.core) firstVisit.push({ url: manifest.packs.core.url });
const memberPack = manifest.packs.member;
const firstVisitBrotli = firstVisit.reduce((n, f) => n + brotliSize(f.url), 0);
const wasm = firstVisit.filter((f) => f.url.endsWith('.wasm')).reduce((n, f) => n + brotliSize(f.url), 0);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = [
  ['critical-path JS (gzip)', report.criticalGzip, 110 * 1024],
  ['first visit with OPFS (brotli)', firstVisitBrotli, 700 * 1024],
];
for (const [what, value, budget] of rows) {
  console.log(`${what.padEnd(34)} ${kb(value).padStart(10)}   budget ≤ ${kb(budget)}   ${value <= budget ? 'OK' : 'OVER'}`);
}
console.log(
  `  (of which the SQLite wasm: ${kb(wasm)}; ${firstVisit.length} downloads, ${packed.size} files in the pack; ${report.criticalPath.length} on the critical path)`,
);
if (memberPack) {
  console.log(`  on signing in, the signed-in pages: ${kb(brotliSize(memberPack.url))} in one pack of ${memberPack.files.length} files`);
}
process.exit(rows.every(([, value, budget]) => value <= budget) ? 0 : 1);
