import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSyncToken } from '../../server/accounts/tokens.js';
import { LINE_LIMITS } from '../../server/sync/serve/data-pages.js';
import { negotiateEncoding } from '../../server/sync/serve/response-sink.js';
import { testBackends } from '../helpers/databases.js';
import { openRawStream, openSyncTestDatabase, seedAndReplicate, type SyncTestDatabase, type SyncTestServer } from '../helpers/powersync.js';

const backends = await testBackends();

type Line = Record<string, any>;
const AUDIENCE = 'http://tagbook.test';

describe.each(backends)('the sync protocol by hand on %s', (backend) => {
  let database: SyncTestDatabase;
  let server: SyncTestServer;
  let ids: Record<'admin' | 'owner' | 'worker', string>;
  const token = async (userId: string | null, ttlSeconds?: number) => (await server.sync.issueToken(userId, { ttlSeconds })).token;
  const writeCheckpoint = (auth: string | null, clientId: string) =>
    fetch(`${server.url}/write-checkpoint2.json?client_id=${clientId}`, { headers: auth ? { authorization: auth } : {} });

  beforeAll(async () => {
    database = await openSyncTestDatabase(backend);
    server = await database.start();
    ids = await seedAndReplicate(server);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('streams NDJSON without buffering: checkpoint, data with string ids, checkpoint_complete', async () => {
    const stream = await openRawStream(server.url, await token(ids.owner), undefined, { 'accept-encoding': 'identity' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('application/x-ndjson');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('content-encoding')).toBeNull();
    const lines = await stream.until('checkpoint_complete');
    stream.close();
    const checkpoint = lines[0]!.checkpoint as Line;
    expect(checkpoint.last_op_id).toMatch(/^\d+$/);
    expect(checkpoint.buckets.map((b: Line) => b.bucket)).toContain('public[]');
    expect(checkpoint.buckets.map((b: Line) => b.bucket)).toContain(`by_user["${ids.owner}"]`);
    for (const bucket of checkpoint.buckets) expect(bucket).toMatchObject({ priority: 3, checksum: expect.any(Number), count: expect.any(Number) });
    const data = lines.filter((l) => 'data' in l).map((l) => l.data as Line);
    expect(data.length).toBeGreaterThan(0);
    for (const line of data) {
      expect(line.data.length).toBeLessThanOrEqual(LINE_LIMITS.opsPerLine);
      for (const op of line.data) {
        expect(op.op_id).toMatch(/^\d+$/);
        expect(BigInt(op.op_id)).toBeLessThanOrEqual(BigInt(checkpoint.last_op_id));
        if (op.op === 'PUT') expect(typeof op.data).toBe('string');
      }
    }
    expect(lines.at(-1)).toEqual({ checkpoint_complete: { last_op_id: checkpoint.last_op_id } });
  });

  it('compresses the stream with gzip when the client accepts it, flushing each tick so live changes are not held', async () => {
    const stream = await openRawStream(server.url, await token(null), undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(stream.headers.get('content-encoding')).toBe('gzip');
    expect(stream.headers.get('vary')).toBe('Accept-Encoding');
    await stream.until('checkpoint_complete');
    // The stream stays open: the diff can only arrive if the compressor flushed it.
    await server.db.query(`update vehicles set name = 'Red 911 compressed' where name = 'Red 911'`);
    const live = await stream.until('checkpoint_complete', 10_000);
    stream.close();
    expect(live[0]).toHaveProperty('checkpoint_diff');
    expect(JSON.stringify(live)).toContain('Red 911 compressed');
    await server.db.query(`update vehicles set name = 'Red 911' where name = 'Red 911 compressed'`);
    await server.sync.replicator.idle();
    const refused = await openRawStream(server.url, await token(null), undefined, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    refused.close();
  });

  it('sends only ops after the client\'s position, while advertising the full checksum', async () => {
    const first = await openRawStream(server.url, await token(null));
    const lines = await first.until('checkpoint_complete');
    first.close();
    const checkpoint = lines[0]!.checkpoint as Line;
    const resumed = await openRawStream(server.url, await token(null), {
      buckets: [{ name: 'public[]', after: checkpoint.last_op_id }],
      client_id: 'resume',
    });
    const again = await resumed.until('checkpoint_complete');
    resumed.close();
    expect(again).toHaveLength(2);
    expect((again[0]!.checkpoint as Line).buckets).toEqual(checkpoint.buckets);
  });

  it('refuses missing, malformed, foreign, expired and misaddressed tokens with 401 in the service\'s shape', async () => {
    const other = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const kid = decodeProtectedHeader(await token(ids.owner)).kid!;
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA', kid }).setSubject(ids.admin)
      .setAudience(AUDIENCE).setIssuedAt(now).setExpirationTime(now + 60).sign(other.privateKey);
    const expired = await token(ids.owner, -120);
    const elsewhere = { db: server.db, config: { powersyncUrl: 'https://elsewhere.example' } };
    const wrongAudience = (await issueSyncToken(elsewhere, ids.owner)).token;
    for (const auth of [null, 'Basic abc', 'Token not-a-jwt', `Token ${forged}`, `Bearer ${expired}`, `Token ${wrongAudience}`]) {
      const res = await fetch(`${server.url}/sync/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: '{}',
      });
      expect(res.status, String(auth)).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'PSYNC_S2101', status: 401, description: expect.any(String) } });
      expect((await writeCheckpoint(auth, 'c')).status).toBe(401);
    }
  });

  it('accepts Bearer as well as Token', async () => {
    const res = await fetch(`${server.url}/sync/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token(null)}` },
      body: '{"buckets":[]}',
    });
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });

  it('answers CORS preflights listing Authorization and X-User-Agent', async () => {
    for (const path of ['/sync/stream', '/write-checkpoint2.json']) {
      const res = await fetch(server.url + path, {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-user-agent' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
      for (const header of ['authorization', 'content-type', 'x-user-agent']) expect(allowed).toContain(header);
    }
  });

  it('publishes the verifying key, with the kid tokens carry', async () => {
    const res = await fetch(`${server.url}/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Line[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: decodeProtectedHeader(await token(null)).kid });
    expect(keys[0]).not.toHaveProperty('d');
    expect(await exportJWK((await generateKeyPair('EdDSA', { crv: 'Ed25519' })).publicKey)).not.toEqual(keys[0]);
  });

  it('counts write checkpoints per user and client id', async () => {
    const auth = `Token ${await token(ids.worker)}`;
    const values = [];
    for (const clientId of ['wc-a', 'wc-a', 'wc-b', 'wc-a']) {
      const res = await writeCheckpoint(auth, clientId);
      expect(res.status).toBe(200);
      values.push(((await res.json()) as Line).data.write_checkpoint);
    }
    expect(values).toEqual(['1', '2', '1', '3']);
    expect((await writeCheckpoint(auth, '')).status).toBe(400);
  });

  it('acknowledges a write checkpoint with a diff even when no bucket changed, and keeps naming it', async () => {
    const userToken = await token(ids.owner);
    const stream = await openRawStream(server.url, userToken, { buckets: [], client_id: 'ack' });
    await stream.until('checkpoint_complete');
    const res = await writeCheckpoint(`Token ${userToken}`, 'ack');
    const { write_checkpoint } = ((await res.json()) as Line).data;
    const [diff, complete] = [await stream.next(), await stream.next()];
    expect(diff).toEqual({ checkpoint_diff: { last_op_id: expect.any(String), write_checkpoint, updated_buckets: [], removed_buckets: [] } });
    expect(complete).toEqual({ checkpoint_complete: { last_op_id: (diff!.checkpoint_diff as Line).last_op_id } });

    // A write, then a checkpoint: acknowledged only in a checkpoint that contains the write.
    await server.db.query(`update vehicles set description = 'uploaded' where user_id = $1 and name = 'Red 911'`, [ids.owner]);
    const second = ((await (await writeCheckpoint(`Token ${userToken}`, 'ack')).json()) as Line).data.write_checkpoint;
    // Everything up to the complete that closes the acknowledging checkpoint is what the client has applied then.
    const lines: Line[] = [];
    let acknowledged = false;
    while (!acknowledged) {
      const batch = await stream.until('checkpoint_complete');
      lines.push(...batch);
      acknowledged = batch.some((l) => (l.checkpoint_diff as Line | undefined)?.write_checkpoint === second);
    }
    expect(lines.some((l) => 'data' in l && JSON.stringify(l).includes('uploaded'))).toBe(true);
    stream.close();

    const fresh = await openRawStream(server.url, userToken, { buckets: [], client_id: 'ack' });
    const [first] = await fresh.until('checkpoint');
    fresh.close();
    expect((first!.checkpoint as Line).write_checkpoint).toBe(second);
  });

  it('ends the stream with token_expires_in 0 when the token expires', async () => {
    const stream = await openRawStream(server.url, await token(null, 2));
    await stream.until('checkpoint_complete');
    const last = await stream.next(4000);
    expect(last).toEqual({ token_expires_in: 0 });
    expect(await stream.next(2000)).toBeNull();
  });

  it('ends open streams when the server shuts down', async () => {
    const stream = await openRawStream(server.url, await token(null));
    await stream.until('checkpoint_complete');
    const port = server.port;
    const closing = server.close();
    expect(await stream.next(3000)).toBeNull();
    await closing;
    server = await database.start({ port });
  });
});

describe('stream encoding negotiation', () => {
  it('gzips only when Accept-Encoding names gzip with a non-zero weight', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('gzip');
    expect(negotiateEncoding('br;q=1.0, GZIP;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('br, deflate')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});
