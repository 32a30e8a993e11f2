// Builds everything with esbuild: the browser app (ESM, split, content-hashed), the service worker, our web workers,
// the PowerSync worker folder, precompressed siblings, the precache manifest, and the server bundle.
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress as brotliCallback, constants as zlibConstants, gzip as gzipCallback, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCallback);
const gzip = promisify(gzipCallback);

const root = dirname(fileURLToPath(import.meta.url));
const out = join(root, 'dist');
const pub = join(out, 'public');
const serverOnly = process.argv.includes('--server-only');
const production = process.env.NODE_ENV !== 'development';
// TAGBOOK_STAGE=stage|dev marks a stage build: titles get a [STAGE]/[DEV] prefix and unfinished areas are shown.
const stage = process.env.TAGBOOK_STAGE ?? (production ? '' : 'dev');
if (!['', 'stage', 'dev'].includes(stage)) throw new Error(`TAGBOOK_STAGE must be stage, dev or empty, not ${stage}`);
const started = performance.now();

const COMPRESSIBLE = /\.(js|mjs|css|html|json|wasm|svg|webmanifest|txt|map|pack)$/;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** Read by the server (server/http/preload.ts), never by the browser. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The server's bundle, and beside it the renderer of tags' first answers (server/http/first-answer.ts), built from the
 * app's own pages with the app's settings (its styles are the app's business: empty here).
 */
async function buildServer(version) {
  const { define, jsx } = appBuildOptions(version);
  await esbuild.build({
    entryPoints: { 'first-answer-frame': join(root, 'src/app/FirstAnswerFrame.tsx') },
    outdir: join(out, 'server'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    define,
    jsx,
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  await esbuild.build({
    entryPoints: { main: join(root, 'server/main.ts') },
    outdir: join(out, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

const ENTRY = 'src/main.tsx';

/**
 * The shell in one chunk. With splitting, esbuild gives every set of (entry or lazy) chunks that reach a module its
 * own shared chunk, so the shell came as ~38 small files: over HTTP/1.1's six connections per host that is several
 * rounds before the first render, preloaded or not. Every lazy page is made to import the whole shell (it runs after
 * the shell anyway, so this costs nothing at run time), which gives all shell modules the same set and one chunk.
 * The shell's modules are found by a first pass over the metafile: what the entry reaches by static imports.
 */
function shellInOneChunk(shellModules, lazyModules) {
  const barrel = shellModules.map((file) => `import ${JSON.stringify(join(root, file))};`).join('\n');
  return {
    name: 'shell-in-one-chunk',
    setup(build) {
      build.onResolve({ filter: /^tagbook:shell$/ }, () => ({ path: 'shell', namespace: 'tagbook' }));
      build.onLoad({ filter: /.*/, namespace: 'tagbook' }, () => ({ contents: barrel, loader: 'js', resolveDir: root }));
      build.onLoad({ filter: /\.(tsx?|jsx?)$/ }, async (args) => {
        if (!lazyModules.has(relative(root, args.path).split('\\').join('/'))) return undefined;
        const source = await readFile(args.path, 'utf8');
        const loader = args.path.slice(args.path.lastIndexOf('.') + 1);
        return { contents: `${source}\nimport 'tagbook:shell';\n`, loader };
      });
    },
  };
}

/** Source files the entry reaches by static imports (CSS aside), and the targets of every dynamic import. */
function moduleGraph(metafile) {
  const inputs = metafile.inputs;
  const shell = new Set();
  const walk = (file) => {
    if (shell.has(file) || !inputs[file]) return;
    shell.add(file);
    for (const imp of inputs[file].imports) if (imp.kind === 'import-statement') walk(imp.path);
  };
  walk(ENTRY);
  shell.delete(ENTRY);
  const lazy = new Set();
  for (const input of Object.values(inputs)) {
    for (const imp of input.imports) if (imp.kind === 'dynamic-import' && !imp.external) lazy.add(imp.path);
  }
  return { shell: [...shell].filter((f) => !f.endsWith('.css')), lazy };
}

async function buildApp(version) {
  const options = appBuildOptions(version);
  const first = await esbuild.build({ ...options, write: false });
  const graph = moduleGraph(first.metafile);
  const result = await esbuild.build({
    ...options,
    plugins: [shellInOneChunk(graph.shell, graph.lazy)],
    // The barrel's imports of side-effect-free packages (icons) are dropped, which is fine: they reach the shell's
    // chunk through the modules that use them.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  return result.metafile;
}

function appBuildOptions(version) {
  return {
    absWorkingDir: root,
    entryPoints: { app: join(root, ENTRY) },
    outdir: join(pub, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['chrome109', 'safari16', 'firefox115'],
    minify: production,
    sourcemap: 'linked',
    metafile: true,
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      __APP_VERSION__: JSON.stringify(version),
      // A stage build is not production: it shows the hidden menu entries too.
      __PRODUCTION__: String(production && stage === ''),
      __STAGE__: JSON.stringify(stage),
    },
    logLevel: 'warning',
  };
}

/** The PowerSync worker loads its VFS, glue and wasm relative to itself: copy the folder whole, versioned by content. */
async function copyPowerSyncWorker() {
  const src = join(root, 'node_modules/@powersync/web/dist/worker');
  const hash = createHash('sha256').update(await readFile(join(src, 'worker.js'))).digest('hex').slice(0, 10);
  const dest = join(pub, 'assets', `powersync-${hash}`);
  await cp(src, dest, { recursive: true, filter: (f) => !f.endsWith('.map') });
  return `/assets/powersync-${hash}/worker.js`;
}

/** Our own workers, one ESM bundle each, content-hashed like the app; returns each worker's URL by name. */
async function buildWorkers() {
  const entries = (await readdir(join(root, 'workers'))).filter((f) => f.endsWith('.worker.ts'));
  if (entries.length === 0) return {};
  const result = await esbuild.build({
    metafile: true,
    entryPoints: entries.map((f) => join(root, 'workers', f)),
    outdir: join(pub, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    target: ['chrome109', 'safari16', 'firefox115'],
    minify: production,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  const urls = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const name = basename(output.entryPoint).replace(/\.worker\.ts$/, '');
    urls[name] = '/' + relative(pub, join(root, file)).split('\\').join('/');
  }
  return urls;
}

/**
 * The precache list is compiled into sw.js: every deploy then changes sw.js byte-wise, which is what makes browsers
 * notice the update, and a worker only ever precaches the files of its own build.
 */
async function buildServiceWorker(manifest) {
  const precache = {
    version: manifest.version,
    digest: manifest.digest,
    files: manifest.files.filter((f) => f.group !== null).map(({ url, group }) => ({ url, group })),
    packs: manifest.packs,
  };
  await esbuild.build({
    entryPoints: [join(root, 'sw/sw.ts')],
    outfile: join(pub, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: ['chrome109', 'safari16'],
    minify: production,
    define: { __PRECACHE_MANIFEST__: JSON.stringify(precache) },
    logLevel: 'warning',
  });
}

async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** An output file and everything it imports statically, transitively (itself first). */
function staticClosure(outputs, file) {
  const seen = new Set();
  const walk = (f) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const imp of outputs[f]?.imports ?? []) if (imp.kind === 'import-statement') walk(imp.path);
  };
  walk(file);
  return [...seen];
}

/** Entry chunk plus everything it imports statically: what the browser must fetch before the first render. */
function criticalPathFiles(metafile) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint === ENTRY);
  if (!entry) throw new Error(`build: no output for ${ENTRY}`);
  const css = outputs[entry].cssBundle ? [outputs[entry].cssBundle] : [];
  return { entry, files: staticClosure(outputs, entry), css };
}

/**
 * esbuild writes a style sheet for every lazy chunk that reaches CSS (each reaches all of it through the shell), but
 * the page links only the entry's, which already holds every rule: the others are never loaded, and would only be
 * precached (about 8 KB brotli each).
 */
async function dropUnlinkedCss(metafile, critical) {
  const linked = new Set(critical.css);
  for (const file of Object.keys(metafile.outputs)) {
    if (!file.endsWith('.css') || linked.has(file)) continue;
    await Promise.all([rm(join(root, file)), rm(join(root, `${file}.map`), { force: true })]);
    delete metafile.outputs[file];
  }
}

/** The start modules (src/app/routeModules.ts START_MODULES) and what they import, beyond the shell. */
function startFiles(START_MODULES, metafile, critical, toUrl) {
  const outputs = metafile.outputs;
  const shell = new Set(critical.files);
  const files = new Set();
  for (const module of START_MODULES) {
    const chunk = Object.keys(outputs).find((k) => outputs[k].entryPoint === module);
    if (!chunk) throw new Error(`build: ${module} (a start module) is not a chunk of its own: is it imported lazily?`);
    for (const f of staticClosure(outputs, chunk)) if (!shell.has(f)) files.add(toUrl(f));
  }
  return files;
}

/**
 * Bundles one of the project's TypeScript modules and imports it, so the build reads the same lists (and renders the
 * same components) the code uses. The bundle goes to a file beside the build, so its packages stay imports resolved
 * from node_modules; `options` adds esbuild settings (the app's defines and JSX for a component).
 */
async function importTs(path, options = {}) {
  const file = join(out, `import-${basename(path)}-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [join(root, path)],
    outfile: file,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    logLevel: 'warning',
    ...options,
  });
  try {
    return await import(pathToFileURL(file).href);
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * For each route, the chunk of its page (src/app/routeModules.ts) and what that chunk imports, minus the shell: the
 * server preloads them with the shell when that route is opened cold (server/http/preload.ts).
 */
function routePreloads(ROUTE_PAGE_MODULES, metafile, critical, toUrl) {
  const outputs = metafile.outputs;
  const shell = new Set(critical.files);
  const routes = {};
  for (const [route, module] of Object.entries(ROUTE_PAGE_MODULES)) {
    if (module === null) {
      routes[route] = [];
      continue;
    }
    const chunk = Object.keys(outputs).find((k) => outputs[k].entryPoint === module);
    if (!chunk) throw new Error(`build: ${module} (route ${route}) is not a chunk of its own: is it imported lazily?`);
    routes[route] = staticClosure(outputs, chunk).filter((f) => !shell.has(f)).map(toUrl);
  }
  return routes;
}

/** The boot frame's HTML (src/app/BootFrame.tsx), rendered with the app's own components and build settings. */
async function renderBootFrame(version) {
  const { define, jsx } = appBuildOptions(version);
  const { bootFrameHtml } = await importTs('src/app/BootFrame.tsx', { define, jsx });
  return bootFrameHtml();
}

async function writeIndexHtml(critical, toUrl, powersyncWorkerUrl, workerUrls, bootFrame) {
  const { FRAME_MARKS } = await importTs('src/domain/firstAnswer.ts');
  const template = await readFile(join(root, 'public/index.html'), 'utf8');
  if (!template.includes('<!--boot-frame-->')) throw new Error('public/index.html: the root element lost its <!--boot-frame--> mark');
  const entryUrl = toUrl(critical.entry);
  // Every file of the shell is asked for at once, not found one import at a time after the entry has been parsed.
  const head = [
    ...critical.css.map((f) => `<link rel="stylesheet" href="${toUrl(f)}">`),
    ...critical.files.map((f) => `<link rel="modulepreload" href="${toUrl(f)}">`),
    `<meta name="tagbook-powersync-worker" content="${powersyncWorkerUrl}">`,
    ...Object.entries(workerUrls).map(([name, url]) => `<meta name="tagbook-${name}-worker" content="${url}">`),
  ].join('\n    ');
  const html = template
    .replace('<!--head-->', head)
    // Marked: the server puts a tag's first answer in its place (server/http/static.ts).
    .replace('<!--boot-frame-->', `${FRAME_MARKS.start}${bootFrame}${FRAME_MARKS.end}`)
    .replace('<!--entry-->', `<script type="module" src="${entryUrl}"></script>`);
  await writeFile(join(pub, 'index.html'), html);
}

/** Precompressed siblings, built in parallel on the libuv pool; files no page loads (unused SQLite builds) stay raw. */
async function compressAll(unused, apart) {
  const jobs = [];
  for (const file of await listFiles(pub)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    const url = '/' + relative(pub, file).split('\\').join('/');
    // Pages a link opens are not precached, but are served compressed like any other.
    if (precacheGroup(url, unused, apart) === null && !apart.link.has(url)) continue;
    jobs.push(
      (async () => {
        const data = await readFile(file);
        if (data.length < 512) return;
        const [gz, br] = await Promise.all([
          gzip(data, { level: 9 }),
          brotli(data, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        ]);
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      })(),
    );
  }
  await Promise.all(jobs);
}

/**
 * App chunks the PowerSync SDK could import on the main thread but never does here: the database and the sync stream
 * run in the SDK's own worker (src/data/database.ts) over HTTP, so its main-thread SQLite builds, VFSs and WebSocket
 * transport (about 110 KB brotli) are never loaded. A chunk made only of such modules is left out of the precache.
 */
const UNUSED_ON_MAIN_THREAD = [
  /^node_modules\/@journeyapps\/wa-sqlite\//,
  /^node_modules\/@powersync\/shared-internals\/dist\/websockets\./,
];

function unusedChunks(metafile, toUrl) {
  const unused = new Set();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    const inputs = Object.keys(output.inputs);
    if (inputs.length > 0 && inputs.every((input) => UNUSED_ON_MAIN_THREAD.some((pattern) => pattern.test(input)))) {
      unused.add(toUrl(file));
    }
  }
  return unused;
}

/**
 * Which precache group a shipped file belongs to. The service worker installs "core"; a page adds the group of the
 * storage it actually opened ("opfs" or "idb"), so a first visit never downloads both wasm builds, and "member" once
 * someone signs in (`member`: the chunks only signed-in pages import, see lazyOnlyFiles). Files in no group
 * are cached only if something ever fetches them: the SDK's encryption builds, unused VFSs and WebSocket transport,
 * in its worker folder and as main-thread chunks (`unused`), and the manifest's PNG icons, which the browser fetches
 * itself when the app is installed (online) and no page shows.
 */
function precacheGroup(url, unused, apart) {
  if (unused.has(url) || /^\/icons\/.*\.png$/.test(url) || apart.link.has(url)) return null;
  if (apart.member.has(url)) return 'member';
  if (!url.includes('/powersync-')) return 'core';
  const name = url.slice(url.lastIndexOf('/') + 1);
  if (name === 'worker.js' || name.startsWith('FacadeVFS-')) return 'core';
  if (name.startsWith('OPFSCoopSyncVFS-') || /^wa-sqlite-(?!async)/.test(name)) return 'opfs';
  if (name.startsWith('IDBBatchAtomicVFS-') || name.startsWith('wa-sqlite-async-')) return 'idb';
  return null;
}

/**
 * The files no page anyone opens offline needs, each set of modules in `groups` (src/app/routeModules.ts) with the
 * chunks only it reaches: everything the entry reaches, through static and lazy imports alike, is walked except lazy
 * imports of those modules; what the walk never reaches is needed by nobody else. A chunk shared with a page anyone
 * opens is reached, so it stays in "core"; one shared by a member page and a link page goes with the member pages.
 */
function lazyOnlyFiles(groups, metafile, critical, toUrl) {
  const outputs = metafile.outputs;
  const chunkOf = (module) => Object.keys(outputs).find((o) => outputs[o].entryPoint === module);
  for (const module of [...groups.member, ...groups.link]) {
    if (chunkOf(module) === undefined) throw new Error(`build: ${module} (a module loaded apart) is not a chunk of its own: is it imported lazily?`);
  }
  const skipped = new Set([...groups.member, ...groups.link]);
  const walk = (from, reached, skip) => {
    const visit = (f) => {
      if (reached.has(f)) return;
      reached.add(f);
      for (const imp of outputs[f]?.imports ?? []) {
        if (imp.kind === 'dynamic-import' && skip.has(outputs[imp.path]?.entryPoint)) continue;
        if (imp.kind === 'import-statement' || imp.kind === 'dynamic-import') visit(imp.path);
      }
    };
    for (const f of from) visit(f);
    return reached;
  };
  const reached = walk([critical.entry], new Set(), skipped);
  const apart = Object.keys(outputs).filter((f) => f.endsWith('.js') && !reached.has(f));
  const behindMembers = walk(groups.member.map(chunkOf), new Set(), new Set());
  return {
    member: new Set(apart.filter((f) => behindMembers.has(f)).map(toUrl)),
    link: new Set(apart.filter((f) => !behindMembers.has(f)).map(toUrl)),
  };
}

/** What the service worker may precache: every shipped file but source maps, compressed siblings and itself. */
async function writeAssetManifest(version, unused, apart, fetchedByPage) {
  const files = [];
  for (const file of await listFiles(pub)) {
    const url = '/' + relative(pub, file).split('\\').join('/');
    if (/\.(map|br|gz)$/.test(url) || url === '/sw.js' || url === '/asset-manifest.json' || url === `/${ROUTE_PRELOADS_FILE}`) continue;
    files.push({ url, size: (await stat(file)).size, group: precacheGroup(url, unused, apart) });
  }
  files.sort((a, b) => a.url.localeCompare(b.url));
  // Over contents, not names and sizes: an icon or the shell can change without either, and the digest names the
  // service worker's cache, so it must change whenever anything it holds does.
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.url).update('\0').update(await readFile(join(pub, f.url))).update('\0');
  const digest = hash.digest('hex').slice(0, 16);
  const { mimeType } = await importTs('server/http/mime.ts');
  const packs = {};
  for (const group of PACKED_GROUPS) {
    const pack = await writePrecachePack(files, group, fetchedByPage, mimeType);
    if (pack) packs[group] = pack;
  }
  const manifest = { version, digest, files, packs };
  await writeFile(join(pub, 'asset-manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Groups whose hashed chunks come as one pack each (sw/manifest.ts PrecachePack). */
const PACKED_GROUPS = ['core', 'member'];

/**
 * A group's chunks come as one pack (sw/manifest.ts): over HTTP/1.1 each of about a hundred chunks
 * costs a request, ~330 bytes of headers and a round trip on a slow link, and brotli packs chunks that share code
 * far better together than one by one. Left out: what every start fetches before the worker installs (the shell,
 * the start modules, and the PowerSync worker folder's files, which the local database loads), which the worker
 * copies from the HTTP cache, and unhashed files, which the worker must revalidate.
 */
async function writePrecachePack(files, group, fetchedByPage, mimeType) {
  const members = files.filter(
    (f) => f.group === group && f.url.startsWith('/assets/') && !f.url.includes('/powersync-') && !fetchedByPage.has(f.url),
  );
  if (members.length === 0) return null;
  const bodies = await Promise.all(members.map((f) => readFile(join(pub, f.url))));
  const data = Buffer.concat(bodies);
  const packed = [];
  let offset = 0;
  members.forEach((f, i) => {
    packed.push({ url: f.url, offset, size: bodies[i].length, type: mimeType(f.url) });
    offset += bodies[i].length;
  });
  const url = `/assets/precache-${createHash('sha256').update(data).digest('hex').slice(0, 16)}.pack`;
  await writeFile(join(pub, url), data);
  return { url, files: packed };
}

async function main() {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  if (serverOnly) {
    await buildServer(pkg.version);
    console.log(`build: server in ${Math.round(performance.now() - started)} ms`);
    return;
  }
  await rm(out, { recursive: true, force: true });
  await mkdir(pub, { recursive: true });
  await cp(join(root, 'public'), pub, { recursive: true, filter: (f) => basename(f) !== 'index.html' });
  const [metafile, powersyncWorkerUrl, workerUrls, bootFrame] = await Promise.all([
    buildApp(pkg.version),
    copyPowerSyncWorker(),
    buildWorkers(),
    renderBootFrame(pkg.version),
    buildServer(pkg.version),
  ]);
  const critical = criticalPathFiles(metafile);
  await dropUnlinkedCss(metafile, critical);
  // Not shipped: what each chunk is made of, for sizing questions (bench/README.md's figures per area came from it).
  await writeFile(join(out, 'metafile.json'), JSON.stringify(metafile));
  const toUrl = (p) => '/' + relative(pub, join(root, p)).split('\\').join('/');
  await writeIndexHtml(critical, toUrl, powersyncWorkerUrl, workerUrls, bootFrame);
  const { ROUTE_PAGE_MODULES, START_MODULES, MEMBER_MODULES, LINK_MODULES, FIRST_ANSWER_MODULE } = await importTs('src/app/routeModules.ts');
  const preloads = routePreloads(ROUTE_PAGE_MODULES, metafile, critical, toUrl);
  const firstAnswer = [...startFiles([FIRST_ANSWER_MODULE], metafile, critical, toUrl)];
  await writeFile(
    join(pub, ROUTE_PRELOADS_FILE),
    JSON.stringify({ shell: critical.files.map(toUrl), routes: preloads, firstAnswer }, null, 2),
  );
  const unused = unusedChunks(metafile, toUrl);
  const fetchedByPage = new Set([
    ...[...critical.files, ...critical.css].map(toUrl),
    ...startFiles(START_MODULES, metafile, critical, toUrl),
    ...firstAnswer,
  ]);
  const apart = lazyOnlyFiles({ member: MEMBER_MODULES, link: LINK_MODULES }, metafile, critical, toUrl);
  const manifest = await writeAssetManifest(pkg.version, unused, apart, fetchedByPage);
  await buildServiceWorker(manifest);
  await compressAll(unused, apart);

  let criticalGzip = 0;
  for (const f of critical.files) criticalGzip += gzipSync(await readFile(join(root, f)), { level: 9 }).length;
  await writeFile(
    join(out, 'build-report.json'),
    JSON.stringify({ version: pkg.version, criticalPath: critical.files.map(toUrl), criticalGzip }, null, 2),
  );
  const total = manifest.files.reduce((n, f) => n + f.size, 0);
  console.log(`build: ${manifest.files.length} files, ${kb(total)} raw, in ${Math.round(performance.now() - started)} ms`);
  console.log(`build: critical-path JS ${kb(criticalGzip)} gzip in ${critical.files.length} file(s) (budget 110.0 KB)`);
  const home = preloads['public-vehicles'];
  console.log(`build: '/' preloads ${critical.files.length} shell file(s) and ${home.length} of its page: ${home.join(' ')}`);
}

await main();
