import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneStoredRows } from '../../server/db/retention.js';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { upload as send, type Change } from '../helpers/upload.js';

const backends = await testBackends();

type Kind = 'PUT' | 'PATCH' | 'DELETE';

describe.each(backends)('checked uploads (SyncService.UploadData) on %s', (backend) => {
  let server: TestServer;
  let owner: TestDevice;
  let worker: TestDevice;
  let admin: TestDevice;
  let ids: { ownerId: string; workerId: string; red911: string; red911Info: string; supra: string; camper: string; bronco: string; request: string };
  let nextTx = 1n;
  let companyId: string;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0]!;

  const upload = (device: TestDevice, entries: Change[], transactionId = nextTx++) =>
    send(device, entries, { clientId: `client-${device.session?.userId ?? 'none'}`, transactionId });

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    [owner, worker, admin] = await Promise.all([TestDevice.create(server), TestDevice.create(server), TestDevice.create(server)]);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await worker.signIn('worker@tagbook.test', 'tagbook-worker');
    await admin.signIn('admin@tagbook.test', 'tagbook-admin');
    ids = {
      ownerId: owner.session!.userId,
      workerId: worker.session!.userId,
      red911: (await one<{ id: string }>(`select id from vehicles where name = 'Red 911'`)).id,
      supra: (await one<{ id: string }>(`select id from vehicles where name = 'Supra Turbo'`)).id,
      camper: (await one<{ id: string }>(`select id from vehicles where name = 'Camper van'`)).id,
      bronco: (await one<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`)).id,
      request: (await one<{ id: string }>('select id from service_requests limit 1')).id,
      red911Info: '',
    };
    companyId = (await one<{ id: string }>(`select id from companies where name = 'Tagbook Garage'`)).id;
    ids.red911Info = (await one<{ id: string }>('select id from vehicles_info where vehicle_id = $1', [ids.red911])).id;
  });
  afterAll(async () => server?.stop());

  it('lets an owner create a vehicle, owned by them whatever the device says about timestamps', async () => {
    const id = newId();
    const res = await upload(owner, [{ op: 'PUT', table: 'vehicles', id, data: { name: 'New van', is_public: 0 } }]);
    expect(res.errors).toEqual([]);
    const row = await one<{ user_id: string; name: string; is_public: boolean }>('select * from vehicles where id = $1', [id]);
    expect(row).toMatchObject({ user_id: ids.ownerId, name: 'New van', is_public: false });
  });

  it("keeps the server's own timestamps whatever the device sends", async () => {
    const before = await one<{ created_at: Date }>('select created_at from vehicles where id = $1', [ids.red911]);
    const res = await upload(owner, [
      { op: 'PATCH', table: 'vehicles', id: ids.red911, data: { created_at: '2000-01-01T00:00:00Z', updated_at: '2000-01-01T00:00:00Z' } },
    ]);
    expect(res.errors).toEqual([]);
    const after = await one<{ created_at: Date; updated_at: Date }>('select created_at, updated_at from vehicles where id = $1', [ids.red911]);
    expect(after.created_at).toEqual(before.created_at);
    expect(after.updated_at.getFullYear()).toBeGreaterThan(2000);
  });

  it('lets an owner rename their vehicle', async () => {
    const res = await upload(owner, [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { name: 'Red 911 GTS' } }]);
    expect(res.errors).toEqual([]);
    expect((await one<{ name: string }>('select name from vehicles where id = $1', [ids.red911])).name).toBe('Red 911 GTS');
  });

  it.each<[string, () => Change[]]>([
    ["another user's vehicle", () => [{ op: 'PATCH', table: 'vehicles', id: ids.supra, data: { name: 'Mine now' } }]],
    ['moving ownership', () => [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { user_id: ids.workerId } }]],
    ['creating a vehicle for someone else', () => [{ op: 'PUT', table: 'vehicles', id: newId(), data: { name: 'x', user_id: ids.workerId } }]],
    ['deleting a vehicle', () => [{ op: 'DELETE', table: 'vehicles', id: ids.red911 }]],
    ['setting the admin flag', () => [{ op: 'PATCH', table: 'users', id: ids.ownerId, data: { is_admin: 1 } }]],
    ["renaming another user's account", () => [{ op: 'PATCH', table: 'users', id: ids.workerId, data: { display_name: 'x' } }]],
    ['creating an account', () => [{ op: 'PUT', table: 'users', id: newId(), data: { display_name: 'x' } }]],
    ['a server-owned column', () => [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { name: 'x', created_by: ids.workerId } }]],
    ['editing the info of their own vehicle (admins only)', () => [{ op: 'PATCH', table: 'vehicles_info', id: ids.red911Info, data: { make: 'x' } }]],
    ['logging time on another company', () => [{ op: 'PUT', table: 'worktime', id: newId(), data: { service_request_id: ids.request, operation: 1, time: new Date().toISOString() } }]],
    ['a table sync does not write', () => [{ op: 'PUT', table: 'sessions', id: newId(), data: {} }]],
    ['a tag claim that opens another page', () => [{ op: 'PATCH', table: 'qr_tags', id: 'DEMOFREE0003', data: { target_id: ids.red911, target_path: '/admin' } }]],
  ])('refuses %s and changes nothing', async (_what, entries) => {
    const before = await server.db.query('select id, name, user_id, updated_at from vehicles order by id');
    const usersBefore = await server.db.query('select id, display_name, is_admin from users order by id');
    const res = await upload(owner, entries());
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ index: 0 });
    expect(['permission_denied', 'not_found']).toContain(res.errors[0]!.code);
    expect(await server.db.query('select id, name, user_id, updated_at from vehicles order by id')).toEqual(before);
    expect(await server.db.query('select id, display_name, is_admin from users order by id')).toEqual(usersBefore);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a name that is too long', { name: 'x'.repeat(201) }],
    ['a flag that is not 0 or 1', { is_public: 2 }],
    ['a number where text belongs', { name: 42 }],
    ['a malformed id', { user_id: 'not-an-id' }],
  ])('refuses %s as an invalid value', async (_what, data) => {
    const res = await upload(owner, [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data }]);
    expect(res.errors.map((e) => e.code)).toEqual(['invalid_value']);
  });

  it('applies a transaction whole or not at all', async () => {
    const res = await upload(owner, [
      { op: 'PATCH', table: 'vehicles', id: ids.red911, data: { description: 'changed' } },
      { op: 'PATCH', table: 'vehicles', id: ids.supra, data: { description: 'changed' } },
    ]);
    expect(res.errors).toMatchObject([{ index: 1, table: 'vehicles', id: ids.supra, code: 'not_found', message: 'Vehicle not found or not yours' }]);
    expect((await one<{ description: string }>('select description from vehicles where id = $1', [ids.red911])).description).not.toBe('changed');
  });

  it('applies a transaction once, however often it arrives', async () => {
    const first = nextTx++;
    expect((await upload(owner, [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { name: 'A' } }], first)).duplicate).toBe(false);
    await upload(owner, [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { name: 'B' } }]);
    const again = await upload(owner, [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { name: 'A' } }], first);
    expect(again.duplicate).toBe(true);
    expect((await one<{ name: string }>('select name from vehicles where id = $1', [ids.red911])).name).toBe('B');
  });

  it('applies a transaction once even after its record is pruned, for as long as its device stays away', async () => {
    const applied = nextTx++;
    const refused = nextTx++;
    const rename = { op: 'PATCH', table: 'vehicles', id: ids.red911, data: { name: 'Before a year away' } } as const;
    const steal = { op: 'PATCH', table: 'vehicles', id: ids.supra, data: { name: 'nope' } } as const;
    expect((await upload(owner, [rename], applied)).duplicate).toBe(false);
    expect((await upload(owner, [steal], refused)).errors).toHaveLength(1);
    // A year on, the detailed records are long pruned (server/db/retention.ts), and the vehicle has changed since.
    await server.db.query(`update sync_upload_transactions set created_at = now() - interval '1 year' where user_id = $1`, [ids.ownerId]);
    await pruneStoredRows(server.db);
    const kept = await one<{ n: string }>('select count(*) as n from sync_upload_transactions where user_id = $1 and transaction_id in ($2, $3)', [
      ids.ownerId, String(applied), String(refused),
    ]);
    expect(Number(kept.n)).toBe(0);
    await server.db.query(`update vehicles set name = 'Changed since' where id = $1`, [ids.red911]);

    expect(await upload(owner, [rename], applied)).toMatchObject({ duplicate: true, errors: [] });
    expect((await one<{ name: string }>('select name from vehicles where id = $1', [ids.red911])).name).toBe('Changed since');
    expect((await upload(owner, [steal], refused)).duplicate).toBe(true);
    // The device's next transaction is applied as ever.
    expect(await upload(owner, [{ ...rename, data: { name: 'Red 911' } }])).toMatchObject({ duplicate: false, errors: [] });
    expect((await one<{ name: string }>('select name from vehicles where id = $1', [ids.red911])).name).toBe('Red 911');
  });

  it('applies once of five copies of a transaction arriving together', async () => {
    const tx = nextTx++;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => upload(owner, [{ op: 'PATCH', table: 'vehicles', id: ids.red911, data: { description: 'five at once' } }], tx)),
    );
    expect(answers.map((a) => a.duplicate).sort()).toEqual([false, true, true, true, true]);
    expect(answers.every((a) => a.errors.length === 0)).toBe(true);
  });

  it('records refusals on the server and answers the same refusal to a retry', async () => {
    const tx = nextTx++;
    const entries: Change[] = [{ op: 'PATCH', table: 'vehicles', id: ids.supra, data: { name: 'nope' } }];
    const first = await upload(owner, entries, tx);
    const retry = await upload(owner, entries, tx);
    expect(retry.duplicate).toBe(true);
    expect(retry.errors).toEqual(first.errors);
    const row = await one<{ n: string }>('select count(*) as n from sync_upload_rejections where user_id = $1 and transaction_id = $2', [ids.ownerId, String(tx)]);
    expect(Number(row.n)).toBe(1);
  });

  it('lets a user claim a free tag for their own vehicle, once', async () => {
    const claim = await upload(owner, [{ op: 'PATCH', table: 'qr_tags', id: 'DEMOFREE0001', data: { target_id: ids.red911, target_path: '/vehicle' } }]);
    expect(claim.errors).toEqual([]);
    expect((await one<{ target_id: string }>(`select target_id from qr_tags where id = 'DEMOFREE0001'`)).target_id).toBe(ids.red911);
    const steal = await upload(worker, [{ op: 'PATCH', table: 'qr_tags', id: 'DEMOFREE0001', data: { target_id: ids.supra } }]);
    expect(steal.errors.map((e) => e.message)).toEqual(['Tag DEMOFREE0001 was claimed by someone else first']);
    const foreign = await upload(owner, [{ op: 'PATCH', table: 'qr_tags', id: 'DEMOFREE0002', data: { target_id: ids.supra } }]);
    expect(foreign.errors.map((e) => e.code)).toEqual(['not_found']);
    const mint = await upload(owner, [{ op: 'PUT', table: 'qr_tags', id: 'MYOWNTAG0001', data: { target_id: ids.red911 } }]);
    expect(mint.errors.map((e) => e.message)).toEqual(['There is no tag MYOWNTAG0001']);
    expect(await server.db.query(`select 1 from qr_tags where id = 'MYOWNTAG0001'`)).toEqual([]);
    // A device that sends its own claim again (a PUT of the whole row, as an offline claim is) is not refused.
    const again = await upload(owner, [{ op: 'PUT', table: 'qr_tags', id: 'DEMOFREE0001', data: { target_id: ids.red911, target_path: '/vehicle' } }]);
    expect(again.errors).toEqual([]);
  });

  it('lets an employee log their own time on a request of their company, and not for someone else', async () => {
    const mine = await upload(worker, [{ op: 'PUT', table: 'worktime', id: newId(), data: { service_request_id: ids.request, operation: 2, time: new Date().toISOString() } }]);
    expect(mine.errors).toEqual([]);
    const forOther = await upload(worker, [{ op: 'PUT', table: 'worktime', id: newId(), data: { user_id: ids.ownerId, service_request_id: ids.request, operation: 1, time: new Date().toISOString() } }]);
    expect(forOther.errors.map((e) => e.code)).toEqual(['permission_denied']);
  });

  it("refuses an owner's edit of their own vehicle's info as a permission matter, not a missing row", async () => {
    const res = await upload(owner, [{ op: 'PATCH', table: 'vehicles_info', id: ids.red911Info, data: { make: 'Ferrari' } }]);
    expect(res.errors.map((e) => [e.code, e.message])).toEqual([['permission_denied', 'Only an administrator can edit vehicle info']]);
    expect((await one<{ make: string }>('select make from vehicles_info where id = $1', [ids.red911Info])).make).toBe('Porsche');
  });

  describe('service requests', () => {
    const requestsOf = async (vehicleId: string) =>
      Number((await one<{ n: string }>('select count(*) as n from service_requests where vehicle_id = $1', [vehicleId])).n);

    it("lets an owner open a request on their own vehicle, and refuses one on a stranger's", async () => {
      const mine = await upload(owner, [{ op: 'PUT', table: 'service_requests', id: newId(), data: { vehicle_id: ids.red911, description: 'Oil change' } }]);
      expect(mine.errors).toEqual([]);
      const before = await requestsOf(ids.supra);
      const theirs = await upload(owner, [{ op: 'PUT', table: 'service_requests', id: newId(), data: { vehicle_id: ids.supra, description: 'x' } }]);
      expect(theirs.errors.map((e) => e.code)).toEqual(['not_found']);
      expect(await requestsOf(ids.supra)).toBe(before);
    });

    it("lets an employee open a request on their company's customer's vehicle", async () => {
      const res = await upload(worker, [
        { op: 'PUT', table: 'service_requests', id: newId(), data: { vehicle_id: ids.bronco, company_id: companyId, description: 'Alignment' } },
      ]);
      expect(res.errors).toEqual([]);
    });

    it("refuses an employee's request on a stranger's private vehicle exactly as one on a made-up vehicle", async () => {
      const before = await requestsOf(ids.camper);
      const real = await upload(worker, [
        { op: 'PUT', table: 'service_requests', id: newId(), data: { vehicle_id: ids.camper, company_id: companyId, description: 'x' } },
      ]);
      const madeUp = await upload(worker, [
        { op: 'PUT', table: 'service_requests', id: newId(), data: { vehicle_id: newId(), company_id: companyId, description: 'x' } },
      ]);
      expect(real.errors).toHaveLength(1);
      expect(real.errors.map(({ code, message }) => ({ code, message }))).toEqual(madeUp.errors.map(({ code, message }) => ({ code, message })));
      expect(await requestsOf(ids.camper)).toBe(before);
    });

    it('refuses deleting a request to its company employee and its owner', async () => {
      for (const device of [worker, owner]) {
        const res = await upload(device, [{ op: 'DELETE', table: 'service_requests', id: ids.request }]);
        expect(res.errors.map((e) => e.code)).toEqual(['permission_denied']);
      }
      expect(await requestsOf(ids.bronco)).toBeGreaterThan(0);
    });
  });

  it('counts an employee whose start date is ahead as not employed yet, and lets them in once it has passed', async () => {
    // A start: stopping a clock one started is anyone's, employed or not (server/writes/tables/worktime.ts, worktimePermission).
    const log = () => upload(worker, [{ op: 'PUT', table: 'worktime', id: newId(), data: { service_request_id: ids.request, operation: 1, time: new Date().toISOString() } }]);
    await server.db.query(`update company_employees set start_date = now() + interval '1 day' where user_id = $1`, [ids.workerId]);
    expect((await log()).errors.map((e) => e.code)).toEqual(['not_found']);
    await server.db.query(`update company_employees set start_date = now() - interval '1 day' where user_id = $1`, [ids.workerId]);
    expect((await log()).errors).toEqual([]);
  });

  it('lets an admin edit vehicle info', async () => {
    const info = await one<{ id: string }>('select id from vehicles_info where vehicle_id = $1', [ids.supra]);
    const res = await upload(admin, [{ op: 'PATCH', table: 'vehicles_info', id: info.id, data: { color: 'Black', year: 1996 } }]);
    expect(res.errors).toEqual([]);
    expect(await one('select color, year from vehicles_info where id = $1', [info.id])).toEqual({ color: 'Black', year: 1996 });
  });

  it('refuses callers without a session', async () => {
    const anonymous = await TestDevice.create(server);
    await expect(upload(anonymous, [{ op: 'PUT', table: 'vehicles', id: newId(), data: { name: 'x' } }])).rejects.toMatchObject({
      code: Code.Unauthenticated,
    });
  });
});
