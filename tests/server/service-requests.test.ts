import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { MAX_CLOCK_SKEW_MS } from '../../src/domain/clock.js';
import { newId } from '../../src/domain/ids.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { summarizeWork, totalAt, WORK_START, WORK_STOP } from '../../src/domain/worktime.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { refusalCodes, upload as send, type Change } from '../helpers/upload.js';

const backends = await testBackends();
const { REQUESTED, SCHEDULED, STARTED, COMPLETED } = REQUEST_STATUS;
const HOUR = 3_600_000;
const OPENED_AGO = 7 * 24 * HOUR;

type Kind = 'PUT' | 'PATCH' | 'DELETE';

/**
 * Service requests and work time through the real upload path, per role: the vehicle's owner, the company's current
 * employee and a colleague, a former employee, a stranger, an admin — each rule's allowed and refused side.
 */
describe.each(backends)('service requests and work time uploads on %s', (backend) => {
  let server: TestServer;
  const devices = {} as Record<'owner' | 'worker' | 'colleague' | 'former' | 'stranger' | 'admin', TestDevice>;
  const ids = {} as Record<'owner' | 'worker' | 'colleague' | 'former' | 'stranger' | 'admin' | 'company' | 'bronco' | 'camper', string>;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0]!;
  const request = (id: string) =>
    one<{ company_id: string | null; user_id: string; description: string; vehicle_service_status_id: number; completed_at: Date | null;
      has_started: boolean; assigned_user_id: string | null; deleted_at: Date | null; updated_by: string }>(
      'select * from service_requests where id = $1', [id]);

  const upload = async (who: keyof typeof devices, entries: Change[]) => refusalCodes(await send(devices[who], entries));
  /** The reasons given for what was refused, as the person reads them. */
  const reasons = async (who: keyof typeof devices, entries: Change[]) => (await send(devices[who], entries)).errors.map((e) => e.message);

  /**
   * Opens a request as the admin, on the Bronco for the company unless said otherwise, and returns its id. It was
   * made (on the admin's device) a week ago, so work on it may have started days ago.
   */
  async function open(data: Record<string, unknown> = {}): Promise<string> {
    const id = newId();
    const made = new Date(Date.now() - OPENED_AGO).toISOString();
    expect(await upload('admin', [{ op: 'PUT', table: 'service_requests', id, data: { vehicle_id: ids.bronco, company_id: ids.company, description: 'Brakes', created_at: made, ...data } }])).toEqual([]);
    return id;
  }
  const work = (requestId: string, operation: number, time: number, more: Record<string, unknown> = {}): Record<string, unknown> => ({
    service_request_id: requestId, operation, time: new Date(time).toISOString(), ...more,
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    const signIns: Array<[keyof typeof devices, string, string]> = [
      ['owner', 'owner@tagbook.test', 'tagbook-demo'], ['worker', 'worker@tagbook.test', 'tagbook-worker'], ['admin', 'admin@tagbook.test', 'tagbook-admin'],
    ];
    for (const [who, email, password] of signIns) {
      devices[who] = await TestDevice.create(server);
      await devices[who].signIn(email, password);
    }
    for (const who of ['colleague', 'former', 'stranger'] as const) {
      devices[who] = await TestDevice.create(server);
      await devices[who].register(`${who}@example.com`, `${who}-password`);
    }
    for (const who of Object.keys(devices) as Array<keyof typeof devices>) ids[who] = devices[who].session!.userId;
    ids.company = (await one<{ id: string }>(`select id from companies where name = 'Tagbook Garage'`)).id;
    ids.bronco = (await one<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`)).id;
    ids.camper = (await one<{ id: string }>(`select id from vehicles where name = 'Camper van'`)).id;
    for (const [who, end] of [['colleague', null], ['former', new Date(Date.now() - HOUR)]] as const) {
      await server.db.query(
        `insert into company_employees (id, user_id, company_id, type, start_date, end_date) values ($1, $2, $3, 'worker', $4, $5)`,
        [newId(), ids[who], ids.company, new Date(Date.now() - 30 * 24 * HOUR), end],
      );
    }
  });
  afterAll(async () => server?.stop());

  describe('opening a request', () => {
    it("sends an owner's request to the company whose customer owns the vehicle, as requested by them", async () => {
      const id = newId();
      expect(await upload('owner', [{ op: 'PUT', table: 'service_requests', id, data: { vehicle_id: ids.bronco, description: 'Squeak at the rear' } }])).toEqual([]);
      expect(await request(id)).toMatchObject({
        company_id: ids.company, user_id: ids.owner, updated_by: ids.owner, vehicle_service_status_id: REQUESTED, has_started: false, completed_at: null,
      });
      const personal = newId();
      expect(await upload('owner', [{ op: 'PUT', table: 'service_requests', id: personal, data: { vehicle_id: ids.camper, description: 'Winterize' } }])).toEqual([]);
      expect((await request(personal)).company_id).toBeNull();
    });

    it.each<[keyof typeof devices, string, string[]]>([
      ['worker', "the company's employee, on a customer's vehicle", []],
      ['admin', 'an admin', []],
      ['colleague', 'another current employee', []],
      ['former', 'a former employee', ['not_found']],
      ['stranger', 'a stranger', ['not_found']],
      ['owner', "the vehicle's owner, for the company", []],
    ])('%s (%s) on the Bronco for the company → %j', async (who, _what, expected) => {
      const id = newId();
      expect(await upload(who, [{ op: 'PUT', table: 'service_requests', id, data: { vehicle_id: ids.bronco, company_id: ids.company, description: 'Tyres' } }])).toEqual(expected);
      expect(await server.db.query('select 1 from service_requests where id = $1', [id])).toHaveLength(expected.length === 0 ? 1 : 0);
    });

    it("refuses an employee's request on a vehicle that is no customer's of the company", async () => {
      expect(await upload('worker', [{ op: 'PUT', table: 'service_requests', id: newId(), data: { vehicle_id: ids.camper, company_id: ids.company, description: 'x' } }])).toEqual(['not_found']);
    });

    it.each<[string, Record<string, unknown>]>([
      ['no description', { description: '   ' }],
      ['an unknown status', { vehicle_service_status_id: 42 }],
      ['a completed status', { vehicle_service_status_id: COMPLETED }],
      ['a schedule that ends before it starts', { schedule_start: '2026-05-02T10:00:00Z', schedule_end: '2026-05-02T09:00:00Z' }],
      ['an assignee who does not work for the company', { assigned_user_id: 'x'.repeat(22) }],
    ])('refuses %s as an invalid value, admins included', async (_what, data) => {
      const id = newId();
      expect(await upload('admin', [{ op: 'PUT', table: 'service_requests', id, data: { vehicle_id: ids.bronco, company_id: ids.company, description: 'Brakes', ...data } }])).toEqual(['invalid_value']);
      expect(await server.db.query('select 1 from service_requests where id = $1', [id])).toEqual([]);
    });
  });

  describe('changing a request', () => {
    it.each<[keyof typeof devices, string[]]>([
      ['worker', []], ['colleague', []], ['owner', []], ['admin', []], ['former', ['not_found']], ['stranger', ['not_found']],
    ])('%s edits the description → %j', async (who, expected) => {
      const id = await open();
      expect(await upload(who, [{ op: 'PATCH', table: 'service_requests', id, data: { description: `Edited by ${who}` } }])).toEqual(expected);
      expect((await request(id)).description).toBe(expected.length === 0 ? `Edited by ${who}` : 'Brakes');
    });

    it('moves a request only along the lifecycle, setting completed_at on completion and clearing it on reopening', async () => {
      const id = await open();
      const move = (who: keyof typeof devices, status: number) =>
        upload(who, [{ op: 'PATCH', table: 'service_requests', id, data: { vehicle_service_status_id: status } }]);
      expect(await move('admin', COMPLETED)).toEqual(['invalid_value']);
      expect(await move('worker', SCHEDULED)).toEqual([]);
      expect(await move('worker', STARTED)).toEqual([]);
      expect(await request(id)).toMatchObject({ has_started: true, completed_at: null });
      const completedOnDevice = new Date(Date.now() - HOUR).toISOString();
      expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id, data: { vehicle_service_status_id: COMPLETED, completed_at: completedOnDevice } }])).toEqual([]);
      expect((await request(id)).completed_at?.toISOString()).toBe(completedOnDevice);
      expect(await move('owner', REQUESTED)).toEqual(['invalid_value']);
      expect(await move('owner', STARTED)).toEqual([]);
      expect(await request(id)).toMatchObject({ vehicle_service_status_id: STARTED, completed_at: null, has_started: true });
    });

    it.each<[string, string]>([
      ['in 1901', '1901-01-01T00:00:00.000Z'],
      ['before the request was opened', new Date(Date.now() - OPENED_AGO - 24 * HOUR).toISOString()],
      ['a day ahead of the server', new Date(Date.now() + 24 * HOUR).toISOString()],
    ])('completes a request whose completion time is %s, dated at the server\'s time instead', async (_what, completedAt) => {
      const id = await open({ vehicle_service_status_id: SCHEDULED });
      expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id, data: { vehicle_service_status_id: STARTED } }])).toEqual([]);
      const before = Date.now();
      expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id, data: { vehicle_service_status_id: COMPLETED, completed_at: completedAt } }])).toEqual([]);
      const { completed_at, vehicle_service_status_id } = await request(id);
      expect(vehicle_service_status_id).toBe(COMPLETED);
      expect(completed_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(completed_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('removes a request whose removal time cannot be true, dated at the server\'s time instead', async () => {
      const id = await open();
      const before = Date.now();
      expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id, data: { deleted_at: '1901-01-01T00:00:00.000Z' } }])).toEqual([]);
      expect((await request(id)).deleted_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('assigns only current employees of the request\'s company, and keeps an assignee who left on other edits', async () => {
      const id = await open();
      const assign = (who: keyof typeof devices, userId: string) =>
        upload(who, [{ op: 'PATCH', table: 'service_requests', id, data: { assigned_user_id: userId } }]);
      expect(await assign('worker', ids.colleague)).toEqual([]);
      expect(await assign('worker', ids.former)).toEqual(['invalid_value']);
      expect(await assign('admin', ids.stranger)).toEqual(['invalid_value']);
      await server.db.query('update company_employees set end_date = now() where user_id = $1', [ids.colleague]);
      try {
        expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id, data: { description: 'Still theirs' } }])).toEqual([]);
        expect((await request(id)).assigned_user_id).toBe(ids.colleague);
      } finally {
        await server.db.query('update company_employees set end_date = null where user_id = $1', [ids.colleague]);
      }
    });

    it('keeps a request on its vehicle and, for everyone but admins, in its company', async () => {
      const id = await open();
      expect(await upload('admin', [{ op: 'PATCH', table: 'service_requests', id, data: { vehicle_id: ids.camper } }])).toEqual(['permission_denied']);
      expect(await upload('owner', [{ op: 'PATCH', table: 'service_requests', id, data: { company_id: null } }])).toEqual(['permission_denied']);
      expect((await request(id)).company_id).toBe(ids.company);
    });

    it('soft-deletes for those who handle the request; deleting the row is for admins', async () => {
      const id = await open();
      expect(await upload('worker', [{ op: 'DELETE', table: 'service_requests', id }])).toEqual(['permission_denied']);
      expect(await upload('stranger', [{ op: 'PATCH', table: 'service_requests', id, data: { deleted_at: new Date().toISOString() } }])).toEqual(['not_found']);
      expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id, data: { deleted_at: new Date().toISOString() } }])).toEqual([]);
      expect((await request(id)).deleted_at).not.toBeNull();
      const other = await open();
      expect(await upload('admin', [{ op: 'DELETE', table: 'service_requests', id: other }])).toEqual([]);
    });
  });

  describe('work time', () => {
    const records = (requestId: string) =>
      server.db.query<{ id: string; user_id: string; operation: number; time: Date; change_time: Date }>(
        'select id, user_id, operation, time, change_time from worktime where service_request_id = $1', [requestId]);
    const total = async (requestId: string, now = Date.now()) =>
      totalAt(summarizeWork((await records(requestId)).map((r) => ({ id: r.id, userId: r.user_id, operation: r.operation, time: r.time.getTime() }))), now);

    it.each<[keyof typeof devices, string[]]>([
      ['worker', []], ['colleague', []], ['admin', []], ['owner', ['not_found']], ['former', ['not_found']], ['stranger', ['not_found']],
    ])('%s starts their own clock → %j', async (who, expected) => {
      const id = await open();
      expect(await upload(who, [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, Date.now()) }])).toEqual(expected);
      expect(await records(id)).toHaveLength(expected.length === 0 ? 1 : 0);
    });

    it("lets only admins stop someone else's clock, and nobody start it", async () => {
      const id = await open();
      const start = Date.now() - HOUR;
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, start) }])).toEqual([]);
      const stopFor = (who: keyof typeof devices) =>
        upload(who, [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_STOP, start + HOUR / 2, { user_id: ids.worker }) }]);
      expect(await stopFor('colleague')).toEqual(['permission_denied']);
      expect(await upload('admin', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, start, { user_id: ids.colleague }) }])).toEqual(['permission_denied']);
      expect(await stopFor('admin')).toEqual([]);
      expect(await total(id)).toBe(HOUR / 2);
    });

    it('lets the person stopping correct the start; only the time of a record can change, and only by its owner or an admin', async () => {
      const id = await open();
      const startId = newId();
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: startId, data: work(id, WORK_START, Date.now() - HOUR) }])).toEqual([]);
      const corrected = Date.now() - 2 * HOUR;
      expect(await upload('colleague', [{ op: 'PATCH', table: 'worktime', id: startId, data: { time: new Date(corrected).toISOString() } }])).toEqual(['permission_denied']);
      expect(await upload('worker', [{ op: 'PATCH', table: 'worktime', id: startId, data: { operation: WORK_STOP } }])).toEqual(['permission_denied']);
      expect(await upload('worker', [
        { op: 'PATCH', table: 'worktime', id: startId, data: { time: new Date(corrected).toISOString() } },
        { op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_STOP, corrected + 90 * 60_000) },
      ])).toEqual([]);
      expect(await total(id)).toBe(90 * 60_000);
      expect(await upload('worker', [{ op: 'DELETE', table: 'worktime', id: startId }])).toEqual(['permission_denied']);
    });

    it("keeps the device's time and stamps the server's own change time", async () => {
      const id = await open();
      const recordId = newId();
      const deviceTime = Date.now() - 3 * HOUR;
      const before = Date.now();
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: recordId, data: work(id, WORK_START, deviceTime) }])).toEqual([]);
      const [row] = await records(id);
      expect(row!.time.getTime()).toBe(deviceTime);
      expect(row!.change_time.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: { ...work(id, WORK_STOP, deviceTime), change_time: '2000-01-01T00:00:00Z' } }])).toEqual(['permission_denied']);
    });

    describe.each<keyof typeof devices>(['worker', 'admin'])('a work time that cannot be true, from the %s', (who) => {
      const opened = async () => {
        const id = await open();
        const { created_at } = await one<{ created_at: Date }>('select created_at from service_requests where id = $1', [id]);
        return { id, openedAt: created_at.getTime() };
      };

      it.each<[string, (openedAt: number) => number, string]>([
        ['on 1901-01-01', () => Date.parse('1901-01-01T00:00:00Z'), 'before the request was opened'],
        ['a day before the request was opened', (openedAt) => openedAt - 24 * HOUR, 'before the request was opened'],
        ['ahead of the server by more than a clock may be', () => Date.now() + 2 * MAX_CLOCK_SKEW_MS, "ahead of the server's clock"],
      ])('is refused with its reason: a start %s', async (_what, time, reason) => {
        const { id, openedAt } = await opened();
        const [message] = await reasons(who, [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, time(openedAt)) }]);
        expect(message).toContain(reason);
        expect(await records(id)).toEqual([]);
        expect(await total(id)).toBe(0);
      });

      it.each<[string, (openedAt: number) => number]>([
        ['a little before the request was opened (two clocks, each within the skew)', (openedAt) => openedAt - MAX_CLOCK_SKEW_MS],
        ['a little ahead of the server (a fast clock, within the skew)', () => Date.now() + MAX_CLOCK_SKEW_MS / 2],
      ])('is kept when it could be true: a start %s', async (_what, time) => {
        const { id, openedAt } = await opened();
        expect(await upload(who, [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, time(openedAt)) }])).toEqual([]);
        expect(await records(id)).toHaveLength(1);
      });

      it('is refused as a correction too: a start moved to 1901 keeps its time', async () => {
        const { id } = await opened();
        const startId = newId();
        const start = Date.now() - HOUR;
        expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: startId, data: work(id, WORK_START, start) }])).toEqual([]);
        const [message] = await reasons(who, [{ op: 'PATCH', table: 'worktime', id: startId, data: { time: '1901-01-01T00:00:00.000Z' } }]);
        expect(message).toContain('before the request was opened');
        expect((await records(id))[0]!.time.getTime()).toBe(start);
      });
    });

    it('keeps every record of two offline devices whose stretches overlap, and counts each moment once in the totals', async () => {
      const a = await open({ description: 'Brake pads' });
      const b = await open({ description: 'Oil change' });
      // Six days ago: no other stretch of the worker's in this file overlaps these (they would take part in the count).
      const t0 = Date.now() - 6 * 24 * HOUR;
      // The phone clocked A from t0 to t0+3h; the tablet, offline, clocked B from t0+1h to t0+2h.
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(a, WORK_START, t0) }])).toEqual([]);
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(b, WORK_START, t0 + HOUR) }])).toEqual([]);
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(b, WORK_STOP, t0 + 2 * HOUR) }])).toEqual([]);
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(a, WORK_STOP, t0 + 3 * HOUR) }])).toEqual([]);
      expect((await records(a)).length + (await records(b)).length).toBe(4);
      // The hour on B counts there alone: A keeps the two hours around it.
      const { serviceRequests } = await devices.owner.client(VehicleService).getVehicle({ vehicleId: ids.bronco });
      const workOf = (id: string) => Number(serviceRequests.find((r) => r.id === id)?.workMs);
      expect([workOf(a), workOf(b)]).toEqual([2 * HOUR, HOUR]);
    });

    it('lets a person stop their own running clock after leaving its company or its removal, and nobody else', async () => {
      const id = await open();
      const startedWhileEmployed = Date.now() - 2 * HOUR;
      await server.db.query('insert into worktime (id, user_id, service_request_id, operation, time) values ($1, $2, $3, $4, $5)', [
        newId(), ids.former, id, WORK_START, new Date(startedWhileEmployed),
      ]);
      const stop = (who: keyof typeof devices, requestId: string) =>
        upload(who, [{ op: 'PUT', table: 'worktime', id: newId(), data: work(requestId, WORK_STOP, Date.now()) }]);
      expect(await stop('stranger', id)).toEqual(['not_found']);
      expect(await upload('former', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, Date.now()) }])).toEqual(['not_found']);
      expect(await stop('former', id)).toEqual([]);
      // A removed request: the worker's clock there can still be stopped, by them; a colleague who never started cannot
      // (its work time is read-only, as the request is).
      const removed = await open();
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(removed, WORK_START, Date.now() - HOUR) }])).toEqual([]);
      expect(await upload('worker', [{ op: 'PATCH', table: 'service_requests', id: removed, data: { deleted_at: new Date().toISOString() } }])).toEqual([]);
      expect(await stop('colleague', removed)).toEqual(['invalid_value']);
      expect(await stop('worker', removed)).toEqual([]);
    });

    it("totals a worker's start and stop right when the stop arrives first and days later than the start", async () => {
      const id = await open();
      const start = Date.now() - 3 * 24 * HOUR;
      // The stop reaches the server before its start (two devices, or a queue replayed out of order)...
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_STOP, start + 2 * HOUR) }])).toEqual([]);
      expect(await total(id)).toBe(0);
      expect(await upload('worker', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, start) }])).toEqual([]);
      expect(await total(id)).toBe(2 * HOUR);
      // ...and a colleague's clock, stopped on a device that was offline for days, adds its own stretch.
      expect(await upload('colleague', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_START, start + HOUR) }])).toEqual([]);
      expect(await upload('colleague', [{ op: 'PUT', table: 'worktime', id: newId(), data: work(id, WORK_STOP, start + 4 * HOUR) }])).toEqual([]);
      expect(await total(id)).toBe(5 * HOUR);
    });
  });
});
