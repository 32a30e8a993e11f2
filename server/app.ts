import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { isDatabaseUnavailable } from './db/errors.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { routePreloadHeaders } from './http/preload.js';
import { contentSecurityPolicy } from './http/csp.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { trackInflight } from './http/inflight.js';
import { serveStatic } from './http/static.js';
import { isSourceMapPath, MAP_TOKEN_COOKIE, maySeeSourceMaps } from './http/source-maps.js';
import { decodedPathname } from './http/request-path.js';
import { readCookie } from './accounts/cookies.js';
import { createRpcHandler, rpcInterceptors, rpcRoutes } from './rpc/routes.js';
import { createFirstAnswers, loadFirstAnswerRenderer } from './http/first-answer.js';
import { handleFiles } from './files/blob-routes.js';
import { createFileStorage, type FileStorage } from './files/files.js';
import { removeDiskPartials } from './files/partials.js';
import { sweepFiles } from './files/sweep.js';
import { mailDueReminders } from './vehicles/reminderMail.js';
import { startSyncEngine, type SyncEngine, type SyncEngineOptions } from './sync/engine.js';

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  /** Tests wait on mailer.idle() before looking at what SMTP delivered. */
  mailer: Mailer;
  /** The built-in sync engine (PowerSync protocol endpoints, replicator). */
  sync: SyncEngine;
  /** Uploaded files: the blob store, partial uploads, signed URLs. */
  files: FileStorage;
  close(): Promise<void>;
}

const FILE_SWEEP_INTERVAL_MS = 5 * 60_000;
const REMINDER_MAIL_INTERVAL_MS = 15 * 60_000;

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(text);
}

/** Starts the whole server: database (migrated), RPC, static app. `db` may be passed in by tests. */
export async function startServer(
  config: Config,
  options: { db?: Db; sync?: SyncEngineOptions } = {},
): Promise<RunningServer> {
  const db = options.db ?? (await openDatabase(config));
  await migrate(db);

  const mailer = createMailer(db, config);
  // The RPC handler is made first; the dashboard's stream count reads the engine once it runs.
  let syncStreams = () => 0;
  const files = createFileStorage(db, config);
  await removeDiskPartials(config.dataDir);
  const rpcContext = { db, config, mailer, files, syncStreams: () => syncStreams() };
  const rpc = createRpcHandler(rpcContext);
  // Unfinished uploads left idle, and stored files nothing refers to any more (removed photos) with their blobs, are
  // deleted every few minutes (files/sweep.ts); one pass at a time.
  let sweeping: Promise<unknown> | null = null;
  const sweep = setInterval(() => {
    sweeping ??= sweepFiles(files, files.now())
      .catch((err: unknown) => console.error('file sweep failed', err))
      .finally(() => (sweeping = null));
  }, FILE_SWEEP_INTERVAL_MS);
  sweep.unref();
  // Reminders that have fallen due are mailed to their vehicles' owners, once per due point (vehicles/reminderMail.ts):
  // soon after a start, then every quarter of an hour; one pass at a time.
  let remindersRunning: Promise<unknown> | null = null;
  const mailReminders = () => {
    remindersRunning ??= mailDueReminders(db, config.publicUrl, new Date())
      .then((sent) => sent > 0 && mailer.later(() => mailer.deliverPending()))
      .catch((err: unknown) => console.error('reminder mails failed', err))
      .finally(() => (remindersRunning = null));
  };
  const reminderTimer = setInterval(mailReminders, REMINDER_MAIL_INTERVAL_MS);
  reminderTimer.unref();
  const firstReminders = setTimeout(mailReminders, 10_000);
  firstReminders.unref();
  const sync = await startSyncEngine(db, config, options.sync);
  const linkFor = routePreloadHeaders(config.staticDir);
  const renderFirstAnswer = await loadFirstAnswerRenderer();
  const firstAnswer =
    renderFirstAnswer === null
      ? undefined
      : createFirstAnswers({ routes: rpcRoutes(rpcContext), interceptors: rpcInterceptors(rpcContext), render: renderFirstAnswer, origin: config.publicUrl });
  syncStreams = () => sync.hub.size;
  const htmlHeaders = {
    'content-security-policy': contentSecurityPolicy(config.publicUrl, config.powersyncUrl, config.s3?.endpoint ?? null),
    'referrer-policy': 'strict-origin-when-cross-origin',
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodedPathname(url.pathname);
    if (path === null) return sendJson(res, 400, { error: 'Bad request' });
    if (path.startsWith('/rpc/')) return rpc(req, res);
    if (await handleFiles(files, req, res, url)) return;
    if (await sync.handle(req, res, url, inflight.signal)) return;
    if (path === '/healthz') {
      try {
        await db.query('SELECT 1');
        return sendJson(res, 200, { ok: true, database: db.kind });
      } catch (err) {
        console.warn('health check: the database did not answer:', err instanceof Error ? err.message : err);
        return sendJson(res, 503, { ok: false, database: db.kind, error: 'The database did not answer' });
      }
    }
    // Source maps only for those allowed (http/source-maps.ts); everyone else is told there is no such file.
    if (isSourceMapPath(path)) {
      const token = readCookie(req.headers.cookie ?? null, MAP_TOKEN_COOKIE);
      if (!maySeeSourceMaps(config.publicUrl, token, config.sourceMapPassword, Date.now())) return sendJson(res, 404, { error: 'Not found' });
    }
    if (await serveStatic(req, res, path, { root: config.staticDir, htmlHeaders, linkFor, firstAnswer })) return;
    sendJson(res, 404, { error: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      // The database out of reach is a 503 the caller may retry (the sync SDKs do); anything else is our fault.
      const unavailable = isDatabaseUnavailable(err);
      if (unavailable) console.warn('request failed', req.method, req.url, (err as Error).message);
      else console.error('request failed', req.method, req.url, err);
      if (res.headersSent) res.destroy();
      else if (unavailable) sendJson(res, 503, { error: 'The database is unavailable; try again in a moment' });
      else sendJson(res, 500, { error: 'Internal error' });
    });
  });
  const inflight = trackInflight(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const ownsDb = !options.db;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    db,
    mailer,
    sync,
    files,
    async close() {
      clearInterval(sweep);
      clearInterval(reminderTimer);
      clearTimeout(firstReminders);
      await sweeping;
      await remindersRunning;
      // Streams end when shutdown begins; the replicator stops after them, before the database closes.
      await inflight.shutdown(config.shutdownGraceMs);
      await sync.stop();
      // Deliveries under way finish before the database they report to closes.
      await mailer.close();
      if (ownsDb) await db.close();
    },
  };
}
