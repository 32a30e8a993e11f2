import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { newId } from '../../src/domain/ids.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { refusalCodes, upload as send, type Change } from '../helpers/upload.js';

const backends = await testBackends();

type Role = 'owner' | 'other' | 'admin' | 'employee' | 'anonymous';
type Kind = 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every write of the vehicle area, for every role: the vehicle's owner, another signed-in user, an
 * admin, an employee of the company whose customer owns the vehicle, and an anonymous caller. Each is a real
 * upload (or RPC) against the real server, and the stored row is read back: a refusal must leave it as it was.
 * The vehicle is the owner's Trail Bronco, which is a customer's vehicle of the worker's company.
 */
describe.each(backends)('vehicle area writes per role on %s', (backend) => {
  let server: TestServer;
  const devices = {} as Record<Role, TestDevice>;
  const userIds = {} as Record<Exclude<Role, 'anonymous'>, string>;
  let bronco: string;
  let broncoInfo: string;
  let camper: string;

  const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T & Record<string, unknown>>(sql, params))[0];

  const upload = async (role: Role, entries: Change[]) => refusalCodes(await send(devices[role], entries));

  /** Uploads as each role and says, per role, whether the write was applied ('ok') or how it was refused. */
  async function outcome(role: Role, entries: () => Change[]): Promise<string> {
    if (role === 'anonymous') {
      return upload(role, entries()).then(
        () => 'applied without a session',
        (err: { code?: Code }) => (err.code === Code.Unauthenticated ? 'unauthenticated' : String(err)),
      );
    }
    const codes = await upload(role, entries());
    return codes.length === 0 ? 'ok' : codes.join(',');
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    const roles: Role[] = ['owner', 'other', 'admin', 'employee', 'anonymous'];
    for (const role of roles) devices[role] = await TestDevice.create(server);
    await devices.owner.signIn('owner@tagbook.test', 'tagbook-demo');
    await devices.admin.signIn('admin@tagbook.test', 'tagbook-admin');
    await devices.employee.signIn('worker@tagbook.test', 'tagbook-worker');
    await devices.other.register('other@tagbook.test', 'tagbook-other');
    for (const role of ['owner', 'other', 'admin', 'employee'] as const) userIds[role] = devices[role].session!.userId;
    bronco = (await one<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`))!.id;
    camper = (await one<{ id: string }>(`select id from vehicles where name = 'Camper van'`))!.id;
    broncoInfo = (await one<{ id: string }>('select id from vehicles_info where vehicle_id = $1', [bronco]))!.id;
    // The worker really is an employee of the company whose customer the Bronco belongs to.
    expect(await one('select 1 as yes from vehicles_info i join customers c on c.id = i.customer_id join company_employees e on e.company_id = c.company_id where i.vehicle_id = $1 and e.user_id = $2', [bronco, userIds.employee])).toEqual({ yes: 1 });
  });
  afterAll(async () => server?.stop());

  it('profile fields (name, description, links, category, public): the owner and admins, nobody else', async () => {
    const expected: Record<Role, string> = { owner: 'ok', other: 'not_found', admin: 'ok', employee: 'not_found', anonymous: 'unauthenticated' };
    for (const role of Object.keys(expected) as Role[]) {
      const description = `Described by ${role}`;
      const result = await outcome(role, () => [
        { op: 'PATCH', table: 'vehicles', id: bronco, data: { description, instagram: `https://www.instagram.com/${role}`, category: 7, is_public: 1 } },
      ]);
      expect(result, role).toBe(expected[role]);
      const stored = (await one<{ description: string }>('select description from vehicles where id = $1', [bronco]))!.description;
      expect(stored === description, role).toBe(expected[role] === 'ok');
    }
  });

  it('vehicle info: admins only — the owner, a stranger and the company employee are refused and nothing changes', async () => {
    const expected: Record<Role, string> = { owner: 'permission_denied', other: 'permission_denied', admin: 'ok', employee: 'permission_denied', anonymous: 'unauthenticated' };
    for (const role of Object.keys(expected) as Role[]) {
      const color = `Painted by ${role}`;
      expect(await outcome(role, () => [{ op: 'PATCH', table: 'vehicles_info', id: broncoInfo, data: { color, year: 2022 } }]), role).toBe(expected[role]);
      const stored = (await one<{ color: string }>('select color from vehicles_info where id = $1', [broncoInfo]))!.color;
      expect(stored === color, role).toBe(expected[role] === 'ok');
    }
    // Creating the info of a vehicle that has none: the same rule (update if it exists, insert otherwise).
    const fresh = newId();
    await server.db.query(`insert into vehicles (id, name, user_id) values ($1, 'No info yet', $2)`, [fresh, userIds.owner]);
    for (const role of ['owner', 'other', 'employee', 'admin'] as const) {
      const id = newId();
      const result = await outcome(role, () => [{ op: 'PUT', table: 'vehicles_info', id, data: { vehicle_id: fresh, make: 'Ford' } }]);
      expect(result, role).toBe(role === 'admin' ? 'ok' : 'permission_denied');
    }
    expect((await server.db.query('select make from vehicles_info where vehicle_id = $1', [fresh])).length).toBe(1);
  });

  it('notes: written by the owner (as themselves) and admins; removed by soft delete; authors named by the server', async () => {
    const expected: Record<Role, string> = { owner: 'ok', other: 'not_found', admin: 'ok', employee: 'not_found', anonymous: 'unauthenticated' };
    const written: Partial<Record<Role, string>> = {};
    for (const role of Object.keys(expected) as Role[]) {
      const id = newId();
      const userId = role === 'anonymous' ? userIds.owner : userIds[role];
      expect(await outcome(role, () => [{ op: 'PUT', table: 'vehicle_notes', id, data: { vehicle_id: bronco, user_id: userId, body: `Note by ${role}`, is_public: 0 } }]), role).toBe(expected[role]);
      const stored = await one<{ body: string; author_name: string }>('select body, author_name from vehicle_notes where id = $1', [id]);
      expect(stored !== undefined, role).toBe(expected[role] === 'ok');
      if (stored) written[role] = id;
    }
    expect((await one<{ author_name: string }>('select author_name from vehicle_notes where id = $1', [written.owner]))!.author_name).toBe('Demo Owner');
    expect((await one<{ author_name: string }>('select author_name from vehicle_notes where id = $1', [written.admin]))!.author_name).toBe('Demo Admin');

    // Writing in someone else's name, naming the author, or moving a note is refused even to the owner.
    expect(await outcome('owner', () => [{ op: 'PUT', table: 'vehicle_notes', id: newId(), data: { vehicle_id: bronco, user_id: userIds.other, body: 'x' } }])).toBe('permission_denied');
    expect(await outcome('owner', () => [{ op: 'PUT', table: 'vehicle_notes', id: newId(), data: { vehicle_id: bronco, user_id: userIds.owner, body: 'x', author_name: 'Someone famous' } }])).toBe('permission_denied');
    expect(await outcome('owner', () => [{ op: 'PATCH', table: 'vehicle_notes', id: written.owner!, data: { vehicle_id: camper } }])).toBe('permission_denied');
    expect(await outcome('owner', () => [{ op: 'PUT', table: 'vehicle_notes', id: newId(), data: { vehicle_id: bronco, user_id: userIds.owner, body: '   ' } }])).toBe('invalid_value');

    // Removing: a soft delete by the owner; others cannot; a hard delete is an admin's tool.
    for (const role of ['other', 'employee'] as const) {
      expect(await outcome(role, () => [{ op: 'PATCH', table: 'vehicle_notes', id: written.owner!, data: { deleted_at: '2026-01-01T00:00:00.000Z' } }]), role).toBe('not_found');
    }
    expect(await outcome('owner', () => [{ op: 'DELETE', table: 'vehicle_notes', id: written.owner! }])).toBe('permission_denied');
    expect(await outcome('owner', () => [{ op: 'PATCH', table: 'vehicle_notes', id: written.owner!, data: { deleted_at: '2026-01-01T00:00:00.000Z', is_public: 1 } }])).toBe('ok');
    expect(await one('select deleted_at is not null as removed, is_public from vehicle_notes where id = $1', [written.owner])).toEqual({ removed: true, is_public: true });
    expect(await outcome('admin', () => [{ op: 'DELETE', table: 'vehicle_notes', id: written.admin! }])).toBe('ok');
  });

  it('track sessions: the owner and admins; values checked (date, conditions, lap time, pressures)', async () => {
    const session = (userId: string, over: Record<string, unknown> = {}) => ({
      vehicle_id: bronco, user_id: userId, held_on: '2026-05-17', circuit: 'Laguna Seca', laps: 12, best_lap_ms: 101_234,
      conditions: 'dry', tire_pressure_front: 2.1, tire_pressure_rear: 2.2, tires: 'Cup 2', notes: 'Brake fade after lap 8', ...over,
    });
    const expected: Record<Role, string> = { owner: 'ok', other: 'not_found', admin: 'ok', employee: 'not_found', anonymous: 'unauthenticated' };
    for (const role of Object.keys(expected) as Role[]) {
      const id = newId();
      const userId = role === 'anonymous' ? userIds.owner : userIds[role];
      expect(await outcome(role, () => [{ op: 'PUT', table: 'track_sessions', id, data: session(userId) }]), role).toBe(expected[role]);
      const stored = await one<{ held_on: string; tire_pressure_front: number }>('select held_on::text as held_on, tire_pressure_front from track_sessions where id = $1', [id]);
      expect(stored === undefined ? null : stored, role).toEqual(expected[role] === 'ok' ? { held_on: '2026-05-17', tire_pressure_front: 2.1 } : null);
    }
    for (const bad of [{ held_on: '2026-02-30' }, { conditions: 'snow' }, { best_lap_ms: 0 }, { tire_pressure_front: 'x' }, { laps: 1.5 }, { held_on: null }]) {
      expect(await outcome('owner', () => [{ op: 'PUT', table: 'track_sessions', id: newId(), data: session(userIds.owner, bad) }]), JSON.stringify(bad)).toBe('invalid_value');
    }
  });

  it('refuses links that are not web addresses and categories outside the list, to admins too', async () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(await outcome(role, () => [{ op: 'PATCH', table: 'vehicles', id: bronco, data: { website: 'javascript:alert(1)' } }]), role).toBe('invalid_value');
      expect(await outcome(role, () => [{ op: 'PATCH', table: 'vehicles', id: bronco, data: { category: 0 } }]), role).toBe('invalid_value');
    }
    expect((await one<{ website: string | null }>('select website from vehicles where id = $1', [bronco]))!.website).toBeNull();
  });

  it('ownership: moved only by admins, to an account found by email; the owner cannot give the vehicle away', async () => {
    const transfer = (role: Role, email: string, vehicleId = bronco) => devices[role].client(VehicleService).transferOwnership({ vehicleId, email });
    for (const role of ['owner', 'other', 'employee'] as const) {
      await expect(transfer(role, 'other@tagbook.test'), role).rejects.toMatchObject({ code: Code.PermissionDenied });
    }
    await expect(transfer('anonymous', 'other@tagbook.test')).rejects.toMatchObject({ code: Code.Unauthenticated });
    expect(await outcome('owner', () => [{ op: 'PATCH', table: 'vehicles', id: bronco, data: { user_id: userIds.other } }])).toBe('permission_denied');
    expect((await one<{ user_id: string }>('select user_id from vehicles where id = $1', [bronco]))!.user_id).toBe(userIds.owner);

    await expect(transfer('admin', 'nobody@tagbook.test')).rejects.toMatchObject({ code: Code.NotFound, rawMessage: 'No account uses this email' });
    await expect(transfer('admin', 'owner@tagbook.test')).rejects.toMatchObject({ code: Code.FailedPrecondition });
    await expect(transfer('admin', ' ')).rejects.toMatchObject({ code: Code.InvalidArgument });
    await expect(transfer('admin', 'other@tagbook.test', newId())).rejects.toMatchObject({ code: Code.NotFound, rawMessage: 'Vehicle not found!' });

    const res = await transfer('admin', '  Other@Tagbook.test ');
    expect(res.owner).toMatchObject({ id: userIds.other, email: 'other@tagbook.test' });
    expect((await one<{ user_id: string }>('select user_id from vehicles where id = $1', [bronco]))!.user_id).toBe(userIds.other);
    // The move is in the vehicle's history, with the admin who made it.
    expect(await one('select detail, actor_name from vehicle_events where vehicle_id = $1 and kind = $2 order by created_at desc limit 1', [bronco, 'ownership'])).toEqual({
      detail: 'other', actor_name: 'Demo Admin',
    });
    // Now the new owner writes notes on it, and the previous owner no longer can.
    expect(await outcome('other', () => [{ op: 'PUT', table: 'vehicle_notes', id: newId(), data: { vehicle_id: bronco, user_id: userIds.other, body: 'Mine now' } }])).toBe('ok');
    expect(await outcome('owner', () => [{ op: 'PUT', table: 'vehicle_notes', id: newId(), data: { vehicle_id: bronco, user_id: userIds.owner, body: 'Still mine?' } }])).toBe('not_found');
  });

  it('writes the history of info changes, renames and visibility with who made them', async () => {
    const events = async () =>
      server.db.query<{ kind: string; detail: string; actor_name: string | null }>(
        'select kind, detail, actor_name from vehicle_events where vehicle_id = $1 order by created_at, seq',
        [camper],
      );
    const before = (await events()).length;
    const info = (await one<{ id: string }>('select id from vehicles_info where vehicle_id = $1', [camper]))!.id;
    expect(await outcome('admin', () => [{ op: 'PATCH', table: 'vehicles_info', id: info, data: { color: 'Forest Green', model: 'Sprinter 2500', notes: '' } }])).toBe('ok');
    expect(await outcome('owner', () => [{ op: 'PATCH', table: 'vehicles', id: camper, data: { name: 'Camper', is_public: 1 } }])).toBe('ok');
    // The model did not change, and empty notes are no notes, as before: only the color counts.
    expect((await events()).slice(before)).toEqual([
      { kind: 'info', detail: 'color', actor_name: 'Demo Admin' },
      { kind: 'renamed', detail: 'Camper', actor_name: 'Demo Owner' },
      { kind: 'visibility', detail: 'public', actor_name: 'Demo Owner' },
    ]);
    // Devices never write history.
    expect(await outcome('admin', () => [{ op: 'PUT', table: 'vehicle_events', id: newId(), data: { vehicle_id: camper, kind: 'info' } }])).toBe('permission_denied');
  });
});
