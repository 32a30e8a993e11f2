import { Code, ConnectError } from '@connectrpc/connect';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchPlan } from '../../server/sync/replicate/batch.js';
import { newId } from '../../src/domain/ids.js';
import { AdminService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { CrudOp, SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import {
  oplogInconsistencies,
  openSyncClient,
  openSyncTestDatabase,
  seedAndReplicate,
  type SyncClient,
  type SyncTestDatabase,
  type SyncTestServer,
} from '../helpers/powersync.js';

const postgres = (await testBackends()).includes('postgres');

/** What the server's answers may never carry: the database's own words about losing it. */
const RAW = /terminat|administrator|connection|ECONN|postgres|57P01/i;

/**
 * PostgreSQL dropping the server's connections, as a failover, a restart or a proxy's idle timeout does it:
 * pg_terminate_backend on every backend of the test's database but the test's own. The server must keep serving:
 * a request caught in it fails with a retryable answer (Unavailable, in plain words), an upload retried lands
 * once, replication resumes where it was and catches up with every row, and a connected device keeps receiving.
 * Each case holds the server's work at a known point (a row lock, or the replicator's commit hook) and cuts there.
 */
describe.skipIf(!postgres)('the server through PostgreSQL dropping its connections', () => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let redId: string;
  let admin: pg.Client;
  let device: TestDevice;
  const clients: SyncClient[] = [];
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);
  /** The replicator's commit hook, switched per test. */
  let beforeCommit: (plan: BatchPlan) => void | Promise<void> = () => {};

  /** Terminates every backend of the database except the test's own and those listed; returns how many. */
  const terminate = async (keep: number[] = []) => {
    const [row] = (
      await admin.query<{ n: string }>(
        `select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and pid <> all($1::int[])`,
        [keep],
      )
    ).rows;
    return Number(row!.n);
  };
  /** Resolves once a backend of the server waits for a row lock (the request is held where the test wants it). */
  const waitingOnLock = () =>
    expect
      .poll(async () => (await admin.query(`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rowCount)
      .toBeGreaterThan(0);
  /** A connection of the test's holding a row lock until release(). */
  const holdLock = async (sql: string, params: unknown[]) => {
    const holder = new pg.Client({ connectionString: database.url! });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query(sql, params);
    const [{ pid }] = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
    return {
      pid,
      async release() {
        await holder.query('commit');
        await holder.end();
      },
    };
  };
  /** What a device does with an answer: Unavailable is tried again, anything else is the answer. */
  const retried = async <T,>(call: () => Promise<T>, unavailable: string[] = []): Promise<T> => {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof ConnectError) || error.code !== Code.Unavailable) throw error;
        unavailable.push(error.rawMessage);
      }
    }
  };
  const open = async (userId: string) => {
    const client = await openSyncClient({ server }, userId);
    clients.push(client);
    return client;
  };
  const vehicleName = async (client: SyncClient) =>
    (await client.db.getOptional<{ name: string }>('select name from vehicles where id = ?', [redId]))?.name;

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    database = await openSyncTestDatabase('postgres');
    // DATABASE_URL makes the server contend for replication leadership on a connection of its own, as in production.
    server = await database.start({
      env: { DATABASE_URL: database.url!, SYNC_COMPACT_INTERVAL_MS: '0' },
      sync: { replicator: { beforeCommit: (plan) => beforeCommit(plan) } },
    });
    ids = await seedAndReplicate(server);
    redId = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    admin = new pg.Client({ connectionString: database.url! });
    admin.on('error', () => {});
    await admin.connect();
    // Every application of a change to a note, counted apart from anything the server does.
    await admin.query(`create table note_writes (id text not null);
      create function count_note_write() returns trigger language plpgsql as $$
        begin insert into note_writes values (new.id); return new; end $$;
      create trigger count_note_write after insert or update on vehicle_notes for each row execute function count_note_write();`);
    device = await TestDevice.create(server);
    await device.signIn('owner@tagbook.test', 'tagbook-demo');
  });
  afterEach(async () => {
    beforeCommit = () => {};
    for (const client of clients.splice(0)) await client.close();
    expect(crashes.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    await admin?.end();
    await server?.close();
    await database?.drop();
  });

  it('keeps serving after every connection is cut while idle, and replicates again', async () => {
    const client = await open(ids.owner);
    expect(await terminate()).toBeGreaterThan(0);
    const me = await retried(() => device.client(AdminService).getDashboard({}).then(() => 'admin', (e: unknown) => {
      if (e instanceof ConnectError && e.code === Code.PermissionDenied) return 'refused as ever';
      throw e;
    }));
    expect(me).toBe('refused as ever');
    await admin.query(`update vehicles set name = 'After the cut' where id = $1`, [redId]);
    await client.waitFor(async () => (await vehicleName(client)) === 'After the cut', 'a change made after the cut');
  });

  it('answers a request caught in the cut Unavailable in plain words, and the same request again once it is back', async () => {
    const session = device.session!.sessionId;
    const lock = await holdLock('select 1 from sessions where id = $1 for update', [session]);
    const call = device.client(SyncService).uploadData({ clientId: 'faults-held', transactionId: 1n, crud: [] }).then(
      () => null,
      (error: unknown) => error,
    );
    await waitingOnLock();
    expect(await terminate([lock.pid])).toBeGreaterThan(0);
    const error = await call;
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.Unavailable);
    expect((error as ConnectError).rawMessage).not.toMatch(RAW);
    await lock.release();
    expect((await retried(() => device.client(SyncService).uploadData({ clientId: 'faults-held', transactionId: 1n, crud: [] }))).errors).toEqual([]);
  });

  it('applies an upload cut in the middle exactly once after the device retries it', async () => {
    const noteId = newId();
    const upload = () =>
      device.client(SyncService).uploadData({
        clientId: 'faults-upload',
        transactionId: 7n,
        crud: [
          { clientId: 1n, id: redId, op: CrudOp.PATCH, table: 'vehicles', opData: JSON.stringify({ description: 'Cut once' }), transactionId: 7n },
          { clientId: 2n, id: noteId, op: CrudOp.PUT, table: 'vehicle_notes', transactionId: 7n,
            opData: JSON.stringify({ vehicle_id: redId, user_id: ids.owner, body: 'Written through a cut' }) },
        ],
      });
    const lock = await holdLock('select 1 from vehicles where id = $1 for update', [redId]);
    const first = upload().then(() => null, (error: unknown) => error);
    await waitingOnLock();
    await terminate([lock.pid]);
    expect((await first as ConnectError).code).toBe(Code.Unavailable);
    await lock.release();
    expect(await retried(upload)).toMatchObject({ duplicate: false, errors: [] });
    expect(await retried(upload)).toMatchObject({ duplicate: true, errors: [] });
    expect((await admin.query('select 1 from note_writes where id = $1', [noteId])).rowCount).toBe(1);
  });

  it('lands every one of a run of uploads once while connections are cut between and during them', async () => {
    const notes = Array.from({ length: 24 }, () => newId());
    const unavailable: string[] = [];
    const cuts: Promise<number>[] = [];
    for (const [i, noteId] of notes.entries()) {
      const transactionId = BigInt(100 + i);
      const upload = () =>
        device.client(SyncService).uploadData({
          clientId: 'faults-run',
          transactionId,
          crud: [{ clientId: 1n, id: noteId, op: CrudOp.PUT, table: 'vehicle_notes', transactionId,
            opData: JSON.stringify({ vehicle_id: redId, user_id: ids.owner, body: `Note ${i}` }) }],
        });
      // Every third upload races a cut: it may meet it before, during or after its transaction.
      if (i % 3 === 0) cuts.push(terminate());
      expect((await retried(upload, unavailable)).errors).toEqual([]);
    }
    await Promise.all(cuts);
    for (const message of unavailable) expect(message).not.toMatch(RAW);
    const writes = await admin.query<{ id: string; n: string }>('select id, count(*) as n from note_writes where id = any($1) group by id', [notes]);
    expect(writes.rows).toHaveLength(notes.length);
    expect(writes.rows.every((w) => w.n === '1')).toBe(true);
  });

  it('resumes replicating a bulk insert cut mid-batch, and a connected device receives every row', async () => {
    const client = await open(ids.owner);
    const [before] = (await admin.query<{ n: string }>('select count(*) as n from sync_oplog')).rows;
    let cut: Promise<number> | null = null;
    beforeCommit = async () => {
      // The first batch of the load is cut while its transaction is open and between statements.
      cut ??= terminate();
      await cut;
    };
    const ROWS = 3000;
    await admin.query(
      `insert into vehicle_notes (id, vehicle_id, user_id, body)
       select 'bulk' || lpad(n::text, 18, '0'), $1, $2, 'Bulk note ' || n from generate_series(1, $3::int) as n`,
      [redId, ids.owner, ROWS],
    );
    const [{ max }] = (await admin.query<{ max: string }>('select max(seq) as max from sync_changes')).rows as [{ max: string }];
    await expect.poll(async () => cut !== null).toBe(true);
    expect(await cut).toBeGreaterThan(0);
    beforeCommit = () => {};
    await expect
      .poll(async () => Number((await admin.query<{ position: string }>('select position from sync_state where id = 1')).rows[0]!.position))
      .toBeGreaterThanOrEqual(Number(max));
    expect((await admin.query('select 1 from sync_changes where seq <= $1', [max])).rowCount).toBe(0);
    expect(await oplogInconsistencies(server.db)).toEqual([]);
    const [after] = (await admin.query<{ n: string }>(`select count(*) as n from sync_oplog where object_id like 'bulk%'`)).rows;
    expect(Number(after!.n)).toBeGreaterThanOrEqual(ROWS);
    expect(Number(before!.n)).toBeGreaterThan(0);
    await client.waitFor(
      async () => (await client.db.get<{ n: number }>(`select count(*) as n from vehicle_notes where id like 'bulk%'`)).n === ROWS,
      'every note of the bulk insert',
    );
  });

  it('keeps a connected device in step through a cut with its stream open', async () => {
    const client = await open(ids.owner);
    await admin.query(`update vehicles set name = 'Before the stream cut' where id = $1`, [redId]);
    await client.waitFor(async () => (await vehicleName(client)) === 'Before the stream cut', 'the change before the cut');
    expect(await terminate()).toBeGreaterThan(0);
    await admin.query(`update vehicles set name = 'After the stream cut' where id = $1`, [redId]);
    await client.waitFor(async () => (await vehicleName(client)) === 'After the stream cut', 'the change after the cut');
  });
});
