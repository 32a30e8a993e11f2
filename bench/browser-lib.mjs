// Shared by the browser benchmarks: the built server as a child process on a known port, and Chromium driven over
// the raw DevTools protocol. Raw CDP (not Playwright) so that every target — the page, its dedicated workers, the
// service worker and the SDK's shared worker — is attached before it runs (waitForDebuggerOnStart), gets the same
// network and CPU throttling, and reports its own network traffic.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { chromiumPath } from '../tests/helpers/chromium-path.mjs';
import { ROOT, sleep } from './sync-lib.mjs';
import { startThrottleProxy } from './throttle-proxy.mjs';

export { ROOT, sleep };

/** Lighthouse's mobile throttling: 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown. */
export const NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
/** Chromium's slow-3G profile as the first-scan budgets name it: 400 ms RTT, 400 kbps each way. */
export const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 400e3 / 8, uploadThroughput: 400e3 / 8 };
export const CPU_RATE = 4;

/** The same flags as the browser tests (quiet headless Chromium without outside network); Playwright launches too. */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-default-browser-check',
  '--window-size=412,915',
];

export function requireBuild() {
  if (!existsSync(join(ROOT, 'dist/server/main.js')) || !existsSync(join(ROOT, 'dist/public/index.html'))) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The built server on 127.0.0.1 (PGlite in a temp DATA_DIR unless env has DATABASE_URL); resolves once healthy.
 * throttled: the browser reaches it through bench/throttle-proxy.mjs (Lighthouse's mobile network at the socket), and
 * `url` is the proxy's; `directUrl` is always the server's own.
 */
export async function startAppServer(env = {}, { throttled = false } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tagbook-bench-data-'));
  const directUrl = `http://127.0.0.1:${port}`;
  const proxy = throttled ? await startThrottleProxy(port) : null;
  const url = proxy ? `http://127.0.0.1:${proxy.port}` : directUrl;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    // BENCH_SERVER_ROOT: another build (a checkout of an earlier commit, built) for before/after figures.
    cwd: process.env.BENCH_SERVER_ROOT || ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED: '1',
      SYNC_COMPACT_INTERVAL_MS: '0',
      SHUTDOWN_GRACE_MS: '1000',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if ((await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)])) === false) child.kill('SIGKILL');
    }
    await proxy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${directUrl}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error('server did not start within 60 s');
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, directUrl, proxy, pid: child.pid, stop };
}

/** A minimal flat-mode CDP connection: send(method, params, sessionId) and an event listener. */
class Cdp {
  constructor(ws) {
    this.ws = ws;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.id !== undefined) {
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
        else p.resolve(msg.result);
      } else {
        for (const l of this.listeners) l(msg.method, msg.params, msg.sessionId);
      }
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('CDP connection closed'));
      this.pending.clear();
    });
  }
  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      setTimeout(() => {
        if (this.pending.delete(id)) reject(new Error(`${method}: no answer within 60 s`));
      }, 60_000).unref();
    });
  }
  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/**
 * Chromium with a fresh profile, every target auto-attached and paused until it is throttled. `requests` collects
 * every network request of every target: { target, url, wallTime, bytes, finished, fromCache, encoding }.
 * throttle: true (network and CPU, by DevTools), 'cpu' (CPU only: the network is throttled at the server's socket),
 * false (none). network: the conditions DevTools applies (Lighthouse's mobile network unless told otherwise).
 */
export async function launchBrowser({ throttle = true, network = NETWORK } = {}) {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium found (set CHROMIUM_PATH).');
  const profile = mkdtempSync(join(tmpdir(), 'tagbook-bench-chromium-'));
  const child = spawn(executablePath, [...FLAGS, `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  let cdp;
  const close = async () => {
    try {
      if (cdp) await Promise.race([cdp.send('Browser.close'), sleep(5000)]).catch(() => {});
    } finally {
      cdp?.ws.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if ((await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) === false) child.kill('SIGKILL');
      }
      rmSync(profile, { recursive: true, force: true });
    }
  };
  try {
    const portFile = join(profile, 'DevToolsActivePort');
    for (let i = 0; !existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2; i++) {
      if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
      if (i > 300) throw new Error('Chromium did not open its debugging port within 30 s');
      await sleep(100);
    }
    const [port, path] = readFileSync(portFile, 'utf8').split('\n');
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    cdp = new Cdp(ws);
  } catch (error) {
    await close();
    throw error;
  }

  const sessions = new Map(); // sessionId -> { type, url }
  const requests = new Map(); // `${sessionId}:${requestId}` -> record
  const throttleErrors = [];
  // Chromium's own UI targets are left alone; pages and every kind of worker are attached.
  const filter = [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, { type: 'browser_ui', exclude: true }, {}];
  const autoAttach = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter };

  // Commands are sent in order without awaiting in between: a paused worker may answer only once it runs, and
  // Chromium handles a session's commands in the order they arrive, so throttling is in place before it starts.
  async function setUp(sessionId, type) {
    const note = (what) => (e) => throttleErrors.push(`${type} ${what}: ${e.message}`);
    const tries = [
      cdp.send('Network.enable', {}, sessionId).catch(() => {}),
      cdp.send('Target.setAutoAttach', autoAttach, sessionId).catch(() => {}),
    ];
    if (throttle) {
      if (throttle !== 'cpu') tries.push(cdp.send('Network.emulateNetworkConditions', network, sessionId).catch(note('network')));
      if (type === 'page') tries.push(cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE }, sessionId).catch(note('cpu')));
    }
    if (type === 'page') tries.push(cdp.send('Page.enable', {}, sessionId), cdp.send('Runtime.enable', {}, sessionId));
    tries.push(cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => {}));
    await Promise.allSettled(tries);
  }

  cdp.on((method, params, sessionId) => {
    if (method === 'Target.attachedToTarget') {
      const { sessionId: child, targetInfo } = params;
      sessions.set(child, { type: targetInfo.type, url: targetInfo.url, targetId: targetInfo.targetId });
      setUp(child, targetInfo.type).catch(() => {});
      return;
    }
    if (method === 'Target.detachedFromTarget') return;
    if (!sessionId || !method.startsWith('Network.')) return;
    // Keyed by target, not session: a target can be attached twice (the service worker is, at browser level and
    // through the page), and each session reports the same requests; only the first session's events count.
    const key = `${sessions.get(sessionId)?.targetId ?? sessionId}:${params.requestId}`;
    if (method === 'Network.requestWillBeSent') {
      if (requests.has(key)) return; // a redirect (same request id, bytes keep adding up) or a second session
      requests.set(key, {
        session: sessionId,
        target: sessions.get(sessionId)?.type ?? '?',
        url: params.request.url,
        wallTime: params.wallTime * 1000,
        start: params.timestamp,
        lastEvent: Date.now(),
        bytes: 0,
        finished: false,
        fromCache: false,
        encoding: '',
      });
    } else {
      const r = requests.get(key);
      if (!r || r.session !== sessionId) return;
      r.lastEvent = Date.now();
      if (method === 'Network.responseReceived') {
        const res = params.response;
        r.fromCache = Boolean(res.fromServiceWorker || res.fromDiskCache || res.fromPrefetchCache);
        r.encoding = Object.entries(res.headers ?? {}).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
        r.status = res.status;
      } else if (method === 'Network.dataReceived') {
        if (!r.finished) r.bytes += params.encodedDataLength;
        r.lastData = params.timestamp;
      } else if (method === 'Network.loadingFinished') {
        r.finished = true;
        r.end = params.timestamp;
        r.bytes = params.encodedDataLength; // the whole transfer, headers included
      } else if (method === 'Network.loadingFailed') {
        r.finished = true;
      }
    }
  });

  await cdp.send('Target.setAutoAttach', autoAttach);
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  // The first tab was opened before auto-attach was on: attach to it explicitly.
  const { targetInfos } = await cdp.send('Target.getTargets');
  const tab = targetInfos.find((t) => t.type === 'page');
  if (tab && ![...sessions.values()].some((s) => s.type === 'page')) await cdp.send('Target.attachToTarget', { targetId: tab.targetId, flatten: true });
  let pageSession;
  for (let i = 0; i < 100 && !pageSession; i++) {
    pageSession = [...sessions.entries()].find(([, s]) => s.type === 'page')?.[0];
    if (!pageSession) await sleep(50);
  }
  if (!pageSession) {
    await close();
    throw new Error('no page target');
  }
  await sleep(200); // setUp of the page session runs from the event handler

  const page = {
    session: pageSession,
    send: (method, params) => cdp.send(method, params, pageSession),
    async evaluate(expression) {
      const { result, exceptionDetails } = await cdp.send(
        'Runtime.evaluate',
        { expression, returnByValue: true, awaitPromise: true },
        pageSession,
      );
      if (exceptionDetails) throw new Error(`evaluate: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    },
    /** Polls expression until it returns a truthy value; bounded. */
    async waitFor(expression, timeoutMs = 60_000, what = expression) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const v = await this.evaluate(expression).catch(() => undefined); // a navigation may destroy the context
        if (v) return v;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await sleep(50);
      }
    },
  };

  return {
    cdp,
    page,
    requests,
    sessions,
    throttleErrors,
    grantDurableStorage: (origin) => cdp.send('Browser.grantPermissions', { origin, permissions: ['durableStorage'] }),
    close,
  };
}

/** Sum of bytes over the network for requests sent at or after sinceWall (epoch ms), responses from cache excluded. */
export function transferred(requests, sinceWall, { exclude = () => false, origin } = {}) {
  let bytes = 0;
  const byTarget = {};
  const encodings = {};
  let count = 0;
  for (const r of requests.values()) {
    if (r.wallTime < sinceWall || r.fromCache || exclude(r) || (origin && !r.url.startsWith(origin))) continue;
    bytes += r.bytes;
    byTarget[r.target] = (byTarget[r.target] ?? 0) + r.bytes;
    if (r.bytes > 0) encodings[r.encoding || 'identity'] = (encodings[r.encoding || 'identity'] ?? 0) + 1;
    count++;
  }
  return { bytes, byTarget, encodings, count };
}

/** The largest finished response per target and its observed rate (KB/s), to check that throttling reached it. */
export function largestPerTarget(requests, sinceWall) {
  const out = {};
  for (const r of requests.values()) {
    if (r.wallTime < sinceWall || r.fromCache || !r.finished || r.end === undefined) continue;
    if (!out[r.target] || out[r.target].bytes < r.bytes) out[r.target] = r;
  }
  return Object.entries(out).map(([t, r]) => `${t} ${(r.bytes / 1024).toFixed(0)} KB at ${(r.bytes / 1024 / (r.end - r.start)).toFixed(0)} KB/s`);
}

/** Signs a Playwright page in through the app's own drawer, as a person does (the demo accounts of SEED=1). */
export async function signIn(page, baseUrl, { email = 'owner@tagbook.test', password = 'tagbook-demo' } = {}) {
  await page.goto(`${baseUrl}/?auth=login`);
  const drawer = page.locator('[data-auth-drawer]');
  await drawer.getByLabel('Email').fill(email);
  await drawer.getByLabel('Password', { exact: true }).fill(password);
  await drawer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('.app[data-auth="signed-in"]').waitFor();
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export function report(what, figure, budget, ok) {
  const verdict = ok === undefined ? '' : ok ? 'OK' : 'OVER';
  console.log(`${what.padEnd(56)} ${String(figure).padStart(14)}   ${budget ? `budget ${budget}` : ''}   ${verdict}`);
}
