// One official @powersync/node client per role and engine, as the app runs it: a signed-in device (or an anonymous
// one) fetches its credentials from AuthService.GetPowerSyncAuth on its Tagbook server, which names the sync endpoint,
// and uploads its local writes through SyncService.UploadData with the app's own upload code.
import { PowerSyncDatabase, SyncStreamConnectionMethod } from '@powersync/node';
import { mkdtempSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Polls fn every 50 ms until it returns true; false when backstopMs passed first. */
export async function waitUntil(fn, backstopMs) {
  const deadline = Date.now() + backstopMs;
  for (;;) {
    if (await fn()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * @param m the bundled project modules (entry.ts)
 * @param server {url} the Tagbook server this device talks to
 * @param account {email, password} or null for an anonymous visitor
 */
export async function openClient(m, { server, account, expectedEndpoint, dir }) {
  const device = await m.TestDevice.create(server);
  if (account) await device.signIn(account.email, account.password);
  const refusals = [];
  const endpoints = new Set();
  const connector = {
    async fetchCredentials() {
      const res = await device.client(m.AuthService).getPowerSyncAuth({});
      // As the app: an empty URL means "sync with the origin the app came from".
      const endpoint = res.powersyncUrl || server.url;
      endpoints.add(endpoint);
      return { endpoint, token: res.token, expiresAt: res.expiresAt ? new Date(Number(res.expiresAt)) : undefined };
    },
    async uploadData(db) {
      const clientId = await db.getClientId();
      const send = (request) => device.client(m.SyncService).uploadData(request);
      for (let tx = await db.getNextCrudTransaction(); tx; tx = await db.getNextCrudTransaction()) {
        const entries = tx.crud.map((entry) => m.toWireEntry(entry));
        const res = await m.uploadTransaction(send, clientId, BigInt(tx.transactionId ?? 0), entries);
        for (const e of res.errors) refusals.push(`${e.table}/${e.id}: ${e.code} ${e.message}`);
        await tx.complete();
      }
    },
  };
  const folder = mkdtempSync(join(dir, 'client-'));
  // The SDK keys its in-process locks by file name: every client needs a name of its own.
  const db = new PowerSyncDatabase({ schema: m.AppSchema, database: { dbFilename: `${basename(folder)}.db`, dbLocation: folder } });
  await db.init();
  // What the engine answered when it would not sync: a refused connection (the service's PSYNC_S2305 past its
  // limits) shows here, as the SDK retries it forever.
  const downloadErrors = [];
  db.registerListener({
    statusChanged(status) {
      const error = status.dataFlowStatus?.downloadError;
      const message = error ? String(error.message ?? error) : null;
      if (message && downloadErrors.at(-1) !== message) downloadErrors.push(message);
    },
  });
  const started = performance.now();
  await db.connect(connector, { connectionMethod: SyncStreamConnectionMethod.HTTP, retryDelayMs: 300, crudUploadThrottleMs: 50 });
  const first = db.waitForFirstSync().then(() => performance.now() - started);
  let closed = false;
  return {
    db,
    device,
    refusals,
    endpoints,
    downloadErrors,
    /**
     * Resolves with the milliseconds from connect to the first complete checkpoint; rejects as soon as the engine
     * refuses the connection for a limit (PSYNC_S2305), which no retry would change.
     */
    async firstSync() {
      let poll;
      const refused = new Promise((_, reject) => {
        poll = setInterval(() => {
          const limit = downloadErrors.find((e) => e.includes('PSYNC_S2305'));
          if (limit) reject(new Error(`refused: ${limit}`));
        }, 100);
      });
      let ms;
      try {
        ms = await Promise.race([first, refused]);
      } finally {
        clearInterval(poll);
      }
      if (expectedEndpoint && ![...endpoints].every((e) => e === expectedEndpoint)) {
        throw new Error(`GetPowerSyncAuth named ${[...endpoints].join(', ')}, expected ${expectedEndpoint}`);
      }
      return ms;
    },
    /** The buckets the device holds (the SDK's own $local excluded). */
    async buckets() {
      return (await db.getAll("select name from ps_buckets where name <> '$local' order by name")).map((r) => r.name);
    },
    /** Local writes not yet settled by the server. */
    async pendingUploads() {
      const row = await db.get('select count(*) as n from ps_crud');
      return Number(row.n);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.disconnectAndClear().catch(() => {});
      await db.close().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
