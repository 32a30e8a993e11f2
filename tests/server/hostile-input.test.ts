import { gzipSync } from 'node:zlib';
import { create, toBinary, type DescMessage } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { WRITABLE_COLUMNS } from '../../server/writes/tables.js';
import { newId } from '../../src/domain/ids.js';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import { AuthService } from '../../src/gen/tagbook/v1/auth_pb.js';
import { QrTagService } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { upload as send } from '../helpers/upload.js';

const backends = await testBackends();
const SERVICES = [AuthService, AccountService, SyncService, UploadService, VehicleContentsService, QrTagService];

/** A small deterministic generator (mulberry32): a failing fuzz case reproduces from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => int(256));
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, bytes, pick };
}

describe.each(backends)('hostile input on %s', (backend) => {
  let server: TestServer;
  let owner: TestDevice;
  let red911: string;

  beforeAll(async () => {
    server = await startTestServer(backend);
    await seedDemo(server.db);
    owner = await TestDevice.create(server);
    await owner.signIn('owner@tagbook.test', 'tagbook-demo');
    [{ id: red911 }] = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`)) as [{ id: string }];
  });
  afterAll(async () => server?.stop());

  const upload = (data: Record<string, unknown>, table = 'vehicles', id = red911, op: 'PUT' | 'PATCH' = 'PATCH', clientId = 'hostile-client') =>
    send(owner, { table, id, op, data }, { clientId });
  const rejections = async () => Number((await server.db.query<{ n: string }>('select count(*) as n from sync_upload_rejections'))[0]!.n);

  describe('uploads the database could never store are recorded refusals, so the queue moves on', () => {
    it.each(['0000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '+010000-01-01T00:00:00Z'])(
      'a timestamp of %s',
      async (time) => {
        const before = await rejections();
        const res = await upload({ vehicle_id: red911, description: 'x', schedule_start: time }, 'service_requests', newId(), 'PUT');
        expect(res.errors.map((e) => e.code)).toEqual(['invalid_value']);
        expect(await rejections()).toBe(before + 1);
        expect((await upload({ name: 'Red 911' })).errors).toEqual([]);
      },
    );

    it.each<[string, Record<string, unknown>]>([
      ['a NUL in text', { name: 'a\u0000b' }],
      ['an unpaired surrogate', { name: 'a\uD800b' }],
      ['a number past the column type', { category: 2 ** 40 }],
    ])('%s', async (_what, data) => {
      const res = await upload(data);
      expect(res.errors.map((e) => e.code)).toEqual(['invalid_value']);
      expect((await upload({ name: 'Red 911' })).errors).toEqual([]);
    });

    it('a column the policy lists but the database lacks', async () => {
      const rules = WRITABLE_COLUMNS.vehicles as Record<string, unknown>;
      rules.ghost = { kind: 'text', max: 10 };
      try {
        const before = await rejections();
        const res = await upload({ ghost: 'boo' });
        expect(res.errors.map((e) => e.code)).toEqual(['invalid_value']);
        expect(await rejections()).toBe(before + 1);
      } finally {
        delete rules.ghost;
      }
      expect((await upload({ name: 'Red 911' })).errors).toEqual([]);
    });
  });

  describe('text PostgreSQL refuses is a 4xx wherever it enters', () => {
    it.each<[string, () => Promise<unknown>]>([
      ['an upload table name', () => upload({ name: 'x' }, 'vehi\u0000cles')],
      ['an upload row id', () => upload({ name: 'x' }, 'vehicles', 'a\u0000b')],
      ['an upload client id', () => upload({ name: 'x' }, 'vehicles', red911, 'PATCH', 'a\u0000b')],
      ['an email', () => owner.account.requestRecoverPassword({ email: 'a\u0000@example.com' })],
    ])('in %s', async (_where, call) => {
      await expect(call()).rejects.toMatchObject({ code: Code.InvalidArgument });
    });

    it("in the session header's session id: IsLogged answers signed out, other calls Unauthenticated", async () => {
      const device = await TestDevice.create(server);
      await device.signIn('owner@tagbook.test', 'tagbook-demo');
      device.tamperNext({ header: (h) => ({ ...h, sessionId: `${h.sessionId}\u0000` }) });
      expect((await device.account.isLogged({})).logged).toBe(false);
      device.tamperNext({ header: (h) => ({ ...h, userId: `\u0000${h.userId}` }) });
      await expect(device.auth.logout({})).rejects.toMatchObject({ code: Code.Unauthenticated });
    });

    it('in the write checkpoint client id and the sync stream body', async () => {
      const { token } = await server.sync.issueToken(owner.session!.userId);
      const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
      expect((await fetch(`${server.url}/write-checkpoint2.json?client_id=a%00b`, { headers })).status).toBe(400);
      for (const body of ['{"buckets":[{"name":"a\\u0000b","after":"0"}]}', '{"client_id":"a\\u0000"}', '{"parameters":{"k":"\\u0000"}}', '{"__proto__":{"x":1}}']) {
        const res = await fetch(`${server.url}/sync/stream`, { method: 'POST', headers, body });
        expect(res.status, body).toBe(400);
        await res.body?.cancel();
      }
    });
  });

  describe('undecodable RPC bodies are the client\'s fault', () => {
    const post = (path: string, body: Uint8Array | string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/rpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/proto', ...headers }, body: typeof body === 'string' ? body : Buffer.from(body) });

    it.each<[string, Uint8Array, Record<string, string>]>([
      ['a truncated varint', Uint8Array.of(0x0a, 0xff), {}],
      ['a field with a wrong wire type', Uint8Array.of(0x0f, 0x01), {}],
      ['a length past the end', Uint8Array.of(0x0a, 0x7f, 0x41), {}],
      ['a truncated gzip body', gzipSync(Buffer.from('hello world, hello world')).subarray(0, 12), { 'content-encoding': 'gzip' }],
      ['garbage declared as gzip', Uint8Array.of(1, 2, 3, 4), { 'content-encoding': 'gzip' }],
      ['garbage declared as brotli', Uint8Array.of(0xff, 0xff, 0xff, 0xff), { 'content-encoding': 'br' }],
    ])('%s answers invalid_argument (400)', async (_what, body, headers) => {
      const res = await post('tagbook.v1.AuthService/LoginPassword', body, headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'invalid_argument' });
    });
  });

  it('survives a few hundred random bodies to every RPC method and the sync endpoints without a 5xx', async () => {
    const rnd = random(20261124);
    const { token } = await server.sync.issueToken(owner.session!.userId);
    const failures: string[] = [];
    // Methods of the wire contract that later work implements answer 501 'is not implemented' by design.
    const check = async (what: string, res: Response) => {
      const text = res.status >= 500 ? await res.text() : '';
      if (res.status === 501 && text.includes('is not implemented')) return;
      if (res.status >= 500) failures.push(`${what} → ${res.status} ${text.slice(0, 200)}`);
      else await res.body?.cancel();
    };
    const methods = SERVICES.flatMap((s) => s.methods.map((m) => ({ path: `${s.typeName}/${m.name}`, input: m.input as DescMessage })));
    for (const { path, input } of methods) {
      for (let i = 0; i < 40; i++) {
        const kind = rnd.int(5);
        let body: Uint8Array | string;
        const headers: Record<string, string> = { 'content-type': 'application/proto' };
        if (kind === 0) body = rnd.bytes(rnd.int(64));
        else if (kind === 1) {
          const valid = toBinary(input, create(input));
          const filled = new Uint8Array([...valid, 0x0a, 8, ...rnd.bytes(8), 0x12, 4, ...rnd.bytes(4)]);
          body = filled.subarray(0, rnd.int(filled.length + 1));
        } else if (kind === 2) {
          body = rnd.pick([gzipSync(rnd.bytes(32)).subarray(0, rnd.int(40)), rnd.bytes(16)]);
          headers['content-encoding'] = rnd.pick(['gzip', 'br', 'deflate', 'x-unknown']);
        } else if (kind === 3) {
          headers['content-type'] = 'application/json';
          body = rnd.pick(['{', '[]', 'null', '{"email": 5}', JSON.stringify({ [String.fromCharCode(rnd.int(65536))]: rnd.next() }), '"\u0000"', '{"email":"a\\u0000b"}']);
        } else {
          headers['content-type'] = rnd.pick(['text/plain', 'application/proto; charset=x', '', 'application/grpc']);
          body = rnd.bytes(rnd.int(32));
        }
        await check(`${path} #${i}`, await fetch(`${server.url}/rpc/${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : Buffer.from(body) }));
      }
    }
    const streamBodies = ['', '{', 'null', '[]', '{"buckets":5}', '{"buckets":[{"name":5}]}', '{"streams":{"subscriptions":[{"stream":1}]}}'];
    for (let i = 0; i < 200; i++) {
      const body =
        i < streamBodies.length
          ? streamBodies[i]!
          : JSON.stringify({ buckets: [{ name: String.fromCharCode(...rnd.bytes(rnd.int(20))), after: rnd.pick(['0', '-1', 'x', 5, 1e30]) }], client_id: rnd.pick(['a', '\u0000', 7]) });
      const res = await fetch(`${server.url}/sync/stream`, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body });
      if (res.status === 200) await res.body?.cancel();
      else await check(`stream #${i}`, res);
      const id = encodeURIComponent(String.fromCharCode(...rnd.bytes(rnd.int(12))));
      await check(`checkpoint #${i}`, await fetch(`${server.url}/write-checkpoint2.json?client_id=${id}`, { headers: { authorization: `Token ${token}` } }));
    }
    expect(failures).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await owner.account.isLogged({})).logged).toBe(true);
  });
});

