import { Code, ConnectError } from '@connectrpc/connect';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import { AdminService, CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

type Role = 'admin' | 'owner' | 'worker' | 'manager' | 'stranger' | 'anonymous';
const ROLES: Role[] = ['admin', 'owner', 'worker', 'manager', 'stranger', 'anonymous'];

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => (err instanceof ConnectError ? Code[err.code] : String(err)),
  );
const message = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => (err instanceof ConnectError ? err.rawMessage : String(err)),
  );

/**
 * AdminService and CompanyService: every method per role (allowed and refused), paging and search correctness, the
 * Vehicle Finder's tolerance, and bad input that changes nothing.
 */
describe.each(backends)('admin and company RPCs on %s', (backend) => {
  let server: TestServer;
  const devices = {} as Record<Role, TestDevice>;
  const ids = {} as Record<'admin' | 'owner' | 'worker' | 'manager' | 'stranger' | 'company' | 'other' | 'bronco' | 'customer', string>;
  const admin = (role: Role) => devices[role].client(AdminService);
  const company = (role: Role) => devices[role].client(CompanyService);
  const one = async <T,>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0]!;
  const count = async (sql: string, params: unknown[] = []) => Number((await one<{ n: string }>(`select count(*) as n from ${sql}`, params)).n);

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    for (const role of ROLES) devices[role] = await TestDevice.create(server);
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.manager.register('manager@tagbook.test', 'tagbook-manager');
    await devices.stranger.register('stranger@tagbook.test', 'tagbook-stranger');
    for (const role of ['admin', 'owner', 'worker', 'manager', 'stranger'] as const) {
      ids[role] = (await one<{ id: string }>('select id from users where email = $1', [`${role}@tagbook.test`])).id;
    }
    ids.company = (await one<{ id: string }>(`select id from companies where name = 'Tagbook Garage'`)).id;
    ids.other = newId();
    await server.db.query(`insert into companies (id, name) values ($1, 'Other Motors')`, [ids.other]);
    await server.db.query(
      `insert into company_employees (id, user_id, company_id, type, start_date) values ($1, $2, $3, 'manager', now() - interval '1 day')`,
      [newId(), ids.manager, ids.company],
    );
    ids.bronco = (await one<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`)).id;
    ids.customer = (await one<{ id: string }>(`select id from customers where name = 'Jordan Reyes'`)).id;
  });
  afterAll(async () => server?.stop());

  it('serves every AdminService method to admins only, refusing the rest before reading the request', async () => {
    const calls: Record<string, (role: Role) => Promise<unknown>> = {
      getDashboard: (r) => admin(r).getDashboard({}),
      listUsers: (r) => admin(r).listUsers({}),
      getUser: (r) => admin(r).getUser({ userId: ids.owner }),
      setAdmin: (r) => admin(r).setAdmin({ userId: ids.stranger, isAdmin: false }),
      createCompany: (r) => admin(r).createCompany({ name: `Shop ${r}` }),
      listRequests: (r) => admin(r).listRequests({}),
      listVehicles: (r) => admin(r).listVehicles({}),
      finder: (r) => admin(r).listVehicles({ query: 'bronco' }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const results = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await outcome(call(r))] as const)));
      expect(results, name).toEqual({
        admin: 'ok', owner: 'PermissionDenied', worker: 'PermissionDenied', manager: 'PermissionDenied', stranger: 'PermissionDenied',
        anonymous: 'Unauthenticated',
      });
    }
    expect(await count(`companies where name like 'Shop %'`)).toBe(1);
  });

  it('counts what an operator needs, with health and recent activity', async () => {
    const d = await admin('admin').getDashboard({});
    expect(Number(d.users)).toBe(await count('users'));
    expect(Number(d.vehicles)).toBe(6);
    expect([Number(d.tagsClaimed), Number(d.tagsUnclaimed)]).toEqual([6, 4]);
    expect([Number(d.requestsOpen), Number(d.requestsStarted)]).toEqual([2, 1]);
    expect(d.health).toMatchObject({ mailFailing: 0n, refusedUploadsDay: 0n });
    expect(d.activity.length).toBeGreaterThan(0);
    expect(d.activity.map((a) => Number(a.at))).toEqual([...d.activity.map((a) => Number(a.at))].sort((a, b) => b - a));
  });

  it('pages users by key with no row twice or missed, and searches email starts and name parts ignoring case', async () => {
    const stamp = randomBytes(3).toString('hex');
    for (let i = 0; i < 120; i++) {
      await server.db.query(
        `insert into users (id, display_name, email, username_digest, created_at) values ($1, $2, $3, $4, now() - ($5 || ' minutes')::interval)`,
        [newId(), `Paged ${stamp} Person ${i}`, `paged${i}.${stamp}@example.com`, randomBytes(32).toString('hex'), String(i % 7)],
      );
    }
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await admin('admin').listUsers({ page: { limit: 50, cursor } });
      expect(page.users.length).toBeLessThanOrEqual(50);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor !== '');
    expect(seen.length).toBe(await count('users'));
    expect(new Set(seen).size).toBe(seen.length);

    const byName = await admin('admin').listUsers({ query: `PAGED ${stamp.toUpperCase()} person 11`, page: { limit: 100 } });
    expect(byName.users.map((u) => u.displayName).sort()).toEqual([`Paged ${stamp} Person 11`, `Paged ${stamp} Person 110`, `Paged ${stamp} Person 111`, `Paged ${stamp} Person 112`, `Paged ${stamp} Person 113`, `Paged ${stamp} Person 114`, `Paged ${stamp} Person 115`, `Paged ${stamp} Person 116`, `Paged ${stamp} Person 117`, `Paged ${stamp} Person 118`, `Paged ${stamp} Person 119`]);
    expect((await admin('admin').listUsers({ query: 'OWNER@tag' })).users.map((u) => u.email)).toEqual(['owner@tagbook.test']);
    // Wildcards and SQL are text to search for, nothing more.
    for (const query of ['%', '_', `'; drop table users; --`, '\\']) {
      expect((await admin('admin').listUsers({ query })).users, query).toEqual([]);
    }
    expect(await count('users')).toBeGreaterThan(120);
    expect(await outcome(admin('admin').listUsers({ page: { cursor: 'not-a-cursor' } }))).toBe('InvalidArgument');
    expect(await outcome(admin('admin').listUsers({ page: { cursor: Buffer.from('["1 or 1=1","x"]').toString('base64url') } }))).toBe('InvalidArgument');
    expect(await outcome(admin('admin').listUsers({ query: 'x'.repeat(201) }))).toBe('InvalidArgument');
  });

  it("shows a user's vehicles, company links and sessions; grants and revokes admin, never one's own", async () => {
    const detail = await admin('admin').getUser({ userId: ids.owner });
    expect(detail.user).toMatchObject({ email: 'owner@tagbook.test', isAdmin: false, vehicleCount: 3 });
    expect(detail.vehicles.map((v) => v.name).sort()).toEqual(['Camper van', 'Red 911', 'Trail Bronco']);
    expect(detail.sessions.length).toBeGreaterThan(0);
    expect(detail.sessions[0]!.idPrefix.length).toBe(6);
    const worker = await admin('admin').getUser({ userId: ids.worker });
    expect(worker.links).toMatchObject([{ companyName: 'Tagbook Garage', type: 'worker', current: true }]);
    expect(await outcome(admin('admin').getUser({ userId: newId() }))).toBe('NotFound');

    expect((await admin('admin').setAdmin({ userId: ids.stranger, isAdmin: true })).user?.isAdmin).toBe(true);
    expect(await outcome(admin('stranger').listUsers({}))).toBe('ok');
    expect((await admin('admin').setAdmin({ userId: ids.stranger, isAdmin: false })).user?.isAdmin).toBe(false);
    expect(await outcome(admin('stranger').listUsers({}))).toBe('PermissionDenied');
    expect(await message(admin('admin').setAdmin({ userId: ids.admin, isAdmin: false }))).toBe('You cannot remove your own admin rights');
    expect(await outcome(admin('admin').setAdmin({ userId: newId(), isAdmin: true }))).toBe('NotFound');
    expect((await one<{ is_admin: boolean }>('select is_admin from users where id = $1', [ids.admin])).is_admin).toBe(true);
  });

  it('finds a vehicle by VIN, its last 8, plate, name, tag hash or owner email, whatever the case and spacing', async () => {
    await server.db.query(`update vehicles_info set vin = '1FMDE5BH9MLA12345', license_plate = 'TRL-4821' where vehicle_id = $1`, [ids.bronco]);
    const find = async (query: string) => (await admin('admin').listVehicles({ query })).vehicles.map((v) => [v.name, v.matched]);
    expect(await find('1fmde5bh9mla12345')).toEqual([['Trail Bronco', 'vin']]);
    expect(await find('1FM DE5-BH9')).toContainEqual(['Trail Bronco', 'vin']);
    expect(await find('mla 12345')).toEqual([['Trail Bronco', 'vin_last8']]);
    expect(await find('trl 4821')).toEqual([['Trail Bronco', 'plate']]);
    expect(await find('demotag00002')).toEqual([['Trail Bronco', 'tag']]);
    expect((await find('  OWNER@tagbook.test ')).map(([name]) => name).sort()).toEqual(['Camper van', 'Red 911', 'Trail Bronco']);
    // The start of an owner's email finds their vehicles; a part in the middle, or two letters, finds no owner.
    expect((await find('Owner@')).filter(([, m]) => m === 'owner_email').map(([name]) => name).sort()).toEqual(['Camper van', 'Red 911', 'Trail Bronco']);
    expect((await find('wner@tag')).filter(([, m]) => m === 'owner_email')).toEqual([]);
    expect((await find('ow')).filter(([, m]) => m === 'owner_email')).toEqual([]);
    expect(await find('o_ner@')).toEqual([]);
    expect(await find('rail bro')).toEqual([['Trail Bronco', 'name']]);
    expect(await find('%')).toEqual([]);
    expect(await find(`' or 1=1 --`)).toEqual([]);
    const owner = (await admin('admin').listVehicles({ query: 'TRL4821' })).vehicles[0];
    expect(owner).toMatchObject({ ownerEmail: 'owner@tagbook.test', make: 'Ford', licensePlate: 'TRL-4821' });
  });

  it('lists vehicles and requests newest first with filters and key paging', async () => {
    const first = await admin('admin').listVehicles({ page: { limit: 4 } });
    const rest = await admin('admin').listVehicles({ page: { limit: 4, cursor: first.nextCursor } });
    expect(first.vehicles).toHaveLength(4);
    expect(rest.nextCursor).toBe('');
    expect(new Set([...first.vehicles, ...rest.vehicles].map((v) => v.id)).size).toBe(6);

    const all = await admin('admin').listRequests({});
    expect(all.requests.map((r) => r.status).sort()).toEqual([REQUEST_STATUS.SCHEDULED, REQUEST_STATUS.STARTED]);
    const started = await admin('admin').listRequests({ statuses: [REQUEST_STATUS.STARTED] });
    expect(started.requests).toMatchObject([{ status: REQUEST_STATUS.STARTED, vehicleName: 'Trail Bronco', companyName: 'Tagbook Garage', assignedName: 'Demo Worker' }]);
    expect((await admin('admin').listRequests({ companyId: ids.other })).requests).toEqual([]);
    expect((await admin('admin').listRequests({ assignedUserId: ids.worker })).requests).toHaveLength(2);
    expect((await admin('admin').listRequests({ assignedUserId: ids.owner })).requests).toHaveLength(0);
    const hourAgo = BigInt(Date.now() - 90 * 60_000);
    expect((await admin('admin').listRequests({ createdFrom: hourAgo })).requests).toHaveLength(1);
    expect((await admin('admin').listRequests({ createdTo: hourAgo })).requests).toHaveLength(1);
  });

  it('refuses times no calendar holds as InvalidArgument naming the field, never a server error', async () => {
    const MAX = 2n ** 63n - 1n;
    const MIN = -(2n ** 63n);
    // 8,640,000,000,000,001 ms is one past the last instant a JavaScript Date holds; year 10000 is past what we store.
    const PAST_DATE = 8_640_000_000_000_001n;
    const YEAR_10000 = BigInt(Date.UTC(10000, 0, 1));
    for (const value of [MAX, MIN, PAST_DATE, -PAST_DATE, YEAR_10000]) {
      expect(await message(admin('admin').listRequests({ createdFrom: value })), `createdFrom ${value}`).toMatch(/^createdFrom: /);
      expect(await outcome(admin('admin').listRequests({ createdTo: value })), `createdTo ${value}`).toBe('InvalidArgument');
      expect(await message(company('manager').addEmployee({ companyId: ids.company, email: 'stranger@tagbook.test', type: 'worker', startDate: value })), `startDate ${value}`).toMatch(/^startDate: /);
    }
    expect(await count('company_employees where user_id = $1', [ids.stranger])).toBe(0);
    // The last day a time may name still works.
    const lastDay = BigInt(Date.UTC(9999, 11, 31));
    expect((await admin('admin').listRequests({ createdFrom: lastDay })).requests).toEqual([]);
  });

  it('shows a company to its employees and admins, and lets only company admins change it', async () => {
    for (const role of ['admin', 'worker', 'manager'] as const) {
      const res = await company(role).getCompany({ companyId: ids.company });
      expect(res.company?.name, role).toBe('Tagbook Garage');
      expect(res.canManage, role).toBe(role !== 'worker');
      expect(res.employees.map((e) => e.userName).sort(), role).toEqual(['Demo Worker', 'manager']);
      // Only those who manage the staff see their emails.
      expect(res.employees.every((e) => (e.userEmail !== '') === (role !== 'worker')), role).toBe(true);
    }
    for (const role of ['owner', 'stranger'] as const) {
      expect(await outcome(company(role).getCompany({ companyId: ids.company })), role).toBe('PermissionDenied');
      expect(await outcome(company(role).getCompany({ companyId: newId() })), role).toBe('PermissionDenied');
    }
    expect(await outcome(company('anonymous').getCompany({ companyId: ids.company }))).toBe('Unauthenticated');
    expect(await outcome(company('manager').getCompany({ companyId: ids.other }))).toBe('PermissionDenied');

    expect(await outcome(company('worker').updateCompany({ companyId: ids.company, name: 'Hijacked' }))).toBe('PermissionDenied');
    expect(await outcome(company('manager').updateCompany({ companyId: ids.company, name: '' }))).toBe('InvalidArgument');
    expect(await outcome(company('manager').updateCompany({ companyId: ids.company, name: 'x'.repeat(121) }))).toBe('InvalidArgument');
    expect((await company('manager').updateCompany({ companyId: ids.company, name: 'Tagbook Garage', shortInfo: 'Open Mon–Sat' })).company?.shortInfo).toBe('Open Mon–Sat');
    expect((await one<{ name: string }>('select name from companies where id = $1', [ids.company])).name).toBe('Tagbook Garage');
  });

  it('adds and ends employee links for company admins only, with clear errors for bad input', async () => {
    expect(await outcome(company('worker').addEmployee({ companyId: ids.company, email: 'stranger@tagbook.test', type: 'worker' }))).toBe('PermissionDenied');
    expect(await outcome(company('owner').addEmployee({ companyId: ids.company, email: 'stranger@tagbook.test', type: 'worker' }))).toBe('PermissionDenied');
    expect(await message(company('manager').addEmployee({ companyId: ids.company, email: 'nobody@tagbook.test', type: 'worker' }))).toBe('No account uses this email');
    expect(await outcome(company('manager').addEmployee({ companyId: ids.company, email: 'stranger@tagbook.test', type: 'boss' }))).toBe('InvalidArgument');
    expect(await outcome(company('manager').addEmployee({ companyId: ids.company, email: 'worker@tagbook.test', type: 'worker' }))).toBe('AlreadyExists');
    const before = await count('company_employees');
    const added = await company('manager').addEmployee({ companyId: ids.company, email: ' Stranger@Tagbook.test ', type: 'worker' });
    expect(added.link).toMatchObject({ userId: ids.stranger, type: 'worker', current: true });
    expect(await count('company_employees')).toBe(before + 1);
    expect(await outcome(company('stranger').getCompany({ companyId: ids.company }))).toBe('ok');

    expect(await outcome(company('worker').endEmployee({ linkId: added.link!.id }))).toBe('PermissionDenied');
    expect(await outcome(company('stranger').endEmployee({ linkId: added.link!.id }))).toBe('PermissionDenied');
    expect((await company('admin').endEmployee({ linkId: added.link!.id })).link?.current).toBe(false);
    expect(await outcome(company('admin').endEmployee({ linkId: added.link!.id }))).toBe('FailedPrecondition');
    expect(await outcome(company('admin').endEmployee({ linkId: newId() }))).toBe('NotFound');
    expect(await outcome(company('manager').endEmployee({ linkId: newId() }))).toBe('PermissionDenied');
    expect(await outcome(company('stranger').getCompany({ companyId: ids.company }))).toBe('PermissionDenied');
  });

  it("keeps customers: a company's employees theirs, admins every one; soft delete and restore", async () => {
    const mine = await company('worker').listCustomers({ companyId: ids.company });
    expect(mine.customers.map((c) => c.name)).toEqual(['Demo Owner', 'Jordan Reyes']);
    expect(await outcome(company('stranger').listCustomers({ companyId: ids.company }))).toBe('PermissionDenied');
    expect(await outcome(company('worker').listCustomers({ companyId: '' }))).toBe('PermissionDenied');
    expect((await company('admin').listCustomers({ companyId: '' })).customers.length).toBe(2);

    const created = await company('worker').saveCustomer({ companyId: ids.company, name: '  Casey Park ', email: 'CASEY@example.com', phone: '+1 555 0100' });
    expect(created.customer).toMatchObject({ name: 'Casey Park', email: 'casey@example.com', companyName: 'Tagbook Garage' });
    const total = await count('customers');
    const refused = {
      duplicate: company('manager').saveCustomer({ companyId: ids.company, name: 'Casey Again', email: 'casey@EXAMPLE.com' }),
      empty: company('worker').saveCustomer({ companyId: ids.company, name: '   ' }),
      long: company('worker').saveCustomer({ companyId: ids.company, name: 'x'.repeat(121) }),
      email: company('worker').saveCustomer({ companyId: ids.company, name: 'Bad', email: 'not an email' }),
      phone: company('worker').saveCustomer({ companyId: ids.company, name: 'Bad', phone: `1'; drop table customers; --` }),
      nul: company('worker').saveCustomer({ companyId: ids.company, name: 'Bad\u0000' }),
      stranger: company('stranger').saveCustomer({ companyId: ids.company, name: 'Sneaky' }),
      otherCompany: company('worker').saveCustomer({ companyId: ids.other, name: 'Sneaky' }),
      noCompany: company('worker').saveCustomer({ companyId: '', name: 'Sneaky' }),
      move: company('worker').saveCustomer({ id: created.customer!.id, companyId: ids.other, name: 'Moved' }),
      unknown: company('admin').saveCustomer({ id: newId(), companyId: ids.company, name: 'Ghost' }),
    };
    const results = Object.fromEntries(await Promise.all(Object.entries(refused).map(async ([k, p]) => [k, await outcome(p)] as const)));
    expect(results).toEqual({
      duplicate: 'AlreadyExists', empty: 'InvalidArgument', long: 'InvalidArgument', email: 'InvalidArgument', phone: 'InvalidArgument',
      nul: 'InvalidArgument', stranger: 'PermissionDenied', otherCompany: 'PermissionDenied', noCompany: 'PermissionDenied',
      move: 'PermissionDenied', unknown: 'NotFound',
    });
    expect(await count('customers')).toBe(total);
    expect((await one<{ name: string }>('select name from customers where id = $1', [created.customer!.id])).name).toBe('Casey Park');

    const edited = await company('manager').saveCustomer({ id: created.customer!.id, companyId: ids.company, name: 'Casey Park-Lee', email: 'casey@example.com', note: 'Line one\nLine two' });
    expect(edited.customer).toMatchObject({ name: 'Casey Park-Lee', note: 'Line one\nLine two' });
    expect(Number((await company('worker').setCustomerDeleted({ customerId: created.customer!.id, deleted: true })).customer?.deletedAt)).toBeGreaterThan(0);
    expect((await company('worker').listCustomers({ companyId: ids.company })).customers.map((c) => c.name)).not.toContain('Casey Park-Lee');
    expect((await company('worker').listCustomers({ companyId: ids.company, includeDeleted: true })).customers.map((c) => c.name)).toContain('Casey Park-Lee');
    expect(await outcome(company('stranger').setCustomerDeleted({ customerId: created.customer!.id, deleted: false }))).toBe('NotFound');
    expect((await company('admin').setCustomerDeleted({ customerId: created.customer!.id, deleted: false })).customer?.deletedAt).toBe(0n);

    const owner = await one<{ id: string }>(`select id from customers where name = 'Demo Owner'`);
    const detail = await company('worker').getCustomer({ customerId: owner.id });
    expect(detail.vehicles.map((v) => v.name)).toEqual(['Trail Bronco']);
    expect(detail.requests).toHaveLength(2);
    expect(await outcome(company('stranger').getCustomer({ customerId: owner.id }))).toBe('NotFound');
    expect(await outcome(company('admin').getCustomer({ customerId: 'nope' }))).toBe('NotFound');
  });

  it("keeps a company's catalogue of services, changed by company admins", async () => {
    // From an empty catalogue: the demo's own entries are not what this test is about.
    await server.db.query('delete from company_services where company_id = $1', [ids.company]);
    expect(await outcome(company('worker').saveService({ companyId: ids.company, name: 'Oil change' }))).toBe('PermissionDenied');
    const saved = await company('manager').saveService({ companyId: ids.company, name: 'Oil change', description: 'Oil and filter', durationMinutes: 45 });
    expect(await outcome(company('manager').saveService({ companyId: ids.company, name: 'OIL CHANGE' }))).toBe('AlreadyExists');
    expect(await outcome(company('manager').saveService({ companyId: ids.company, name: 'Tires', durationMinutes: -5 }))).toBe('InvalidArgument');
    expect((await company('worker').listServices({ companyId: ids.company })).services.map((s) => [s.name, s.durationMinutes])).toEqual([['Oil change', 45]]);
    expect(await outcome(company('stranger').listServices({ companyId: ids.company }))).toBe('PermissionDenied');
    expect(await outcome(company('worker').setServiceDeleted({ serviceId: saved.service!.id }))).toBe('PermissionDenied');
    await company('admin').setServiceDeleted({ serviceId: saved.service!.id });
    expect((await company('worker').listServices({ companyId: ids.company })).services).toEqual([]);
  });

  it('records the vehicles an admin opens, for their device to sync whole, and forgets them with the flag', async () => {
    await devices.admin.client(VehicleService).getVehicle({ vehicleId: ids.bronco });
    await devices.owner.client(VehicleService).getVehicle({ vehicleId: ids.bronco });
    expect(await count('admin_vehicle_watch')).toBe(1);
    await server.db.query('update users set is_admin = true where id = $1', [ids.stranger]);
    await devices.stranger.client(VehicleService).getVehicle({ vehicleId: ids.bronco });
    expect(await count('admin_vehicle_watch where user_id = $1', [ids.stranger])).toBe(1);
    await admin('admin').setAdmin({ userId: ids.stranger, isAdmin: false });
    expect(await count('admin_vehicle_watch where user_id = $1', [ids.stranger])).toBe(0);
    expect(await count('admin_vehicle_watch where user_id = $1', [ids.admin])).toBe(1);
  });
});
