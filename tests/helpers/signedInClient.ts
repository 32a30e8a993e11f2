import type { Settled } from '../../src/data/transactionUpload.js';
import { WAIT_BACKSTOP_MS } from './backstop.js';
import { TestDevice } from './device.js';
import { openSyncClient, type SyncClient } from './powersync.js';
import { queueUploader, sendFrom } from './upload.js';

/** A device as the app runs it: signed in over RPC, its official client syncing with the token GetPowerSyncAuth hands out. */
export interface SignedInClient {
  device: TestDevice;
  client: SyncClient;
  /** How the server settled each transaction the device sent, in order (a failed attempt is not listed). */
  settled: Settled[];
}

/**
 * Signs in at `url` and connects the official client there, with the app's connector in the parts that matter to a
 * server: credentials from AuthService.GetPowerSyncAuth (an empty URL meaning this origin, as in the app), and local
 * writes sent through SyncService.UploadData by the app's own upload code (src/data/transactionUpload.ts).
 */
export async function connectSignedIn(url: string, email: string, password: string): Promise<SignedInClient> {
  const device = await TestDevice.create({ url });
  await device.signIn(email, password);
  const settled: Settled[] = [];
  const uploadData = queueUploader(sendFrom(device), settled);
  const issueToken = async () => {
    const res = await device.auth.getPowerSyncAuth({});
    return { token: res.token, powersyncUrl: res.powersyncUrl || url, expiresAt: new Date(Number(res.expiresAt)) };
  };
  const client = await openSyncClient({ server: { url, sync: { issueToken } } }, device.session!.userId, { uploadData });
  return { device, client, settled };
}

/**
 * The write checkpoint the client waits for since its last upload is not applied yet (the SDK's own bookkeeping):
 * until it is, the client applies no server data.
 */
export const WRITE_CHECKPOINT_PENDING = `select count(*) as n from ps_kv target
  left join ps_kv applied on applied.key = 'last_applied_checkpoint_request_id'
  where target.key = 'target_checkpoint_request_id' and cast(target.value as integer) > ifnull(cast(applied.value as integer), 0)`;

export async function count(client: SyncClient, sql: string, params: unknown[] = []): Promise<number> {
  return (await client.db.get<{ n: number }>(sql, params)).n;
}

/**
 * Resolves once check() holds, asked again whenever the client reports a change: one of `tables` written (the SDK's
 * own ps_crud and ps_kv included) or its sync status. The backstop only turns a hang into a failure.
 */
export async function until(client: SyncClient, check: () => Promise<boolean>, what: string, tables: string[]): Promise<void> {
  const { db } = client;
  let settle!: (error?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
  let running = false;
  let again = false;
  const evaluate = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (await check()) return settle();
      } while (again);
    } catch (error) {
      settle(error);
    } finally {
      running = false;
    }
  };
  const abort = new AbortController();
  db.onChange({ onChange: () => void evaluate() }, { tables: [...tables, 'ps_crud', 'ps_kv'], signal: abort.signal, throttleMs: 0 });
  const stopStatus = db.registerListener({ statusChanged: () => void evaluate() });
  const backstop = setTimeout(() => settle(new Error(`timed out waiting for ${what}`)), WAIT_BACKSTOP_MS);
  void evaluate();
  try {
    await done;
  } finally {
    abort.abort();
    stopStatus();
    clearTimeout(backstop);
  }
}
