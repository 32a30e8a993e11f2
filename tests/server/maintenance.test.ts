import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDueReminders } from '../../server/vehicles/reminderMail.js';
import { newId } from '../../src/domain/ids.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { openSyncClient, openSyncTestDatabase, seedAndReplicate, type SyncClient, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';
import { refusalCodes, upload as send, type Change } from '../helpers/upload.js';

const backends = await testBackends();

type Role = 'owner' | 'stranger' | 'admin' | 'worker' | 'driver';
const RECORDS = ['odometer_readings', 'vehicle_reminders', 'reminder_completions'] as const;
type RecordTable = (typeof RECORDS)[number];

/**
 * Maintenance records (migration 0027): odometer readings, reminders and their completions, written by a vehicle's
 * owner (and admins) through real uploads, held to their own vehicle, synced to the owner's devices only and carried
 * along when the vehicle changes hands; a person's distance unit; and the job that mails a reminder's owner once
 * each time it falls due (server/vehicles/reminderMail.ts), run here with a `now` of the test's choosing.
 */
describe.each(backends)('maintenance records on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  const devices = {} as Record<Role, TestDevice>;
  const userIds = {} as Record<Role, string>;
  let bronco: string;
  let camper: string;
  let supra: string;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];
  const stored = async (table: RecordTable, id: string) => (await server.db.query(`select 1 from ${table} where id = $1`, [id])).length === 1;

  /** 'ok' when the upload was applied whole, else the refusals' codes. */
  async function outcome(role: Role, entries: Change | Change[]): Promise<string> {
    const codes = refusalCodes(await send(devices[role], entries));
    return codes.length === 0 ? 'ok' : codes.join(',');
  }
  /** The refusals' messages, for the refusals whose words matter. */
  async function messages(role: Role, entries: Change | Change[]): Promise<string[]> {
    return (await send(devices[role], entries)).errors.map((e) => e.message);
  }

  const reading = (role: Role, vehicleId: string, over: Record<string, unknown> = {}, id = newId()): Change => ({
    op: 'PUT', table: 'odometer_readings', id, data: { vehicle_id: vehicleId, user_id: userIds[role], read_on: '2026-05-01', value: 42_000, unit: 'km', ...over },
  });
  const reminder = (role: Role, vehicleId: string, over: Record<string, unknown> = {}, id = newId()): Change => ({
    op: 'PUT', table: 'vehicle_reminders', id,
    data: { vehicle_id: vehicleId, user_id: userIds[role], title: 'Oil change', due_on: '2026-12-01', due_distance: 50_000, distance_unit: 'km', every_months: 12, every_distance: 10_000, ...over },
  });
  const completion = (role: Role, vehicleId: string, reminderId: string, over: Record<string, unknown> = {}, id = newId()): Change => ({
    op: 'PUT', table: 'reminder_completions', id, data: { reminder_id: reminderId, vehicle_id: vehicleId, user_id: userIds[role], done_on: '2026-05-01', ...over },
  });

  /** Rows made in the tests below, by what they are. */
  const made = {
    ownerReading: '', ownerReminder: '', ownerCompletion: '', ownerBareCompletion: '',
    adminReading: '', adminReminder: '', adminCompletion: '',
    camperReading: '', camperReminder: '', camperCompletion: '',
  };

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    const ids = await seedAndReplicate(server);
    for (const role of ['owner', 'stranger', 'admin', 'worker', 'driver'] as const) devices[role] = await TestDevice.create(server);
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.stranger.register('stranger@tagbook.test', 'tagbook-stranger');
    await devices.driver.register('driver@tagbook.test', 'tagbook-driver');
    for (const role of Object.keys(devices) as Role[]) userIds[role] = devices[role].session!.userId;
    expect({ owner: userIds.owner, admin: userIds.admin, worker: userIds.worker }).toEqual(ids);
    const vehicle = async (name: string) => (await one<{ id: string }>('select id from vehicles where name = $1', [name]))!.id;
    bronco = await vehicle('Trail Bronco');
    camper = await vehicle('Camper van');
    supra = await vehicle('Supra Turbo');
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  describe('who writes them', () => {
    it("the vehicle's owner makes a reading, a reminder, and completions with and without a reading", async () => {
      made.ownerReading = newId();
      made.ownerReminder = newId();
      made.ownerCompletion = newId();
      made.ownerBareCompletion = newId();
      expect(await outcome('owner', reading('owner', bronco, {}, made.ownerReading))).toBe('ok');
      expect(await outcome('owner', reminder('owner', bronco, {}, made.ownerReminder))).toBe('ok');
      expect(await outcome('owner', completion('owner', bronco, made.ownerReminder, { reading_id: made.ownerReading }, made.ownerCompletion))).toBe('ok');
      expect(await outcome('owner', completion('owner', bronco, made.ownerReminder, { done_on: '2026-06-01' }, made.ownerBareCompletion))).toBe('ok');
      expect(await one('select value, unit, read_on::text as read_on, owner_id from odometer_readings where id = $1', [made.ownerReading])).toEqual({
        value: 42_000, unit: 'km', read_on: '2026-05-01', owner_id: userIds.owner,
      });
      expect(await one('select title, due_on::text as due_on, due_distance, email, owner_id from vehicle_reminders where id = $1', [made.ownerReminder])).toEqual({
        title: 'Oil change', due_on: '2026-12-01', due_distance: 50_000, email: true, owner_id: userIds.owner,
      });
      expect(
        await server.db.query('select id, reading_id, owner_id from reminder_completions where reminder_id = $1 order by done_on', [made.ownerReminder]),
      ).toEqual([
        { id: made.ownerCompletion, reading_id: made.ownerReading, owner_id: userIds.owner },
        { id: made.ownerBareCompletion, reading_id: null, owner_id: userIds.owner },
      ]);
    });

    it("a stranger is refused each of them on the owner's vehicle, and nothing is stored", async () => {
      const tries: [RecordTable, Change][] = [
        ['odometer_readings', reading('stranger', bronco)],
        ['vehicle_reminders', reminder('stranger', bronco)],
        ['reminder_completions', completion('stranger', bronco, made.ownerReminder)],
        ['reminder_completions', completion('stranger', bronco, made.ownerReminder, { reading_id: made.ownerReading })],
      ];
      for (const [table, change] of tries) {
        expect(await outcome('stranger', change), table).toBe('not_found');
        expect(await stored(table, change.id), table).toBe(false);
      }
      // Nor in the owner's name, nor by changing or removing the owner's rows.
      expect(await outcome('stranger', reading('owner', bronco))).toBe('permission_denied');
      const ownRows: [RecordTable, string][] = [
        ['odometer_readings', made.ownerReading], ['vehicle_reminders', made.ownerReminder], ['reminder_completions', made.ownerCompletion],
      ];
      for (const [table, id] of ownRows) {
        expect(await outcome('stranger', { op: 'PATCH', table, id, data: { deleted_at: '2026-06-01T00:00:00.000Z' } }), table).toBe('not_found');
        expect(await outcome('stranger', { op: 'DELETE', table, id }), table).toBe('permission_denied');
        expect(await one(`select deleted_at from ${table} where id = $1`, [id]), table).toEqual({ deleted_at: null });
      }
    });

    it("an admin writes them on the owner's vehicle, as themselves", async () => {
      made.adminReading = newId();
      made.adminReminder = newId();
      made.adminCompletion = newId();
      expect(await outcome('admin', reading('admin', bronco, { read_on: '2026-06-01', value: 43_000 }, made.adminReading))).toBe('ok');
      expect(await outcome('admin', reminder('admin', bronco, { title: 'Brake fluid' }, made.adminReminder))).toBe('ok');
      expect(await outcome('admin', completion('admin', bronco, made.adminReminder, { reading_id: made.adminReading }, made.adminCompletion))).toBe('ok');
      for (const [table, id] of [['odometer_readings', made.adminReading], ['vehicle_reminders', made.adminReminder], ['reminder_completions', made.adminCompletion]] as const) {
        expect(await one(`select user_id, owner_id from ${table} where id = $1`, [id]), table).toEqual({ user_id: userIds.admin, owner_id: userIds.owner });
      }
    });
  });

  describe('a reading taken at a service request', () => {
    const request = async () =>
      (await one<{ id: string }>(`select id from service_requests where vehicle_id = $1 and company_id is not null and deleted_at is null order by created_at limit 1`, [bronco]))!.id;

    it("is written by whoever works on the request, as themselves, on the request's vehicle; then it is the owner's", async () => {
      const requestId = await request();
      const id = newId();
      expect(await outcome('worker', reading('worker', bronco, { service_request_id: requestId, value: 61_250 }, id))).toBe('ok');
      expect(await one('select user_id, service_request_id, owner_id from odometer_readings where id = $1', [id])).toEqual({
        user_id: userIds.worker, service_request_id: requestId, owner_id: userIds.owner,
      });
      // The shop cannot change or remove it afterwards; the owner can.
      expect(await outcome('worker', { op: 'PATCH', table: 'odometer_readings', id, data: { value: 1 } })).not.toBe('ok');
      expect(await outcome('owner', { op: 'PATCH', table: 'odometer_readings', id, data: { deleted_at: new Date().toISOString() } })).toBe('ok');
      // The owner may name the request too.
      expect(await outcome('owner', reading('owner', bronco, { service_request_id: requestId }))).toBe('ok');
    });

    it('is refused without the request, for another vehicle, to anyone not on the request, and in another name', async () => {
      const requestId = await request();
      const refused: Array<[Role, Change, string]> = [
        ['worker', reading('worker', bronco), 'not_found'],
        ['worker', reading('worker', camper, { service_request_id: requestId }), 'invalid_value'],
        ['stranger', reading('stranger', bronco, { service_request_id: requestId }), 'not_found'],
        ['driver', reading('driver', bronco, { service_request_id: requestId }), 'not_found'],
        ['worker', reading('owner', bronco, { service_request_id: requestId }), 'permission_denied'],
        ['worker', reading('worker', bronco, { service_request_id: newId() }), 'not_found'],
      ];
      for (const [role, change, code] of refused) {
        expect(await outcome(role, change), `${role} ${JSON.stringify(change.data)}`).toBe(code);
        expect(await stored('odometer_readings', change.id)).toBe(false);
      }
    });
  });

  describe('the values they take', () => {
    it('refuses a reading beyond 9,999,999 or below zero, or in furlongs', async () => {
      expect(await outcome('owner', reading('owner', bronco, { value: 9_999_999 }))).toBe('ok');
      for (const bad of [{ value: 10_000_000 }, { value: -1 }, { value: 1.5 }, { unit: 'furlong' }, { read_on: '2026-02-30' }, { value: null }]) {
        const change = reading('owner', bronco, bad);
        expect(await outcome('owner', change), JSON.stringify(bad)).toBe('invalid_value');
        expect(await stored('odometer_readings', change.id), JSON.stringify(bad)).toBe(false);
      }
    });

    it('refuses a reminder due by nothing, without a title, or repeating every 0 months; nothing is stored', async () => {
      // Due by a day only, or by a reading only: both are reminders.
      expect(await outcome('owner', reminder('owner', bronco, { due_distance: null }))).toBe('ok');
      expect(await outcome('owner', reminder('owner', bronco, { due_on: null }))).toBe('ok');
      for (const bad of [
        { due_on: null, due_distance: null }, { title: '   ' }, { title: '' }, { every_months: 0 }, { every_distance: 0 },
        { distance_unit: 'furlong' }, { due_distance: -5 },
      ]) {
        const change = reminder('owner', bronco, bad);
        expect(await outcome('owner', change), JSON.stringify(bad)).toBe('invalid_value');
        expect(await stored('vehicle_reminders', change.id), JSON.stringify(bad)).toBe(false);
      }
      // Nor can a stored reminder lose its due point afterwards.
      const id = newId();
      expect(await outcome('owner', reminder('owner', bronco, { due_distance: null }, id))).toBe('ok');
      expect(await outcome('owner', { op: 'PATCH', table: 'vehicle_reminders', id, data: { due_on: null } })).toBe('invalid_value');
      expect(await one('select due_on::text as due_on from vehicle_reminders where id = $1', [id])).toEqual({ due_on: '2026-12-01' });
    });

    it("refuses a completion of another vehicle's reminder, or with another vehicle's reading; nothing is stored", async () => {
      // The owner's own second vehicle, with its own reminder and reading.
      made.camperReading = newId();
      made.camperReminder = newId();
      expect(await outcome('owner', reading('owner', camper, { value: 80_000 }, made.camperReading))).toBe('ok');
      expect(await outcome('owner', reminder('owner', camper, { title: 'Tyres' }, made.camperReminder))).toBe('ok');
      // Someone else's: the worker's Supra, with a reminder and a reading of its own.
      const supraReminder = newId();
      const supraReading = newId();
      expect(await outcome('worker', reminder('worker', supra, {}, supraReminder))).toBe('ok');
      expect(await outcome('worker', reading('worker', supra, {}, supraReading))).toBe('ok');

      const tries: [string, Role, Change][] = [
        ["the owner's other vehicle's reminder", 'owner', completion('owner', bronco, made.camperReminder)],
        ["someone else's reminder", 'owner', completion('owner', bronco, supraReminder)],
        ["the owner's reminder, from the worker's own vehicle", 'worker', completion('worker', supra, made.ownerReminder)],
        ["the owner's other vehicle's reading", 'owner', completion('owner', bronco, made.ownerReminder, { reading_id: made.camperReading })],
        ["someone else's reading", 'owner', completion('owner', bronco, made.ownerReminder, { reading_id: supraReading })],
        ["another vehicle's reminder, by an admin", 'admin', completion('admin', bronco, supraReminder)],
        ["another vehicle's reading, by an admin", 'admin', completion('admin', bronco, made.ownerReminder, { reading_id: supraReading })],
      ];
      for (const [what, role, change] of tries) {
        expect(await outcome(role, change), what).toBe('invalid_value');
        expect(await stored('reminder_completions', change.id), what).toBe(false);
      }
      // Nor by changing a stored completion to name them.
      for (const data of [{ reminder_id: made.camperReminder }, { reading_id: made.camperReading }]) {
        expect(await outcome('owner', { op: 'PATCH', table: 'reminder_completions', id: made.ownerCompletion, data }), JSON.stringify(data)).toBe('invalid_value');
      }
      expect(await one('select reminder_id, reading_id from reminder_completions where id = $1', [made.ownerCompletion])).toEqual({
        reminder_id: made.ownerReminder, reading_id: made.ownerReading,
      });
      // A completion of the camper's reminder, on the camper, with its reading, is fine.
      made.camperCompletion = newId();
      expect(await outcome('owner', completion('owner', camper, made.camperReminder, { reading_id: made.camperReading }, made.camperCompletion))).toBe('ok');
    });

    it('says why a reminder due by nothing is refused, in words a person reads', async () => {
      expect(await messages('owner', reminder('owner', bronco, { due_on: null, due_distance: null }))).toEqual(['A reminder is due on a day, at a reading, or both']);
    });
  });

  describe('changing and removing them', () => {
    it('never moves a record to another vehicle; a hard delete is refused to the owner; a soft delete is allowed', async () => {
      const rows: [RecordTable, string][] = [
        ['odometer_readings', made.ownerReading], ['vehicle_reminders', made.ownerReminder], ['reminder_completions', made.ownerBareCompletion],
      ];
      for (const [table, id] of rows) {
        expect(await outcome('owner', { op: 'PATCH', table, id, data: { vehicle_id: camper } }), table).toBe('permission_denied');
        expect(await one(`select vehicle_id from ${table} where id = $1`, [id]), table).toEqual({ vehicle_id: bronco });
        // Nor does a whole row sent again with another vehicle move it.
        const again = table === 'odometer_readings' ? reading('owner', camper, {}, id) : table === 'vehicle_reminders' ? reminder('owner', camper, {}, id) : completion('owner', camper, made.camperReminder, {}, id);
        expect(await outcome('owner', again), table).toBe('permission_denied');
        expect(await one(`select vehicle_id from ${table} where id = $1`, [id]), table).toEqual({ vehicle_id: bronco });
        expect(await outcome('owner', { op: 'DELETE', table, id }), table).toBe('permission_denied');
        expect(await stored(table, id), table).toBe(true);
      }
      // Soft deletes, each on a row of its own (the rows above stay live for the sync tests).
      const reminderId = newId();
      const readingId = newId();
      const completionId = newId();
      expect(await outcome('owner', [reading('owner', bronco, { read_on: '2026-06-15', value: 44_000 }, readingId), reminder('owner', bronco, { title: 'Wipers' }, reminderId)])).toBe('ok');
      expect(await outcome('owner', completion('owner', bronco, reminderId, { reading_id: readingId }, completionId))).toBe('ok');
      for (const [table, id] of [['reminder_completions', completionId], ['vehicle_reminders', reminderId], ['odometer_readings', readingId]] as const) {
        expect(await outcome('owner', { op: 'PATCH', table, id, data: { deleted_at: '2026-06-20T00:00:00.000Z' } }), table).toBe('ok');
        expect(await one(`select deleted_at is not null as removed from ${table} where id = $1`, [id]), table).toEqual({ removed: true });
      }
      // Nothing new is done on a removed reminder.
      expect(await outcome('owner', completion('owner', bronco, reminderId))).toBe('invalid_value');
    });
  });

  describe("a person's distance unit", () => {
    it("is set by that person, to km or mi only, and never on someone else's account", async () => {
      const unit = async (role: Role) => (await one<{ distance_unit: string }>('select distance_unit from users where id = $1', [userIds[role]]))!.distance_unit;
      expect(await outcome('owner', { op: 'PATCH', table: 'users', id: userIds.owner, data: { distance_unit: 'km' } })).toBe('ok');
      expect(await unit('owner')).toBe('km');
      expect(await outcome('owner', { op: 'PATCH', table: 'users', id: userIds.owner, data: { distance_unit: 'mi' } })).toBe('ok');
      expect(await unit('owner')).toBe('mi');
      expect(await outcome('owner', { op: 'PATCH', table: 'users', id: userIds.owner, data: { distance_unit: 'furlong' } })).toBe('invalid_value');
      expect(await outcome('owner', { op: 'PATCH', table: 'users', id: userIds.owner, data: { distance_unit: null } })).toBe('invalid_value');
      expect(await unit('owner')).toBe('mi');
      expect(await outcome('stranger', { op: 'PATCH', table: 'users', id: userIds.owner, data: { distance_unit: 'km' } })).toBe('permission_denied');
      expect(await unit('owner')).toBe('mi');
      expect(await unit('stranger')).toBe('km');
    });
  });

  describe('sync', () => {
    const clients = {} as Record<'owner' | 'stranger' | 'worker', SyncClient>;
    const ids = async (client: SyncClient, table: RecordTable, vehicleId: string) =>
      (await client.db.getAll<{ id: string }>(`select id from ${table} where vehicle_id = ? order by id`, [vehicleId])).map((r) => r.id);
    const serverIds = async (table: RecordTable, vehicleId: string) =>
      (await server.db.query<{ id: string }>(`select id from ${table} where vehicle_id = $1 order by id`, [vehicleId])).map((r) => r.id);

    beforeAll(async () => {
      // Everything written so far is replicated before the devices connect: their first sync holds all of it.
      await server.sync.replicator.idle();
      clients.owner = await openSyncClient({ server }, userIds.owner);
      clients.stranger = await openSyncClient({ server }, userIds.stranger);
      clients.worker = await openSyncClient({ server }, userIds.worker);
    });
    afterAll(async () => {
      for (const client of Object.values(clients)) await client?.close();
    });

    it("the owner's device holds the vehicle's readings, reminders and completions, and the person's distance unit", async () => {
      for (const vehicleId of [bronco, camper]) {
        for (const table of RECORDS) {
          const expected = await serverIds(table, vehicleId);
          expect(expected.length, table).toBeGreaterThan(0);
          await clients.owner.waitFor(async () => JSON.stringify(await ids(clients.owner, table, vehicleId)) === JSON.stringify(expected), `${table} on the owner's device`);
        }
      }
      expect(await clients.owner.db.get('select value, unit, read_on, deleted_at from odometer_readings where id = ?', [made.ownerReading])).toEqual({
        value: 42_000, unit: 'km', read_on: '2026-05-01', deleted_at: null,
      });
      expect(
        await clients.owner.db.get('select title, due_on, due_distance, distance_unit, every_months, every_distance, email from vehicle_reminders where id = ?', [made.ownerReminder]),
      ).toEqual({ title: 'Oil change', due_on: '2026-12-01', due_distance: 50_000, distance_unit: 'km', every_months: 12, every_distance: 10_000, email: 1 });
      expect(await clients.owner.db.get('select reminder_id, reading_id, done_on from reminder_completions where id = ?', [made.ownerCompletion])).toEqual({
        reminder_id: made.ownerReminder, reading_id: made.ownerReading, done_on: '2026-05-01',
      });
      expect(await clients.owner.db.get('select distance_unit from users where id = ?', [userIds.owner])).toEqual({ distance_unit: 'mi' });
      // The server's own columns stay on the server.
      expect(Object.keys(await clients.owner.db.get('select * from vehicle_reminders where id = ?', [made.ownerReminder]))).not.toContain('owner_id');
    });

    it("a stranger's device holds none of them, nor the owner's distance unit", async () => {
      for (const table of RECORDS) expect(await clients.stranger.rows(table), table).toEqual([]);
      expect(await clients.stranger.db.getOptional('select distance_unit from users where id = ?', [userIds.owner])).toBeNull();
      expect(await clients.stranger.db.get('select distance_unit from users where id = ?', [userIds.stranger])).toEqual({ distance_unit: 'km' });
      // The worker holds its own Supra's records and none of the owner's.
      for (const table of ['odometer_readings', 'vehicle_reminders'] as const) {
        expect(await ids(clients.worker, table, supra), table).toEqual(await serverIds(table, supra));
        expect(await ids(clients.worker, table, bronco), table).toEqual([]);
        expect(await ids(clients.worker, table, camper), table).toEqual([]);
      }
    });

    it('a new record reaches the owner live; a later one of the stranger reaches the stranger without the first', async () => {
      const fresh = newId();
      expect(await outcome('owner', reading('owner', bronco, { read_on: '2026-07-01', value: 45_000 }, fresh))).toBe('ok');
      await clients.owner.waitFor(async () => (await ids(clients.owner, 'odometer_readings', bronco)).includes(fresh), "the new reading on the owner's device");
      // The stranger's own change, written after the owner's, shows on the stranger's device: by then the owner's would have too.
      const mine = newId();
      expect(await outcome('stranger', { op: 'PUT', table: 'vehicles', id: mine, data: { name: 'Stranger car', user_id: userIds.stranger } })).toBe('ok');
      expect(await outcome('stranger', reading('stranger', mine, { value: 5 }))).toBe('ok');
      expect(await outcome('stranger', { op: 'PATCH', table: 'users', id: userIds.stranger, data: { distance_unit: 'mi' } })).toBe('ok');
      await clients.stranger.waitFor(
        async () => (await ids(clients.stranger, 'odometer_readings', mine)).length === 1 && (await clients.stranger.db.get<{ distance_unit: string }>('select distance_unit from users where id = ?', [userIds.stranger])).distance_unit === 'mi',
        "the stranger's own reading and unit on the stranger's device",
      );
      expect((await clients.stranger.rows<{ vehicle_id: string }>('odometer_readings', 'vehicle_id')).map((r) => r.vehicle_id)).toEqual([mine]);
      expect(await clients.stranger.rows('vehicle_reminders')).toEqual([]);
      expect(await clients.stranger.rows('reminder_completions')).toEqual([]);
    });

    it("when an admin moves a vehicle to another owner, its records leave the previous owner's device and reach the new one's", async () => {
      const camperRecords = Object.fromEntries(await Promise.all(RECORDS.map(async (t) => [t, await serverIds(t, camper)] as const))) as Record<RecordTable, string[]>;
      for (const table of RECORDS) {
        expect(camperRecords[table].length, table).toBeGreaterThan(0);
        expect(await ids(clients.worker, table, camper), table).toEqual([]);
      }
      await devices.admin.client(VehicleService).transferOwnership({ vehicleId: camper, email: 'worker@tagbook.test' });
      for (const table of RECORDS) {
        expect(await server.db.query(`select distinct owner_id from ${table} where vehicle_id = $1`, [camper]), table).toEqual([{ owner_id: userIds.worker }]);
      }
      for (const table of RECORDS) {
        await clients.worker.waitFor(
          async () => JSON.stringify(await ids(clients.worker, table, camper)) === JSON.stringify(camperRecords[table]),
          `the camper's ${table} on the new owner's device`,
        );
        await clients.owner.waitFor(async () => (await ids(clients.owner, table, camper)).length === 0, `the camper's ${table} leaving the previous owner's device`);
      }
      // The Bronco's stay with its owner.
      expect(await ids(clients.owner, 'vehicle_reminders', bronco)).toEqual(await serverIds('vehicle_reminders', bronco));
      // And the new owner writes on them now; the previous owner no longer can.
      expect(await outcome('worker', completion('worker', camper, made.camperReminder, { done_on: '2026-08-01' }))).toBe('ok');
      expect(await outcome('owner', completion('owner', camper, made.camperReminder, { done_on: '2026-08-02' }))).toBe('not_found');
    });
  });

  describe('the mail when a reminder falls due', () => {
    // Days far ahead of the real clock: the server's own timer (which runs the job with the real time) never finds these
    // reminders due by their day, so every mail counted here was sent by the runs the tests make.
    const NOW = new Date('2040-06-15T12:00:00.000Z');
    const LINK = 'http://example.test';
    let vehicle: string;
    let driverEmail: string;

    const run = (now = NOW) => mailDueReminders(server.db, LINK, now);
    const mails = (to: string, title: string) =>
      server.db.query<{ subject: string; body_text: string }>('select subject, body_text from mail_outbox where to_address = $1 and subject like $2 order by created_at', [
        to, `%${title}%`,
      ]);
    /** A reminder of the driver's vehicle, uploaded by the driver. */
    async function driverReminder(title: string, over: Record<string, unknown> = {}, vehicleId = vehicle): Promise<string> {
      const id = newId();
      expect(await outcome('driver', reminder('driver', vehicleId, { title, due_on: '2040-06-01', due_distance: null, every_months: null, every_distance: null, ...over }, id))).toBe('ok');
      return id;
    }
    async function driverReading(value: number, readOn: string, vehicleId = vehicle, unit = 'km'): Promise<string> {
      const id = newId();
      expect(await outcome('driver', reading('driver', vehicleId, { value, read_on: readOn, unit }, id))).toBe('ok');
      return id;
    }

    beforeAll(async () => {
      vehicle = newId();
      expect(await outcome('driver', { op: 'PUT', table: 'vehicles', id: vehicle, data: { name: 'Daily Golf', user_id: userIds.driver } })).toBe('ok');
      driverEmail = (await one<{ email: string }>('select email from users where id = $1', [userIds.driver]))!.email;
      expect(driverEmail).toBe('driver@tagbook.test');
    });

    it("mails the vehicle's owner once when a reminder's day has passed, with a link to the vehicle's maintenance", async () => {
      await driverReminder('Annual inspection');
      await run();
      const sent = await mails(driverEmail, 'Annual inspection');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toContain('Annual inspection');
      expect(sent[0]!.subject).toContain('Daily Golf');
      expect(sent[0]!.body_text).toContain(`${LINK}/vehicle/${vehicle}/maintenance`);
      expect(sent[0]!.body_text).toContain('2040-06-01');
      // Running again (and again later) sends nothing more for the same due point.
      await run();
      await run(new Date('2040-07-15T00:00:00.000Z'));
      expect(await mails(driverEmail, 'Annual inspection')).toHaveLength(1);
    });

    it('sends nothing for a reminder not yet due, one that does not mail, or one removed', async () => {
      await driverReminder('Not yet', { due_on: '2040-06-16' });
      await driverReminder('Quiet one', { email: 0 });
      const removed = await driverReminder('Removed one');
      expect(await outcome('driver', { op: 'PATCH', table: 'vehicle_reminders', id: removed, data: { deleted_at: '2026-06-01T00:00:00.000Z' } })).toBe('ok');
      await run();
      for (const title of ['Not yet', 'Quiet one', 'Removed one']) expect(await mails(driverEmail, title), title).toEqual([]);
      // Its day comes: then it mails, once.
      await run(new Date('2040-06-16T00:00:00.000Z'));
      expect(await mails(driverEmail, 'Not yet')).toHaveLength(1);
      for (const title of ['Quiet one', 'Removed one']) expect(await mails(driverEmail, title), title).toEqual([]);
    });

    it('mails a distance reminder when a reading reaches its distance, in either unit', async () => {
      const car = newId();
      expect(await outcome('driver', { op: 'PUT', table: 'vehicles', id: car, data: { name: 'Distance car', user_id: userIds.driver } })).toBe('ok');
      await driverReminder('Timing belt', { due_on: null, due_distance: 120_000, distance_unit: 'km' }, car);
      await driverReading(100_000, '2040-01-01', car);
      await run();
      expect(await mails(driverEmail, 'Timing belt')).toEqual([]);
      await driverReading(119_999, '2040-02-01', car);
      await run();
      expect(await mails(driverEmail, 'Timing belt')).toEqual([]);
      // 74,565 miles is 120,000 km (rounded): the reading reaches it.
      await driverReading(74_565, '2040-03-01', car, 'mi');
      await run();
      const sent = await mails(driverEmail, 'Timing belt');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body_text).toContain('120,000 km');
      await run();
      expect(await mails(driverEmail, 'Timing belt')).toHaveLength(1);
    });

    it('after a completion, a repeating reminder mails again only when its next due point falls due', async () => {
      const id = await driverReminder('Service', { due_on: '2040-06-01', every_months: 12 });
      await run();
      expect(await mails(driverEmail, 'Service')).toHaveLength(1);
      expect(await outcome('driver', completion('driver', vehicle, id, { done_on: '2040-06-10' }))).toBe('ok');
      await run();
      await run(new Date('2041-06-09T23:59:00.000Z'));
      expect(await mails(driverEmail, 'Service')).toHaveLength(1);
      await run(new Date('2041-06-10T08:00:00.000Z'));
      const sent = await mails(driverEmail, 'Service');
      expect(sent).toHaveLength(2);
      expect(sent[1]!.body_text).toContain('2041-06-10');
      await run(new Date('2045-01-01T00:00:00.000Z'));
      expect(await mails(driverEmail, 'Service')).toHaveLength(2);
      // A reminder that does not repeat is done with its completion: no more mails, however late.
      const once = await driverReminder('One-off recall');
      await run();
      expect(await outcome('driver', completion('driver', vehicle, once, { done_on: '2040-06-14' }))).toBe('ok');
      await run(new Date('2060-01-01T00:00:00.000Z'));
      expect(await mails(driverEmail, 'One-off recall')).toHaveLength(1);
    });

    it('two runs at once store one mail', async () => {
      await driverReminder('Concurrent check');
      await Promise.all([run(), run()]);
      expect(await mails(driverEmail, 'Concurrent check')).toHaveLength(1);
    });

    it('a contradicting, mistyped high reading does not make a distance reminder due', async () => {
      const car = newId();
      expect(await outcome('driver', { op: 'PUT', table: 'vehicles', id: car, data: { name: 'Typo car', user_id: userIds.driver } })).toBe('ok');
      await driverReminder('Clutch', { due_on: null, due_distance: 100_000 }, car);
      await driverReading(10_000, '2040-01-01', car);
      await driverReading(150_000, '2040-02-01', car); // meant 15,000
      await driverReading(16_000, '2040-03-01', car);
      await driverReading(17_000, '2040-04-01', car);
      await run();
      expect(await mails(driverEmail, 'Clutch')).toEqual([]);
    });

    it('mails whoever owns the vehicle now, not who set the reminder', async () => {
      const car = newId();
      expect(await outcome('driver', { op: 'PUT', table: 'vehicles', id: car, data: { name: 'Sold car', user_id: userIds.driver } })).toBe('ok');
      await driverReminder('Handover check', {}, car);
      await devices.admin.client(VehicleService).transferOwnership({ vehicleId: car, email: 'stranger@tagbook.test' });
      await run();
      expect(await mails(driverEmail, 'Handover check')).toEqual([]);
      expect(await mails('stranger@tagbook.test', 'Handover check')).toHaveLength(1);
    });
  });
});

