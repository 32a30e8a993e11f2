import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { WRITABLE_COLUMNS } from '../../server/writes/tables.js';
import { newId } from '../../src/domain/ids.js';
import { WORK_START, WORK_STOP } from '../../src/domain/worktime.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { upload as send } from '../helpers/upload.js';

const backends = await testBackends();

/**
 * What a refusal says is read by the person whose change was undone: it names what they did wrong, never the
 * database's view of it (a relation, a column, a constraint). Each case here reached the database before the policy
 * refused it, and came back as PostgreSQL's own words.
 */
const SCHEMA_WORDS = /relation|column|constraint|violat|null value|foreign key|duplicate key|syntax|database|\b[a-z]+_[a-z_]+\b/i;

type Role = 'admin' | 'owner' | 'worker';
type Op = 'PUT' | 'PATCH';

describe.each(backends)('refused sync writes speak of the change, not the schema, on %s', (backend) => {
  let server: TestServer;
  const devices = {} as Record<Role, TestDevice>;
  const ids = {} as Record<'admin' | 'owner' | 'worker' | 'red911' | 'info' | 'request' | 'company' | 'customer', string>;

  const one = async <T,>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0]!;
  const upload = (role: Role, table: string, id: string, op: Op, data: Record<string, unknown>) => send(devices[role], { table, id, op, data });
  const rowCount = async (table: string, id: string) => Number((await one<{ n: string }>(`select count(*) as n from ${table} where id = $1`, [id])).n);

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    for (const role of ['admin', 'owner', 'worker'] as const) {
      devices[role] = await TestDevice.create(server);
      await devices[role].signIn(`${role}@tagbook.test`, { admin: 'tagbook-admin', owner: 'tagbook-demo', worker: 'tagbook-worker' }[role]);
      ids[role] = (await one<{ id: string }>('select id from users where email = $1', [`${role}@tagbook.test`])).id;
    }
    ids.red911 = (await one<{ id: string }>(`select id from vehicles where name = 'Red 911'`)).id;
    ids.info = (await one<{ id: string }>('select id from vehicles_info where vehicle_id = $1', [ids.red911])).id;
    ids.request = (await one<{ id: string }>('select id from service_requests order by created_at limit 1')).id;
    ids.company = (await one<{ id: string }>(`select id from companies where name = 'Tagbook Garage'`)).id;
    ids.customer = (await one<{ id: string }>(`select id from customers where name = 'Jordan Reyes'`)).id;
  });
  afterAll(async () => server?.stop());

  const note = (over: Record<string, unknown> = {}) => ({ vehicle_id: ids.red911, user_id: ids.owner, body: 'Oil changed', ...over });
  const track = (over: Record<string, unknown> = {}) => ({ vehicle_id: ids.red911, user_id: ids.owner, held_on: '2026-03-01', circuit: 'Laguna Seca', ...over });
  const stop = (over: Record<string, unknown> = {}) => ({ user_id: ids.worker, service_request_id: ids.request, operation: WORK_STOP, time: new Date().toISOString(), ...over });

  // [who, what, table, op, values (a function: ids are known once the server runs), a PATCH's row id or null for a new one]
  const cases: [Role, string, string, Op, () => Record<string, unknown>, (() => string) | null][] = [
    ['owner', 'clears their name to nothing', 'users', 'PATCH', () => ({ display_name: null }), () => ids.owner],
    ['owner', 'leaves a vehicle neither public nor private', 'vehicles', 'PATCH', () => ({ is_public: null }), () => ids.red911],
    ['owner', 'writes a note without text', 'vehicle_notes', 'PUT', () => note({ body: undefined }), null],
    ['owner', 'writes a note of blanks', 'vehicle_notes', 'PUT', () => note({ body: '   ' }), null],
    ['owner', 'writes a note neither public nor private', 'vehicle_notes', 'PUT', () => note({ is_public: null }), null],
    ['owner', 'logs a track session without its day', 'track_sessions', 'PUT', () => track({ held_on: undefined }), null],
    ['owner', 'logs a track session without its circuit', 'track_sessions', 'PUT', () => track({ circuit: undefined }), null],
    ['owner', 'logs a track session at a circuit of blanks', 'track_sessions', 'PUT', () => track({ circuit: ' ' }), null],
    ['worker', 'adds a customer without a name', 'customers', 'PUT', () => ({ company_id: ids.company, email: 'x@example.com' }), null],
    ['admin', "stops a clock naming nobody", 'worktime', 'PUT', () => stop({ user_id: null }), null],
    ['admin', "stops the clock of an account that does not exist", 'worktime', 'PUT', () => stop({ user_id: newId() }), null],
    ['admin', 'gives a vehicle the year 0', 'vehicles_info', 'PATCH', () => ({ year: 0 }), () => ids.info],
    ['admin', 'names a customer that does not exist', 'vehicles_info', 'PATCH', () => ({ customer_id: newId() }), () => ids.info],
    ['admin', 'opens a request for a company that does not exist', 'service_requests', 'PUT', () => ({ vehicle_id: ids.red911, description: 'Brakes', company_id: newId() }), null],
    ['admin', 'opens a request on a vehicle that does not exist', 'service_requests', 'PUT', () => ({ vehicle_id: newId(), description: 'Brakes' }), null],
    ['admin', 'gives a vehicle to an account that does not exist', 'vehicles', 'PATCH', () => ({ user_id: newId() }), () => ids.red911],
    ['admin', 'points a tag at a vehicle that does not exist', 'qr_tags', 'PATCH', () => ({ target_id: newId() }), () => 'DEMOFREE0001'],
    ['admin', 'creates a company without a name', 'companies', 'PUT', () => ({ short_info: 'x' }), null],
    ['admin', 'employs someone without naming them', 'company_employees', 'PUT', () => ({ company_id: ids.company, type: 'worker' }), null],
    ['admin', 'ends an employment before it starts', 'company_employees', 'PUT', () => ({ company_id: ids.company, user_id: ids.owner, type: 'worker', start_date: '2026-02-01T00:00:00Z', end_date: '2026-01-01T00:00:00Z' }), null],
  ];

  it.each(cases)('%s %s: refused in words, nothing stored', async (role, _what, table, op, values, rowId) => {
    const id = rowId?.() ?? newId();
    const before = op === 'PUT' ? await rowCount(table, id) : null;
    const res = await upload(role, table, id, op, values());
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]!.message).not.toMatch(SCHEMA_WORDS);
    expect(res.errors[0]!.message.length).toBeGreaterThan(10);
    if (before !== null) expect(await rowCount(table, id)).toBe(before);
  });

  it('the same writes, made whole, are applied (the allowed side)', async () => {
    const applied = async (role: Role, table: string, values: Record<string, unknown>, op: Op = 'PUT', id = newId()) => {
      expect((await upload(role, table, id, op, values)).errors, `${role} ${table}`).toEqual([]);
      return id;
    };
    await applied('owner', 'users', { display_name: '' }, 'PATCH', ids.owner);
    await applied('owner', 'vehicles', { is_public: true }, 'PATCH', ids.red911);
    await applied('owner', 'vehicle_notes', note());
    await applied('owner', 'track_sessions', track());
    await applied('worker', 'customers', { company_id: ids.company, name: 'Sam Lee' });
    await applied('worker', 'worktime', { service_request_id: ids.request, operation: WORK_START, time: new Date().toISOString() });
    await applied('admin', 'worktime', stop());
    await applied('admin', 'vehicles_info', { year: 2019, customer_id: ids.customer }, 'PATCH', ids.info);
    await applied('admin', 'service_requests', { vehicle_id: ids.red911, description: 'Brakes', company_id: ids.company });
    await applied('admin', 'qr_tags', { target_id: ids.red911 }, 'PATCH', 'DEMOFREE0002');
    await applied('admin', 'companies', { name: 'Second Garage' });
    await applied('admin', 'company_employees', { company_id: ids.company, user_id: ids.owner, type: 'worker', start_date: '2026-01-01T00:00:00Z', end_date: '2026-02-01T00:00:00Z' });
  });

  it('a refusal the database still makes is a plain sentence; what it said stays in the server log', async () => {
    const rules = WRITABLE_COLUMNS.vehicles as Record<string, unknown>;
    rules.ghost = { kind: 'text', max: 10 };
    const logged: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => logged.push(args.map(String).join(' '));
    try {
      const res = await upload('owner', 'vehicles', ids.red911, 'PATCH', { ghost: 'boo' });
      expect(res.errors.map((e) => e.code)).toEqual(['invalid_value']);
      expect(res.errors[0]!.message).not.toMatch(SCHEMA_WORDS);
    } finally {
      console.warn = warn;
      delete rules.ghost;
    }
    expect(logged.join('\n')).toMatch(/ghost/);
  });
});
