import type { Queryable } from '../../server/db/db.js';
import { newId } from '../../src/domain/ids.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { WORK_START } from '../../src/domain/worktime.js';
import { outcome } from './connect-errors.js';
import { TestDevice } from './device.js';
import { describeFile, jpegBytes, type TestFile } from './files.js';
import { storeFile, upload } from './upload.js';

/**
 * One company's world, for the tests that guard who may read and write it (rows written straight in the database;
 * accounts and the photo through the services, as devices make them): the
 * owner of a private vehicle, an administrator, the company's employees by the state of their link — current, ended
 * an hour ago, starting tomorrow — and a signed-in stranger, each with a signed-in device; the company, its customer
 * who owns the vehicle, a request on the vehicle for the company with a running clock, a photo attached to the
 * request, and the vehicle's tag. Every link is of a managing type, so what decides is the link's time, never its type.
 */

export const PEOPLE = ['owner', 'admin', 'current', 'ended', 'future', 'stranger'] as const;
export type Person = (typeof PEOPLE)[number];
/** Everyone who calls, the anonymous visitor included. */
export type Caller = Person | 'anonymous';
export const CALLERS: readonly Caller[] = [...PEOPLE, 'anonymous'];

/** The rows whose soft delete (deleted_at) must take away what they grant. */
export type Parent = 'customer' | 'company' | 'request';
/** The world as built, or with one parent soft-deleted. */
export type State = 'as built' | `${Parent} deleted`;
export const STATES: readonly State[] = ['as built', 'customer deleted', 'company deleted', 'request deleted'];

/** What each caller was answered: 'ok', or the refusal's code. */
export type Answers = Record<Caller, string>;

/** The answers expected in every state: those as built, with what a soft-deleted parent changes. */
export function inEveryState(asBuilt: Answers, changes: Partial<Record<State, Partial<Answers>>> = {}): Record<State, Answers> {
  return Object.fromEntries(STATES.map((state) => [state, { ...asBuilt, ...changes[state] }])) as Record<State, Answers>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Start and end of each employee's link, relative to now. */
const LINKS: Record<'current' | 'ended' | 'future', [startMs: number, endMs: number | null]> = {
  current: [-30 * DAY, null],
  ended: [-30 * DAY, -HOUR],
  future: [DAY, null],
};

export interface CompanyFixture {
  devices: Record<Caller, TestDevice>;
  ids: Record<Person, string> & {
    company: string;
    customer: string;
    /** A customer of no company: an administrator's alone. */
    loneCustomer: string;
    vehicle: string;
    /** The vehicle's info row, which names the customer. */
    info: string;
    request: string;
    /** The request's running clock: the current employee's start. */
    work: string;
    tag: string;
  };
  /** A photo attached to the request by the vehicle's owner, stored and downloadable. */
  photo: TestFile;
  /** Runs `fn` with the world in `state`, and puts the world back as built afterwards, whatever happens. */
  inState<T>(state: State, fn: () => Promise<T>): Promise<T>;
  /** One change uploaded through sync by `caller`'s device as its own transaction: 'ok', or the refusal's code. */
  upload(caller: Caller, op: 'PUT' | 'PATCH', table: string, id: string, data: Record<string, unknown>): Promise<string>;
  /** The same, answering what the device is told: 'ok', or the refusal's words. */
  refusal(caller: Person, op: 'PUT' | 'PATCH', table: string, id: string, data: Record<string, unknown>): Promise<string>;
  /** What `call` answers each caller in each state, callers one after another. */
  answers(call: (caller: Caller, state: State) => Promise<string>): Promise<Record<State, Answers>>;
}

const PARENT_TABLES: Record<Parent, string> = { customer: 'customers', company: 'companies', request: 'service_requests' };

export async function buildCompanyFixture(server: { url: string; db: Queryable }): Promise<CompanyFixture> {
  const { db } = server;
  const tag = `GUARD${newId().replace(/[^A-Za-z0-9]/g, '').slice(0, 7)}`;
  const devices = {} as Record<Caller, TestDevice>;
  const people = {} as Record<Person, string>;
  for (const caller of CALLERS) devices[caller] = await TestDevice.create(server);
  for (const person of PEOPLE) {
    const session = await devices[person].register(`${person}-${tag.toLowerCase()}@example.com`, `${person}-password`);
    people[person] = session.userId;
  }
  await db.query('update users set is_admin = true where id = $1', [people.admin]);

  const ids = { ...people, company: newId(), customer: newId(), loneCustomer: newId(), vehicle: newId(), info: newId(), request: newId(), work: newId(), tag };
  await db.query(`insert into companies (id, name) values ($1, 'Guarded Garage')`, [ids.company]);
  for (const [person, [start, end]] of Object.entries(LINKS)) {
    await db.query(
      `insert into company_employees (id, user_id, company_id, type, start_date, end_date) values ($1, $2, $3, 'manager', $4, $5)`,
      [newId(), people[person as Person], ids.company, new Date(Date.now() + start), end === null ? null : new Date(Date.now() + end)],
    );
  }
  await db.query(`insert into customers (id, name, company_id) values ($1, 'Casey Customer', $2)`, [ids.customer, ids.company]);
  await db.query(`insert into customers (id, name, company_id) values ($1, 'Lee Lone', null)`, [ids.loneCustomer]);
  await db.query(`insert into vehicles (id, name, vin, is_public, user_id) values ($1, 'Guarded van', '1GCEK19T3YE123456', false, $2)`, [
    ids.vehicle,
    people.owner,
  ]);
  await db.query(`insert into vehicles_info (id, vehicle_id, make, model, vin, customer_id) values ($1, $2, 'Ford', 'Transit', '1GCEK19T3YE123456', $3)`, [
    ids.info,
    ids.vehicle,
    ids.customer,
  ]);
  await db.query(`insert into qr_tags (id, target_id, target_path) values ($1, $2, '/vehicle')`, [tag, ids.vehicle]);
  await db.query(
    `insert into service_requests (id, vehicle_id, company_id, description, user_id, vehicle_service_status_id)
     values ($1, $2, $3, 'Sliding door sticks', $4, $5)`,
    [ids.request, ids.vehicle, ids.company, people.owner, REQUEST_STATUS.REQUESTED],
  );
  await db.query(`insert into worktime (id, user_id, service_request_id, operation, time) values ($1, $2, $3, $4, now() - interval '10 minutes')`, [
    ids.work,
    people.current,
    ids.request,
    WORK_START,
  ]);

  const photo = describeFile(jpegBytes(2_000), 'door.jpg');
  await storeFile(server.url, devices.owner, `service_request/${ids.request}`, photo);

  const send = (caller: Caller, op: 'PUT' | 'PATCH', table: string, id: string, data: Record<string, unknown>) =>
    upload(devices[caller], { table, id, op, data });
  const world: CompanyFixture = {
    devices,
    ids,
    photo,
    async upload(caller, op, table, id, data) {
      const call = send(caller, op, table, id, data);
      const result = await outcome(call);
      if (result !== 'ok') return result;
      const { errors } = await call;
      return errors.length === 0 ? 'ok' : errors.map((e) => e.code).join(', ');
    },
    async refusal(caller, op, table, id, data) {
      const { errors } = await send(caller, op, table, id, data);
      return errors.length === 0 ? 'ok' : errors.map((e) => e.message).join('; ');
    },
    async inState(state, fn) {
      if (state === 'as built') return fn();
      const parent = state.slice(0, -' deleted'.length) as Parent;
      const table = PARENT_TABLES[parent];
      const id = parent === 'customer' ? ids.customer : parent === 'company' ? ids.company : ids.request;
      await db.query(`update ${table} set deleted_at = now() where id = $1`, [id]);
      try {
        return await fn();
      } finally {
        await db.query(`update ${table} set deleted_at = null where id = $1`, [id]);
      }
    },
    async answers(call) {
      const all = {} as Record<State, Answers>;
      for (const state of STATES) {
        all[state] = await world.inState(state, async () => {
          const row = {} as Answers;
          for (const caller of CALLERS) row[caller] = await call(caller, state);
          return row;
        });
      }
      return all;
    },
  };
  return world;
}
