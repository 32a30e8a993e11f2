import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneStoredRows } from '../../server/db/retention.js';
import { STAGED_BYTES_PER_USER_MAX } from '../../server/writes/parts.js';
import { newId } from '../../src/domain/ids.js';
import { UPLOAD_TRANSACTION_MAX_ENTRIES } from '../../src/domain/transactionLimits.js';
import { uploadTransaction, type SendUpload, type Settled } from '../../src/data/transactionUpload.js';
import { toWireEntry, type WireEntry } from '../../src/data/uploadEntries.js';
import { planRequests } from '../../src/data/uploadParts.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { queueUploader } from '../helpers/upload.js';

const backends = await testBackends();

/** A note body of n characters, different for each note so that no two parts could be mistaken for one another. */
const body = (i: number, chars: number) => `${i}:`.padEnd(chars, 'abcdefghij');

/**
 * Transactions larger than one request (a 5 MB one, thousands of entries): the app's own upload code
 * (data/transactionUpload.ts) driven by the official client's queue, against the real server. Each lands whole and
 * once or is refused whole with its reason, and the writes queued after it land too.
 */
describe.each(backends)('large transactions from the official client on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let device: TestDevice;
  let client: SyncClient;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let red911: string;
  let supra: string;
  const settled: Settled[] = [];
  const sent: { parts: number; bytes: number }[] = [];

  const send: SendUpload = async (request) => {
    sent.push({ parts: request.part ? 1 : 0, bytes: (request.crud ?? []).reduce((n, e) => n + (e.opData?.length ?? 0), 0) });
    return device.client(SyncService).uploadData(request);
  };

  const uploadData = queueUploader(send, settled);

  const queued = async () => (await client.db.get<{ n: number }>('select count(*) as n from ps_crud')).n;
  const serverNotes = async (prefix: string) =>
    Number((await server.db.query<{ n: string }>(`select count(*) as n from vehicle_notes where body like $1`, [`${prefix}%`]))[0]!.n);

  /** One local transaction of `count` notes on a vehicle, as the notes screen writes them. */
  async function writeNotes(vehicleId: string, count: number, chars: number, tag: string, extra?: (tx: { execute(sql: string, params: unknown[]): Promise<unknown> }) => Promise<void>) {
    const now = new Date().toISOString();
    await client.db.writeTransaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await tx.execute(
          'insert into vehicle_notes (id, vehicle_id, user_id, body, is_public, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)',
          [newId(), vehicleId, ids.owner, `${tag} ${body(i, chars)}`, now, now],
        );
      }
      await extra?.(tx);
    });
  }

  async function laterWriteLands(name: string) {
    await client.db.execute('update vehicles set name = ? where id = ?', [name, red911]);
    await client.waitFor(async () => (await queued()) === 0, 'the queue to empty');
    const [row] = await server.db.query<{ name: string }>('select name from vehicles where id = $1', [red911]);
    expect(row!.name).toBe(name);
  }

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    device = await TestDevice.create(server);
    await device.signIn('owner@tagbook.test', 'tagbook-demo');
    red911 = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    supra = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Supra Turbo'`))[0]!.id;
    client = await openSyncClient({ server }, ids.owner, { uploadData });
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await database?.drop();
  });

  it('sends a 5 MB transaction in parts that land whole and once, and the writes after it land too', async () => {
    settled.length = 0;
    sent.length = 0;
    await writeNotes(red911, 520, 9_900, 'five-mb');
    await client.waitFor(async () => (await queued()) === 0, 'the 5 MB transaction to be sent');
    expect(settled).toEqual([expect.objectContaining({ errors: [], duplicate: false })]);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    expect(sent.every((s) => s.parts === 1)).toBe(true);
    expect(await serverNotes('five-mb')).toBe(520);
    await laterWriteLands('After five megabytes');
  });

  it('applies several thousand entries as one transaction, once', async () => {
    settled.length = 0;
    await writeNotes(red911, 3000, 200, 'thousands');
    await client.waitFor(async () => (await queued()) === 0, 'the 3,000-entry transaction to be sent');
    expect(settled).toEqual([expect.objectContaining({ errors: [], duplicate: false })]);
    expect(await serverNotes('thousands')).toBe(3000);
    await laterWriteLands('After three thousand');
  });

  it('refuses a transaction with one refused entry among thousands whole, saying why, and moves on', async () => {
    settled.length = 0;
    const stray = newId();
    await writeNotes(red911, 3000, 200, 'one-bad', async (tx) => {
      await tx.execute('insert into vehicle_notes (id, vehicle_id, user_id, body, is_public) values (?, ?, ?, ?, 0)', [stray, supra, ids.owner, 'one-bad on a vehicle not mine']);
    });
    await client.waitFor(async () => (await queued()) === 0, 'the refused transaction to be settled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.errors).toEqual([
      expect.objectContaining({ index: 3000, table: 'vehicle_notes', id: stray, code: 'not_found', message: 'Vehicle not found or not yours' }),
    ]);
    expect(await serverNotes('one-bad')).toBe(0);
    await laterWriteLands('After the refusal');
  });

  it('refuses a change too large for any request with its size, never sending it again, and moves on', async () => {
    settled.length = 0;
    await writeNotes(red911, 3, 100, 'huge-neighbour', async (tx) => {
      await tx.execute(
        'insert into vehicle_notes (id, vehicle_id, user_id, body, is_public) values (?, ?, ?, ?, 0)',
        [newId(), red911, ids.owner, 'huge '.padEnd(5 * 1024 * 1024, 'x')],
      );
    });
    await client.waitFor(async () => (await queued()) === 0, 'the oversized transaction to be settled');
    expect(settled).toHaveLength(1);
    expect(settled[0]!.errors).toEqual([
      expect.objectContaining({ index: 3, table: 'vehicle_notes', code: 'too_large', message: 'This change is 5.0 MB, more than the 4.0 MB the server takes in one change' }),
    ]);
    expect(await serverNotes('huge-neighbour')).toBe(0);
    await laterWriteLands('After the oversized change');
  });

  describe('parts sent by hand', () => {
    const clientId = 'by-hand';
    let nextTx = 1n;
    const noteEntries = (count: number, tag: string, vehicleId = red911): WireEntry[] =>
      Array.from({ length: count }, (_, i) =>
        toWireEntry({ clientId: i + 1, id: newId(), op: 'PUT', table: 'vehicle_notes', opData: { vehicle_id: vehicleId, user_id: ids.owner, body: `${tag} ${body(i, 3000)}`, is_public: 0 } }),
      );
    const rpc = (who: TestDevice) => who.client(SyncService);

    it('applies a transaction once whatever order its parts come in and however often', async () => {
      const tx = nextTx++;
      const requests = planRequests(noteEntries(1200, 'shuffled'));
      expect(requests.length).toBeGreaterThanOrEqual(3);
      const send = (i: number) => rpc(device).uploadData({ clientId, transactionId: tx, crud: requests[i]!.crud, part: requests[i]!.part });
      const last = requests.length - 1;
      expect((await send(last)).missingParts).toEqual([...Array(last).keys()]);
      expect((await send(last)).missingParts).toEqual([...Array(last).keys()]);
      for (let i = last - 1; i > 0; i--) expect((await send(i)).missingParts).toEqual([...Array(i).keys()]);
      expect(await serverNotes('shuffled')).toBe(0);
      const applied = await send(0);
      expect(applied).toMatchObject({ errors: [], duplicate: false, missingParts: [] });
      expect(await serverNotes('shuffled')).toBe(1200);
      // The answer was lost and the device sends parts again: they are answered as the duplicate they are.
      expect(await send(1)).toMatchObject({ duplicate: true, missingParts: [] });
      expect(await send(0)).toMatchObject({ duplicate: true, missingParts: [] });
      expect(await serverNotes('shuffled')).toBe(1200);
      expect(await server.db.query('select 1 from sync_upload_parts where user_id = $1 and client_id = $2', [ids.owner, clientId])).toEqual([]);
    });

    it("never mixes another user's parts, or another device's, into a transaction", async () => {
      const tx = nextTx++;
      const mine = planRequests(noteEntries(600, 'mine'));
      const stranger = await TestDevice.create(server);
      await stranger.signIn('worker@tagbook.test', 'tagbook-worker');
      const theirs = planRequests(noteEntries(600, 'theirs'));
      expect(mine.length).toBe(theirs.length);
      // Same client id and transaction id from another user; and the same user's other device.
      const last = mine.length - 1;
      for (let i = 1; i <= last; i++) {
        await rpc(stranger).uploadData({ clientId, transactionId: tx, crud: theirs[i]!.crud, part: theirs[i]!.part });
        await rpc(device).uploadData({ clientId: 'other-device', transactionId: tx, crud: theirs[i]!.crud, part: theirs[i]!.part });
      }
      for (let i = 0; i < last; i++) await rpc(device).uploadData({ clientId, transactionId: tx, crud: mine[i]!.crud, part: mine[i]!.part });
      expect(await serverNotes('theirs')).toBe(0);
      const res = await rpc(device).uploadData({ clientId, transactionId: tx, crud: mine[last]!.crud, part: mine[last]!.part });
      expect(res).toMatchObject({ errors: [], missingParts: [] });
      expect(await serverNotes('mine')).toBe(600);
      expect(await serverNotes('theirs')).toBe(0);
    });

    it('sweeps the parts of a transaction a device never finished, and takes it whole when it comes back', async () => {
      const tx = nextTx++;
      const entries = noteEntries(600, 'abandoned');
      const requests = planRequests(entries);
      await rpc(device).uploadData({ clientId, transactionId: tx, crud: requests[0]!.crud, part: requests[0]!.part });
      const ofIt = 'user_id = $1 and client_id = $2 and transaction_id = $3';
      const key = [ids.owner, clientId, tx.toString()];
      await server.db.query(`update sync_upload_parts set created_at = now() - interval '2 days' where ${ofIt}`, key);
      await pruneStoredRows(server.db);
      expect(await server.db.query(`select 1 from sync_upload_parts where ${ofIt}`, key)).toEqual([]);
      // Back a week later: the device resumes where it believes it was, hears what is missing, and sends it.
      const resumed = await uploadTransaction((r) => rpc(device).uploadData(r), clientId, tx, entries);
      expect(resumed).toMatchObject({ errors: [], duplicate: false });
      expect(await serverNotes('abandoned')).toBe(600);
    });

    it('refuses a transaction beyond the limits at its first part, with the reason', async () => {
      const tx = nextTx++;
      const requests = planRequests(noteEntries(600, 'declared'));
      const part = { ...requests[0]!.part!, totalEntries: UPLOAD_TRANSACTION_MAX_ENTRIES + 1 };
      const res = await rpc(device).uploadData({ clientId, transactionId: tx, crud: requests[0]!.crud, part });
      expect(res.missingParts).toEqual([]);
      const n = (x: number) => x.toLocaleString('en-US');
      const message = `${n(UPLOAD_TRANSACTION_MAX_ENTRIES + 1)} changes made together are more than the ${n(UPLOAD_TRANSACTION_MAX_ENTRIES)} the server takes at once`;
      expect(res.errors).toEqual([expect.objectContaining({ code: 'too_large', message })]);
      expect(await serverNotes('declared')).toBe(0);
    });

    it('refuses a part that cannot belong to its transaction as a broken request', async () => {
      const requests = planRequests(noteEntries(600, 'broken'));
      const part = { ...requests[0]!.part!, index: requests[0]!.part!.count };
      await expect(rpc(device).uploadData({ clientId, transactionId: nextTx++, crud: requests[0]!.crud, part })).rejects.toMatchObject({
        rawMessage: 'The part does not fit the transaction it names',
      });
    });

    it('caps the unfinished parts a user may leave on the server, and takes parts again below the cap', async () => {
      const requests = planRequests(noteEntries(600, 'capped'));
      const send = (tx: bigint) => rpc(device).uploadData({ clientId: 'capped', transactionId: tx, crud: requests[0]!.crud, part: requests[0]!.part });
      // Another device of the same user left unfinished parts that almost reach the cap.
      const filler = async (bytes: number) => {
        await server.db.query(`delete from sync_upload_parts where client_id = 'filler'`);
        await server.db.query(
          `insert into sync_upload_parts (user_id, client_id, transaction_id, part, part_count, total_entries, total_bytes, first_entry, entries, bytes)
           values ($1, 'filler', 1, 0, 2, 2, $2, 0, $3, $4)`,
          [ids.owner, bytes, new Uint8Array(), bytes],
        );
      };
      await filler(STAGED_BYTES_PER_USER_MAX - 1000);
      await expect(send(nextTx++)).rejects.toMatchObject({ code: Code.ResourceExhausted });
      await filler(STAGED_BYTES_PER_USER_MAX - 2_000_000);
      expect((await send(nextTx++)).missingParts.length).toBeGreaterThan(0);
      await server.db.query(`delete from sync_upload_parts where client_id in ('filler', 'capped')`);
    });
  });
});
