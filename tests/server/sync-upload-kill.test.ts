import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { PartProgress, uploadTransaction, type SendUpload } from '../../src/data/transactionUpload.js';
import { toWireEntry, type WireEntry } from '../../src/data/uploadEntries.js';
import { planRequests } from '../../src/data/uploadParts.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { startBuiltServer, type Started } from '../helpers/builtServer.js';
import { createScratchDatabase, postgresReachable, type ScratchDatabase } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';

const reachable = await postgresReachable();

/**
 * The server process killed (SIGKILL: no shutdown, no rollback but the database's own) while a transaction is on
 * its way in parts: between two parts, and while the last one is being applied. The parts kept before the kill
 * stay, the device resumes, and the transaction lands whole and once. PostgreSQL only: the database must outlive the
 * process, and the embedded one lives inside it.
 */
describe.runIf(reachable)('a server killed while a transaction arrives in parts', () => {
  let scratch: ScratchDatabase;
  let sql: pg.Client;
  let server: Started | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'tagbook-kill-'));

  async function start(): Promise<{ device: TestDevice; send: SendUpload; owner: string }> {
    server = await startBuiltServer({ DATABASE_URL: scratch.url, DATA_DIR: dataDir });
    const device = await TestDevice.create({ url: `http://127.0.0.1:${server.port}` });
    await device.signIn('owner@tagbook.test', 'tagbook-demo');
    return { device, send: (r) => device.client(SyncService).uploadData(r), owner: device.session!.userId };
  }
  async function kill(): Promise<void> {
    server!.child.kill('SIGKILL');
    await server!.exited;
    server = null;
  }
  const notesOf = async (vehicleId: string) => Number((await sql.query('select count(*) as n from vehicle_notes where vehicle_id = $1', [vehicleId])).rows[0].n);
  const stagedOf = async (clientId: string) => Number((await sql.query('select count(*) as n from sync_upload_parts where client_id = $1', [clientId])).rows[0].n);

  async function ownVehicle(send: SendUpload, clientId: string): Promise<string> {
    const id = newId();
    const res = await send({ clientId, transactionId: 1n, crud: [toWireEntry({ clientId: 1, id, op: 'PUT', table: 'vehicles', opData: { name: 'Killed van', is_public: 0 } })] });
    expect(res.errors).toEqual([]);
    return id;
  }
  const notes = (vehicleId: string, owner: string, count: number): WireEntry[] =>
    Array.from({ length: count }, (_, i) =>
      toWireEntry({ clientId: i + 2, id: newId(), op: 'PUT', table: 'vehicle_notes', opData: { vehicle_id: vehicleId, user_id: owner, body: `${i} `.padEnd(3000, 'k'), is_public: 0 } }),
    );

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  });
  afterAll(async () => {
    if (server) await kill();
    await sql?.end();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the parts sent before the kill, and takes the rest after the restart, once', async () => {
    const clientId = 'killed-between';
    const first = await start();
    const vehicleId = await ownVehicle(first.send, clientId);
    const entries = notes(vehicleId, first.owner, 1200);
    expect(planRequests(entries).length).toBeGreaterThanOrEqual(4);
    const progress = new PartProgress();
    let answered = 0;
    // The connection is lost with the server after its second answer.
    const dying: SendUpload = async (r) => {
      if (answered === 2) {
        await kill();
        throw new Error('Network error: the server went away');
      }
      const res = await first.send(r);
      answered++;
      return res;
    };
    await expect(uploadTransaction(dying, clientId, 2n, entries, progress)).rejects.toThrow('Network error');
    expect(await stagedOf(clientId)).toBe(2);
    expect(await notesOf(vehicleId)).toBe(0);

    const second = await start();
    const sent: number[] = [];
    const settled = await uploadTransaction((r) => (sent.push(r.part!.index!), second.send(r)), clientId, 2n, entries, progress);
    expect(settled).toMatchObject({ errors: [], duplicate: false });
    expect(sent[0]).toBe(2);
    expect(await notesOf(vehicleId)).toBe(1200);
    expect(await stagedOf(clientId)).toBe(0);
    // Sent again from the start (a device that lost its memory of it, say after a reload): applied once still.
    expect(await uploadTransaction(second.send, clientId, 2n, entries)).toMatchObject({ duplicate: true });
    expect(await notesOf(vehicleId)).toBe(1200);
  });

  it('rolls back a last part cut short by the kill while it is applied, and applies it once on the retry', async () => {
    const clientId = 'killed-applying';
    const first = await start();
    const vehicleId = await ownVehicle(first.send, clientId);
    const entries = notes(vehicleId, first.owner, 1200);
    const requests = planRequests(entries);
    for (const r of requests.slice(0, -1)) await first.send({ clientId, transactionId: 2n, crud: r.crud, part: r.part });
    const last = requests.at(-1)!;
    const applying = first.send({ clientId, transactionId: 2n, crud: last.crud, part: last.part }).catch((err: unknown) => err);
    // The server's transaction has written its first notes: the apply is under way.
    for (;;) {
      const { rows } = await sql.query(
        `select 1 from pg_locks l join pg_class c on c.oid = l.relation
          where c.relname = 'vehicle_notes' and l.mode = 'RowExclusiveLock' and l.pid <> pg_backend_pid()`,
      );
      if (rows.length > 0) break;
    }
    await kill();
    expect(await applying).toBeInstanceOf(Error);
    expect(await notesOf(vehicleId)).toBe(0);
    expect(await stagedOf(clientId)).toBe(requests.length - 1);

    const second = await start();
    expect(await uploadTransaction(second.send, clientId, 2n, entries)).toMatchObject({ errors: [], duplicate: false });
    expect(await notesOf(vehicleId)).toBe(1200);
    expect(await stagedOf(clientId)).toBe(0);
  });
});
