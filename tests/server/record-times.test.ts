import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MADE_ON_DEVICE, type MadeOnDeviceTable } from '../../server/writes/tables.js';
import { MAX_CLOCK_SKEW_MS } from '../../src/domain/clock.js';
import { newId } from '../../src/domain/ids.js';
import { WORK_START } from '../../src/domain/worktime.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import type { Settled } from '../../src/data/transactionUpload.js';
import { queueUploader, refusalCodes, sendFrom, upload as send, type Change } from '../helpers/upload.js';

const backends = await testBackends();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;


/**
 * When a record was made: a row made on a device keeps the time its device made it (a note written offline at
 * 22:24 reads 22:24 once synced, not the time it was uploaded), when that time could be true; the server keeps its
 * own time of receipt beside it; and the time of making never changes afterwards.
 */
describe.each(backends)('the time a record was made, on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let owner: TestDevice;
  let admin: TestDevice;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  let bronco: { id: string; created_at: Date };
  let nextTx = 1n;

  const upload = async (device: TestDevice, entries: Change[]): Promise<string[]> => refusalCodes(await send(device, entries));
  const times = async (table: string, id: string) =>
    (await server.db.query<{ created_at: Date; received_at: Date; updated_at: Date | null }>(`select * from ${table} where id = $1`, [id]))[0]!;
  const iso = (ms: number) => new Date(ms).toISOString();
  /** Writes a note on the Bronco as its owner, sent with the given created_at, and returns the stored times. */
  async function noteMadeAt(createdAt: unknown) {
    const id = newId();
    const before = Date.now();
    expect(await upload(owner, [{ op: 'PUT', table: 'vehicle_notes', id, data: { vehicle_id: bronco.id, user_id: ids.owner, body: 'Oil topped up', created_at: createdAt } }])).toEqual([]);
    return { id, ...(await times('vehicle_notes', id)), before, after: Date.now() };
  }

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
    owner = await TestDevice.create(server);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    admin = await TestDevice.create(server);
    await admin.signIn('admin@tagbook.test', 'tagbook-admin');
    [bronco] = await server.db.query<{ id: string; created_at: Date }>(`select id, created_at from vehicles where name = 'Trail Bronco'`) as [typeof bronco];
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('through the official client', () => {
    let client: SyncClient;
    const settled: Settled[] = [];
    beforeAll(async () => {
      client = await openSyncClient({ server }, ids.owner, { uploadData: queueUploader(sendFrom(owner), settled) });
    });
    afterEach(() => {
      for (const { errors } of settled.splice(0)) expect(errors).toEqual([]);
    });
    afterAll(async () => client?.close());

    it('keeps the time a note was written offline, hours before its upload, on the server and back on the device', async () => {
      const writtenOffline = Date.now() - 5 * HOUR;
      const id = newId();
      await client.db.execute(
        'insert into vehicle_notes (id, vehicle_id, user_id, body, is_public, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)',
        [id, bronco.id, ids.owner, 'Written in the garage without signal', iso(writtenOffline), iso(writtenOffline)],
      );
      const before = Date.now();
      // The server fills in the author's name: the note on the device is the server's copy once it shows.
      const synced = async () =>
        (await client.db.getOptional<{ author_name: string | null; created_at: string }>('select author_name, created_at from vehicle_notes where id = ?', [id])) ?? null;
      await client.waitFor(async () => (await synced())?.author_name != null, "the server's copy of the note");
      const stored = await times('vehicle_notes', id);
      expect(stored.created_at.getTime()).toBe(writtenOffline);
      expect(stored.received_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse((await synced())!.created_at)).toBe(writtenOffline);
      // The time of receipt is the server's alone: no device holds it.
      expect(Object.keys((await client.db.get('select * from vehicle_notes where id = ?', [id])) as object)).not.toContain('received_at');
    });
  });

  describe('bounds', () => {
    it.each<[string, number]>([
      ['hours in the past (written offline)', -3 * HOUR],
      ['a little ahead of the server (a fast clock, within the skew allowed)', MAX_CLOCK_SKEW_MS / 2],
    ])('keeps a time %s', async (_what, offset) => {
      const sent = Date.now() + offset;
      const note = await noteMadeAt(iso(sent));
      expect(note.created_at.getTime()).toBe(sent);
      expect(note.received_at.getTime()).toBeGreaterThanOrEqual(note.before - 1000);
    });

    it('keeps a time a little before its vehicle was made (two clocks, each within the skew)', async () => {
      const sent = bronco.created_at.getTime() - MAX_CLOCK_SKEW_MS;
      expect((await noteMadeAt(iso(sent))).created_at.getTime()).toBe(sent);
    });

    it.each<[string, () => unknown]>([
      ['far in the future', () => iso(Date.now() + DAY)],
      ['before its vehicle existed', () => iso(bronco.created_at.getTime() - DAY)],
      ['in 1901', () => '1901-01-01T00:00:00.000Z'],
      ['unreadable', () => 'last Tuesday'],
      ['not text', () => 1_700_000_000_000],
    ])('keeps the note but dates it at its receipt when its time is %s', async (_what, sent) => {
      const note = await noteMadeAt(sent());
      expect(note.created_at.getTime()).toBe(note.received_at.getTime());
      expect(note.created_at.getTime()).toBeGreaterThanOrEqual(note.before - 1000);
      expect(note.created_at.getTime()).toBeLessThanOrEqual(note.after + 1000);
    });

    it('bounds a vehicle, which belongs to nothing, by the floor and the server clock only', async () => {
      const make = async (createdAt: string) => {
        const id = newId();
        expect(await upload(owner, [{ op: 'PUT', table: 'vehicles', id, data: { name: 'Barn find', user_id: ids.owner, created_at: createdAt } }])).toEqual([]);
        return times('vehicles', id);
      };
      const longAgo = Date.parse('2021-06-01T08:00:00.000Z');
      expect((await make(iso(longAgo))).created_at.getTime()).toBe(longAgo);
      const old = await make('1901-01-01T00:00:00.000Z');
      expect(old.created_at.getTime()).toBe(old.received_at.getTime());
    });
  });

  describe('afterwards', () => {
    it('never changes the time of making: a later edit or a whole row sent again with another created_at keeps it', async () => {
      const made = Date.now() - 2 * HOUR;
      const note = await noteMadeAt(iso(made));
      const id = note.id;
      expect(await upload(owner, [{ op: 'PATCH', table: 'vehicle_notes', id, data: { is_public: 1, created_at: iso(Date.now()) } }])).toEqual([]);
      expect(await upload(owner, [{ op: 'PUT', table: 'vehicle_notes', id, data: { vehicle_id: bronco.id, user_id: ids.owner, body: 'Oil topped up', created_at: iso(made - HOUR) } }])).toEqual([]);
      const after = await times('vehicle_notes', id);
      expect(after.created_at.getTime()).toBe(made);
      expect(after.received_at.getTime()).toBe(note.received_at.getTime());
      expect(after.updated_at!.getTime()).toBeGreaterThan(note.received_at.getTime() - 1);
      // Whoever writes: the database holds both times, an admin's SQL included.
      await server.db.query(`update vehicle_notes set created_at = now(), received_at = now() - interval '1 day' where id = $1`, [id]);
      expect(await times('vehicle_notes', id)).toMatchObject({ created_at: after.created_at, received_at: after.received_at });
    });

    it('refuses a received_at from a device: the time of receipt is the server\'s', async () => {
      const id = newId();
      expect(await upload(owner, [{ op: 'PUT', table: 'vehicle_notes', id, data: { vehicle_id: bronco.id, user_id: ids.owner, body: 'x', received_at: iso(Date.now() - DAY) } }])).toEqual(['permission_denied']);
      expect(await server.db.query('select 1 from vehicle_notes where id = $1', [id])).toEqual([]);
    });
  });

  describe('every table a device makes rows in', () => {
    /** A new row of each table, as an admin's device would write it. */
    async function sampleRows(): Promise<Record<MadeOnDeviceTable, Change[]>> {
      const vehicle = newId();
      const company = newId();
      const request = newId();
      const reading = newId();
      const reminder = newId();
      return {
        vehicles: [{ op: 'PUT', table: 'vehicles', id: vehicle, data: { name: 'Sample', user_id: ids.admin } }],
        vehicles_info: [{ op: 'PUT', table: 'vehicles_info', id: newId(), data: { vehicle_id: vehicle, make: 'Ford' } }],
        qr_tags: [{ op: 'PUT', table: 'qr_tags', id: `TIME${String(nextTx).padStart(8, '0')}`, data: { target_id: null } }],
        companies: [{ op: 'PUT', table: 'companies', id: company, data: { name: 'Sample Garage' } }],
        company_employees: [{ op: 'PUT', table: 'company_employees', id: newId(), data: { user_id: ids.worker, company_id: company, type: 'worker' } }],
        customers: [{ op: 'PUT', table: 'customers', id: newId(), data: { name: 'Sample Customer', company_id: company } }],
        service_requests: [{ op: 'PUT', table: 'service_requests', id: request, data: { vehicle_id: vehicle, description: 'Sample' } }],
        worktime: [{ op: 'PUT', table: 'worktime', id: newId(), data: { service_request_id: request, operation: WORK_START, time: iso(Date.now() - HOUR) } }],
        vehicle_notes: [{ op: 'PUT', table: 'vehicle_notes', id: newId(), data: { vehicle_id: vehicle, user_id: ids.admin, body: 'Sample' } }],
        track_sessions: [{ op: 'PUT', table: 'track_sessions', id: newId(), data: { vehicle_id: vehicle, user_id: ids.admin, held_on: '2026-01-01', circuit: 'Sample Ring' } }],
        odometer_readings: [{ op: 'PUT', table: 'odometer_readings', id: reading, data: { vehicle_id: vehicle, user_id: ids.admin, read_on: '2026-01-01', value: 1200, unit: 'km' } }],
        vehicle_reminders: [{ op: 'PUT', table: 'vehicle_reminders', id: reminder, data: { vehicle_id: vehicle, user_id: ids.admin, title: 'Oil', due_distance: 5000, distance_unit: 'km' } }],
        reminder_completions: [{ op: 'PUT', table: 'reminder_completions', id: newId(), data: { reminder_id: reminder, vehicle_id: vehicle, user_id: ids.admin, done_on: '2026-01-01', reading_id: reading } }],
      };
    }

    it('keeps the time of making in each of them', async () => {
      const samples = await sampleRows();
      const made = Date.now() - 2 * HOUR;
      // Parents first (the list's own order), each made a minute after the one it belongs to.
      const tables = Object.keys(MADE_ON_DEVICE) as MadeOnDeviceTable[];
      const entries = tables.flatMap((table, i) => samples[table].map((e) => ({ ...e, data: { ...e.data, created_at: iso(made + i * 60_000) } })));
      expect(await upload(admin, entries)).toEqual([]);
      const stored = await Promise.all(entries.map(async (e) => [e.table, (await times(e.table, e.id)).created_at.toISOString()]));
      expect(stored).toEqual(entries.map((e) => [e.table, e.data.created_at]));
    });
  });
});
