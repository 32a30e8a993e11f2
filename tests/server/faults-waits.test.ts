import { Code, ConnectError } from '@connectrpc/connect';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres.js';
import type { Db } from '../../server/db/db.js';
import { newId } from '../../src/domain/ids.js';
import { QrTagService, TagStatus } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { CrudOp, SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { FileState, UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { startCutProxy, type CutProxy } from '../helpers/cut-proxy.mjs';
import { postgresOnly, testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { describeFile, jpegBytes, putRange } from '../helpers/files.js';
import { openSyncTestDatabase, seedAndReplicate, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';

const postgres = (await testBackends()).includes('postgres');

/** What the server's answers may never carry: the driver's or the database's own words about the failure. */
const RAW = /terminat|administrator|connection|ECONN|postgres|timeout|cancel|57014|57P01/i;

/**
 * How long a request waits on PostgreSQL. The server reaches its database through a loopback proxy the test can
 * silence (tests/helpers/cut-proxy.mjs): nothing answered, nothing reset, as when the route to the database is
 * gone. A request caught in it must be answered Unavailable while the network is still silent — the test restores
 * the network only after the answer, so a request held for the whole cut never gets one — and succeed once the
 * network is back. Work no request waits on (migrations, replication, compaction) keeps the time it needs. And what
 * a request does when the database moves under it: a file removed while its bytes travel, a user that cannot be
 * loaded for the response header after the work is done.
 */
describe.skipIf(!postgres)('how long a request waits on PostgreSQL', postgresOnly(), () => {
  let database: SyncTestDatabase;
  let proxy: CutProxy;
  let db: Db;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let redId: string;
  let admin: pg.Client;
  let device: TestDevice;

  /** A connection of the test's own, straight to PostgreSQL, holding what `sql` locks until release(). */
  const holdLock = async (sql: string, params: unknown[] = []) => {
    const holder = new pg.Client({ connectionString: database.url! });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query(sql, params);
    return {
      async release() {
        await holder.query('commit');
        await holder.end();
      },
    };
  };
  /** Resolves once a statement of the server's matching `like` waits for a lock (held where the test wants it). */
  const waitingOnLock = (like: string) =>
    expect
      .poll(async () => (await admin.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like $1`,
        [like],
      )).rowCount)
      .toBeGreaterThan(0);
  /** What a device does with an answer: Unavailable is tried again, anything else is the answer. */
  const retried = async <T,>(call: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof ConnectError) || error.code !== Code.Unavailable) throw error;
      }
    }
  };
  /** A call's outcome, either way. */
  type Outcome<T> = { value?: T; error?: unknown };
  const settled = <T,>(promise: Promise<T>): Promise<Outcome<T>> =>
    promise.then((value) => ({ value }), (error: unknown) => ({ error }));
  const expectUnavailable = (outcome: Outcome<unknown>) => {
    expect(outcome.error).toBeInstanceOf(ConnectError);
    expect((outcome.error as ConnectError).code).toBe(Code.Unavailable);
    expect((outcome.error as ConnectError).rawMessage).not.toMatch(RAW);
  };
  const resolveUnknownTag = () => device.client(QrTagService).resolve({ hash: 'NOSUCHTAG0001' });

  beforeAll(async () => {
    database = await openSyncTestDatabase('postgres');
    const direct = new URL(database.url!);
    proxy = await startCutProxy(Number(direct.port || 5432), direct.hostname);
    const viaProxy = new URL(database.url!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    db = await openPostgres(viaProxy.toString());
    // Everything of the server goes through the proxy: its pools, its LISTEN and its leadership connection.
    server = await database.start({ db, env: { DATABASE_URL: viaProxy.toString(), SYNC_COMPACT_INTERVAL_MS: '0' } });
    ids = await seedAndReplicate(server);
    redId = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    admin = new pg.Client({ connectionString: database.url! });
    admin.on('error', () => {});
    await admin.connect();
    device = await TestDevice.create(server);
    await device.signIn('owner@tagbook.test', 'tagbook-demo');
  });
  afterAll(async () => {
    proxy?.restore();
    await admin?.end();
    await server?.close();
    await db?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers a request caught on a pooled connection Unavailable while the network is silent, and serves it once it is back', async () => {
    // Answered just before the cut: the pool holds idle connections, and the next request takes one of them.
    expect((await resolveUnknownTag()).status).toBe(TagStatus.NOT_FOUND);
    proxy.cut('silent');
    const caught = await settled(resolveUnknownTag());
    proxy.restore();
    expectUnavailable(caught);
    expect((await retried(resolveUnknownTag)).status).toBe(TagStatus.NOT_FOUND);
  });

  it('answers an upload caught mid-transaction Unavailable while the network is silent, and applies it once when the device retries', async () => {
    const noteId = newId();
    const upload = () =>
      device.client(SyncService).uploadData({
        clientId: 'silent-upload',
        transactionId: 3n,
        crud: [{ clientId: 1n, id: noteId, op: CrudOp.PUT, table: 'vehicle_notes', transactionId: 3n,
          opData: JSON.stringify({ vehicle_id: redId, user_id: ids.owner, body: 'Written through a silent network' }) }],
      });
    // The upload's transaction is open and its write waits for this lock when the network goes silent.
    const lock = await holdLock('select 1 from vehicles where id = $1 for update', [redId]);
    const call = settled(upload());
    await waitingOnLock('%vehicle_notes%');
    proxy.cut('silent');
    const caught = await call;
    await lock.release();
    proxy.restore();
    expectUnavailable(caught);
    expect(await retried(upload)).toMatchObject({ duplicate: false, errors: [] });
    expect(await retried(upload)).toMatchObject({ duplicate: true, errors: [] });
    expect((await admin.query('select 1 from vehicle_notes where id = $1', [noteId])).rowCount).toBe(1);
  });

  it('answers a request whose statement waits too long Unavailable, while work no request waits on keeps waiting', async () => {
    const session = device.session!.sessionId;
    const lock = await holdLock('select 1 from sessions where id = $1 for update', [session]);
    // Background work on the same row: it waits for the lock as long as it is held.
    let backgroundDone = false;
    const background = settled(
      server.db.background.query('update sessions set last_seen_at = last_seen_at where id = $1 returning id', [session]),
    ).finally(() => (backgroundDone = true));
    await waitingOnLock('%last_seen_at = last_seen_at%');
    // The request's authentication writes the same row.
    const caught = await settled(resolveUnknownTag());
    expectUnavailable(caught);
    expect(backgroundDone).toBe(false);
    await lock.release();
    expect(await background).toEqual({ value: [{ id: session }] });
    expect((await retried(resolveUnknownTag)).status).toBe(TagStatus.NOT_FOUND);
  });

  it('does not finalize a file removed while its bytes travelled: the device hears not found and adds it again', async () => {
    const api = device.client(UploadService);
    const file = describeFile(jpegBytes(2000), 'travelling.jpg');
    const bucketId = newId();
    const formKey = `vehicle/${redId}`;
    const added = await api.addFilesToBucket({ bucketId, formKey, files: [file.toAdd()] });
    const fileId = added.files[0]!.fileId;
    const [{ id: formFileId }] = (await admin.query<{ id: string }>('select id from upload_form_files where upload_bucket_file_id = $1', [fileId])).rows as [{ id: string }];
    const send = async () => {
      const { uploadUrl } = await api.getUploadSignedUrl({ bucketId, combinedHash: file.combinedHash, metadataHash: file.metadataHash });
      expect((await putRange(server.url, uploadUrl, file.bytes, 0, file.bytes.length)).status).toBe(200);
    };
    const finalize = () => api.finalizeUpload({ combinedHash: file.combinedHash, metadataHash: file.metadataHash });
    await send();
    // Removed (or swept) by a transaction that commits while the finalize is under way.
    const removal = await holdLock('delete from upload_form_files where id = $1', [formFileId]);
    const finalized = settled(finalize());
    await waitingOnLock('%bucket_file%');
    await removal.release();
    const outcome = await finalized;
    expect(outcome.error).toBeInstanceOf(ConnectError);
    expect((outcome.error as ConnectError).code).toBe(Code.NotFound);
    expect((await admin.query('select 1 from bucket_file_holders where bucket_file_id = $1', [fileId])).rowCount).toBe(0);
    // The device adds the file again and sends it: stored, under the same form file id.
    expect((await api.addFilesToBucket({ bucketId, formKey, files: [file.toAdd(formFileId)] })).files[0]).toMatchObject({ needsUpload: true });
    await send();
    expect((await finalize()).state).toBe(FileState.DOWNLOADED_OK);
  });

  it("keeps a handler's answer, and its refusal, when the user for the response header cannot be loaded after it", async () => {
    // The handlers below never read companies; loading the user for the header does, and waits past its bound.
    const lock = await holdLock('lock table companies in access exclusive mode');
    device.user = null;
    const answered = await settled(resolveUnknownTag());
    const refused = await settled(device.client(QrTagService).resolve({ hash: '?' }));
    await lock.release();
    expect(answered).toEqual({ value: expect.objectContaining({ status: TagStatus.NOT_FOUND }) });
    expect(refused.error).toBeInstanceOf(ConnectError);
    expect((refused.error as ConnectError).code).toBe(Code.InvalidArgument);
    // The header is left out, not made up: the device learns its user at the next answer that carries it.
    expect(device.user).toBeNull();
    await resolveUnknownTag();
    expect(device.user).toMatchObject({ id: ids.owner });
  });
});
