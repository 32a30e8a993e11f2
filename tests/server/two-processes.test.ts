import { Code } from '@connectrpc/connect';
import type { AbstractPowerSyncDatabase } from '@powersync/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { refusal } from '../helpers/connect-errors.js';
import { postgresOnly, postgresReachable } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startLoadBalancer, type Exchange, type LoadBalancer } from '../helpers/loadBalancer.js';
import { connectSignedIn, count, until, WRITE_CHECKPOINT_PENDING, type SignedInClient } from '../helpers/signedInClient.js';
import { oplogInconsistencies } from '../helpers/powersync.js';
import { startProcessPair, type ProcessPair, type ServerProcess } from '../helpers/processPair.js';

const reachable = await postgresReachable();

const UPLOAD = `/rpc/${SyncService.typeName}/UploadData`;
const STREAM = '/sync/stream';
const WRITE_CHECKPOINT = '/write-checkpoint2.json';

/**
 * Every note is on the device as the server stored it (the database fills author_name, which the device never
 * writes), nothing waits to be uploaded, and the write checkpoint that followed the uploads was acknowledged: the
 * client applies server data only then.
 */
async function untilSettled(owner: SignedInClient, ids: string[], what: string): Promise<void> {
  const marks = ids.map(() => '?').join(', ');
  await until(
    owner.client,
    async () =>
      (await count(owner.client, `select count(*) as n from vehicle_notes where author_name is not null and id in (${marks})`, ids)) === ids.length &&
      (await count(owner.client, 'select count(*) as n from ps_crud')) === 0 &&
      (await count(owner.client, WRITE_CHECKPOINT_PENDING)) === 0,
    what,
    ['vehicle_notes'],
  );
}

/** Notes written on the device, each in a transaction of its own, or all in one. */
async function writeNotes(owner: SignedInClient, vehicleId: string, from: number, to: number, together = false): Promise<string[]> {
  const notes = Array.from({ length: to - from + 1 }, (_, i) => ({ id: newId(), body: `Note ${from + i}` }));
  const insert = (tx: Pick<AbstractPowerSyncDatabase, 'execute'>, note: { id: string; body: string }) =>
    tx.execute('insert into vehicle_notes (id, vehicle_id, user_id, body, is_public) values (?, ?, ?, ?, 0)', [
      note.id, vehicleId, owner.device.session!.userId, note.body,
    ]);
  if (!together) for (const note of notes) await insert(owner.client.db, note);
  else
    await owner.client.db.writeTransaction(async (tx) => {
      for (const note of notes) await insert(tx, note);
    });
  return notes.map((n) => n.id);
}

/** What the server holds, and what the device holds, of these notes; and how often replication wrote each one. */
async function outcome(pair: ProcessPair, owner: SignedInClient, ids: string[]) {
  const server = await pair.sql.query<{ id: string; body: string }>('select id, body from vehicle_notes where id = any($1) order by id', [ids]);
  const device = await owner.client.db.getAll<{ id: string; body: string }>(
    `select id, body from vehicle_notes where id in (${ids.map(() => '?').join(', ')}) order by id`,
    ids,
  );
  // Each note was written once: one PUT in each bucket that holds it (compaction is off), never two.
  const ops = await pair.sql.query<{ id: string; n: number }>(
    `select object_id as id, count(*)::int as n from sync_oplog where object_type = 'vehicle_notes' and object_id = any($1)
      group by bucket, object_id order by n desc`,
    [ids],
  );
  return { server: server.rows, device, ops: ops.rows };
}

async function vehicleOf(pair: ProcessPair, name: string): Promise<string> {
  const { rows } = await pair.sql.query<{ id: string }>('select id from vehicles where name = $1', [name]);
  return rows[0]!.id;
}

/** A change made on the server by someone else reaches the device: its stream follows replication again. */
async function serverChangeArrives(pair: ProcessPair, owner: SignedInClient, vehicleId: string, name: string): Promise<void> {
  await pair.sql.query('update vehicles set name = $1 where id = $2', [name, vehicleId]);
  await until(owner.client, async () => (await count(owner.client, 'select count(*) as n from vehicles where id = ? and name = ?', [vehicleId, name])) === 1, name, [
    'vehicles',
  ]);
}

const streamsOf = (lb: LoadBalancer): Exchange[] => lb.exchanges.filter((e) => e.path === STREAM);

/**
 * Two processes behind a load balancer, for the tests of the describe it is called in: the owner signs in, uploads
 * and asks for write checkpoints through the process that replicates, and streams from the other. Stopped after.
 */
function ownerBehindTwoProcesses() {
  const t = {} as { lb: LoadBalancer; pair: ProcessPair; owner: SignedInClient; leader: ServerProcess; other: ServerProcess };
  beforeAll(async () => {
    t.lb = await startLoadBalancer();
    t.pair = await startProcessPair(t.lb);
    ({ leader: t.leader, other: t.other } = t.pair);
    t.lb.routes = (path) => (path === STREAM ? [t.other, t.leader] : [t.leader, t.other]);
    t.owner = await connectSignedIn(t.lb.url, 'owner@tagbook.test', 'tagbook-demo');
  });
  afterAll(async () => {
    await t.owner?.client.close();
    await t.pair?.stop();
    await t.lb?.close();
  });
  return t;
}

/**
 * The way to scale out: several of our processes behind a load balancer on one PostgreSQL. Each test starts two
 * built servers (real child processes) on a fresh database; the device signs in, uploads and asks for its write
 * checkpoints through the process that replicates, and streams from the other. Then one of them is killed with
 * SIGKILL at the worst moment, and the device carries on through the other.
 */
describe.runIf(reachable)('two server processes behind a load balancer', postgresOnly(), () => {
  describe('the process that replicates, killed after applying an upload and before answering it', () => {
    let lb: LoadBalancer;
    let pair: ProcessPair;
    let owner: SignedInClient;
    let leader: ServerProcess;
    let other: ServerProcess;
    const setUp = ownerBehindTwoProcesses();
    beforeAll(() => ({ lb, pair, owner, leader, other } = setUp));

    it('knows a device signed in through one process in the other: its session, its counter, its sign-in failures', async () => {
      expect((await lb.seen((e) => e.path.endsWith('/LoginPassword'))).backend).toBe(leader.name);
      expect((await lb.seen((e) => e.path === STREAM)).backend).toBe(other.name);
      // The session made by one process signs calls the other accepts, and a header one accepted the other refuses.
      lb.routes = () => [other];
      await owner.device.auth.getPowerSyncAuth({});
      const accepted = owner.device.sentHeaders.at(-1)!;
      lb.routes = () => [leader];
      owner.device.tamperNext({ raw: accepted });
      expect((await refusal(owner.device.auth.getPowerSyncAuth({}))).code).toBe(Code.Unauthenticated);
      // Failed sign-ins count the same whichever process took them.
      const guesser = await TestDevice.create({ url: lb.url });
      for (let i = 0; i < 5; i++) {
        lb.routes = () => [i % 2 === 0 ? leader : other];
        expect((await refusal(guesser.signIn('worker@tagbook.test', 'wrong'))).code).toBe(Code.PermissionDenied);
      }
      expect((await refusal(guesser.signIn('worker@tagbook.test', 'tagbook-demo'))).code).toBe(Code.ResourceExhausted);
      lb.routes = (path) => (path === STREAM ? [other, leader] : [leader, other]);
    });

    it('streams what was uploaded through the other, and acknowledges the write checkpoint asked of the other', async () => {
      const vehicleId = await vehicleOf(pair, 'Red 911');
      const ids = await writeNotes(owner, vehicleId, 1, 3);
      await untilSettled(owner, ids, 'three notes uploaded through one process and streamed from the other');
      expect(lb.exchanges.filter((e) => e.path === UPLOAD).map((e) => e.backend)).toEqual([leader.name, leader.name, leader.name]);
      expect((await lb.seen((e) => e.path === WRITE_CHECKPOINT)).backend).toBe(leader.name);
      expect(streamsOf(lb).map((e) => e.backend)).toEqual([other.name]);
      expect(owner.settled).toEqual(ids.map(() => expect.objectContaining({ errors: [], duplicate: false })));
    });

    it('carries on through the other: the upload lost with the answer is applied once, replication moves, the stream stays', async () => {
      const vehicleId = await vehicleOf(pair, 'Trail Bronco');
      const before = owner.settled.length;
      let answered = 0;
      lb.onAnswer = async (e) => {
        if (e.path !== UPLOAD || e.backend !== leader.name || ++answered < 4) return true;
        // The fourth upload is committed (a unary answer starts once its handler is done); its answer never leaves.
        lb.onAnswer = () => true;
        await pair.kill(leader);
        return false;
      };
      const ids = await writeNotes(owner, vehicleId, 1, 8);
      await untilSettled(owner, ids, 'eight notes, the replicating process killed during the fourth');

      const uploads = lb.exchanges.filter((e) => e.path === UPLOAD).slice(-9).map((e) => e.backend);
      expect(uploads).toEqual([...Array(4).fill(leader.name), ...Array(5).fill(other.name)]);
      // Sent again to the other process, the fourth was recognised as applied already; nothing else was sent twice.
      expect(owner.settled.slice(before).map((s) => s.duplicate)).toEqual([false, false, false, true, false, false, false, false]);
      const { server, device, ops } = await outcome(pair, owner, ids);
      expect(server.map((n) => n.body).sort()).toEqual(ids.map((_, i) => `Note ${i + 1}`).sort());
      expect(device).toEqual(server);
      expect(new Set(ops.map((o) => o.id)).size).toBe(ids.length);
      expect(ops[0]!.n).toBe(1);
      expect(await oplogInconsistencies(pair.db)).toEqual([]);
      expect(await pair.replicating()).toBe(other.name);
      // The device's stream was never interrupted, and keeps following what is replicated now.
      await serverChangeArrives(pair, owner, vehicleId, 'Replicated by the survivor');
      expect(streamsOf(lb).map((e) => e.backend)).toEqual([other.name]);
    });
  });

  describe('the process serving the stream, killed while a write checkpoint is on its way', () => {
    let lb: LoadBalancer;
    let pair: ProcessPair;
    let owner: SignedInClient;
    let leader: ServerProcess;
    let other: ServerProcess;
    const setUp = ownerBehindTwoProcesses();
    beforeAll(() => ({ lb, pair, owner, leader, other } = setUp));

    it('resumes the stream through the other from where it was, and completes the write checkpoint there', async () => {
      const vehicleId = await vehicleOf(pair, 'Red 911');
      const first = await writeNotes(owner, vehicleId, 1, 4);
      await untilSettled(owner, first, 'four notes before the kill');
      expect(streamsOf(lb).map((e) => e.backend)).toEqual([other.name]);

      // From the moment the device asks for the write checkpoint of its next upload, nothing the streaming process
      // sends reaches it; once the checkpoint is issued, that process dies. Only a stream opened elsewhere after it
      // was issued can acknowledge it now, from what the database holds.
      lb.beforeRequest = (e) => {
        if (e.path !== WRITE_CHECKPOINT) return;
        lb.beforeRequest = () => {};
        lb.silence(other.name);
        lb.onAnswer = async (answer) => {
          if (answer !== e) return true;
          lb.onAnswer = () => true;
          await pair.kill(other);
          lb.cut(other.name);
          return true;
        };
      };
      const second = await writeNotes(owner, vehicleId, 5, 8, true);
      await untilSettled(owner, second, 'four more notes, the streaming process killed while their write checkpoint was on its way');
      // A write checkpoint per upload round, each asked of the process that replicates: the first four notes, written
      // one at a time, may travel in one round or several (as the device's queue meets them), the last four in one.
      const checkpoints = lb.exchanges.filter((e) => e.path === WRITE_CHECKPOINT).map((e) => e.backend);
      expect(checkpoints.length).toBeGreaterThanOrEqual(2);
      expect(new Set(checkpoints)).toEqual(new Set([leader.name]));

      const streams = streamsOf(lb);
      expect(streams.map((e) => e.backend)).toEqual([other.name, leader.name]);
      // The device resumed: it named every bucket it holds, each with the op it had reached.
      const resumed = JSON.parse(streams[1]!.body!) as { buckets: { name: string; after: string }[] };
      expect(resumed.buckets.length).toBeGreaterThan(0);
      for (const bucket of resumed.buckets) expect(Number(bucket.after)).toBeGreaterThan(0);
      expect(owner.settled.every((s) => s.errors.length === 0 && !s.duplicate)).toBe(true);
      const ids = [...first, ...second];
      const { server, device, ops } = await outcome(pair, owner, ids);
      expect(server).toHaveLength(ids.length);
      expect(device).toEqual(server);
      expect(new Set(ops.map((o) => o.id)).size).toBe(ids.length);
      expect(ops[0]!.n).toBe(1);
      expect(await oplogInconsistencies(pair.db)).toEqual([]);
      expect(await pair.replicating()).toBe(leader.name);
      await serverChangeArrives(pair, owner, vehicleId, 'Streamed by the survivor');
    });
  });
});
