import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_MS } from '../../src/domain/clock.js';
import { SESSION_COUNTER_WINDOW } from '../../src/domain/session.js';
import { expireSession, sessionRow } from '../helpers/auth-db.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

let unique = 0;
const email = () => `session-${++unique}@example.com`;
const CHANGE_PASSWORD = '/tagbook.v1.AccountService/ChangePassword';

describe.each(backends)('signed session headers on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server?.stop());

  async function signedIn(): Promise<TestDevice> {
    const d = await TestDevice.create(server);
    await d.register(email(), 'password');
    return d;
  }

  /**
   * A call that needs a session and changes nothing: ChangePassword with empty digests. An accepted session gets
   * as far as checking the digests (invalid_argument); a refused one fails unauthenticated before that.
   */
  async function probe(d: TestDevice, send?: Promise<unknown>): Promise<{ code: Code; message: string }> {
    const err = await refusal(send ?? d.account.changePassword({ currentPassword: '', newPassword: '' }));
    return { code: err.code, message: err.rawMessage };
  }
  const ACCEPTED = { code: Code.InvalidArgument, message: 'current_password must be a lowercase hex SHA-256 digest' };
  const refused = (message: RegExp) => ({ code: Code.Unauthenticated, message: expect.stringMatching(message) });

  it('accepts a correctly signed request, counting from 1, and reports the user in the response header', async () => {
    const d = await signedIn();
    d.user = null;
    expect(await probe(d)).toEqual(ACCEPTED);
    expect(d.user).toMatchObject({ id: d.session!.userId });
    expect((await sessionRow(server.db, d.session!.sessionId)).counter).toBe('1');
  });

  it('refuses a replayed header', async () => {
    const d = await signedIn();
    expect(await probe(d)).toEqual(ACCEPTED);
    d.tamperNext({ raw: d.sentHeaders.at(-1)! });
    expect(await probe(d)).toEqual(refused(/already used: replayed/));
    // IsLogged never fails; a replayed header there is simply no session.
    await d.account.isLogged({});
    d.tamperNext({ raw: d.sentHeaders.at(-1)! });
    expect((await d.account.isLogged({})).logged).toBe(false);
    expect(await probe(d)).toEqual(ACCEPTED);
  });

  it('accepts a counter inside the window once, so requests of several tabs may arrive out of order', async () => {
    const d = await signedIn();
    d.counter = 10n;
    expect(await probe(d)).toEqual(ACCEPTED); // 11 is now the highest
    d.tamperNext({ fields: (f) => ({ ...f, counter: 5n }) });
    expect(await probe(d)).toEqual(ACCEPTED);
    d.tamperNext({ fields: (f) => ({ ...f, counter: 5n }) });
    expect(await probe(d)).toEqual(refused(/already used/));
    d.tamperNext({ fields: (f) => ({ ...f, counter: 11n }) });
    expect(await probe(d)).toEqual(refused(/already used/));
    expect((await sessionRow(server.db, d.session!.sessionId)).counter).toBe('11');
  });

  it('refuses a counter below the window even if it was never used', async () => {
    const d = await signedIn();
    d.counter = 199n;
    expect(await probe(d)).toEqual(ACCEPTED); // highest: 200
    const lowest = 200n - BigInt(SESSION_COUNTER_WINDOW) + 1n;
    d.tamperNext({ fields: (f) => ({ ...f, counter: lowest - 1n }) });
    expect(await probe(d)).toEqual(refused(/too far below/));
    d.tamperNext({ fields: (f) => ({ ...f, counter: lowest }) });
    expect(await probe(d)).toEqual(ACCEPTED);
  });

  it('accepts parallel requests with distinct counters', async () => {
    const d = await signedIn();
    const results = await Promise.all(Array.from({ length: 12 }, () => probe(d)));
    expect(results).toEqual(Array(12).fill(ACCEPTED));
  });

  it('accepts one of two parallel requests carrying the same counter', async () => {
    const d = await signedIn();
    const header = await d.signHeader(CHANGE_PASSWORD);
    const send = () => {
      d.tamperNext({ raw: header });
      return probe(d);
    };
    const results = await Promise.all([send(), send(), send()]);
    expect(results.filter((r) => r.code === Code.InvalidArgument)).toHaveLength(1);
    expect(results.filter((r) => r.code === Code.Unauthenticated)).toHaveLength(2);
  });

  it('refuses a forged signature, a header signed by another key, and fields changed after signing', async () => {
    const d = await signedIn();
    const before = await sessionRow(server.db, d.session!.sessionId);
    d.tamperNext({ header: (h) => ({ ...h, signature: h.signature.map((b, i) => (i === 10 ? b ^ 1 : b)) }) });
    expect(await probe(d)).toEqual(refused(/signature does not match/));
    d.tamperNext({ signingKey: (await TestDevice.newKeyPair()).privateKey });
    expect(await probe(d)).toEqual(refused(/signature does not match/));
    d.tamperNext({ header: (h) => ({ ...h, counter: h.counter + 100n }) });
    expect(await probe(d)).toEqual(refused(/signature does not match/));
    // A header signed for another procedure is worth nothing here.
    d.tamperNext({ fields: (f) => ({ ...f, procedure: '/tagbook.v1.AccountService/IsLogged' }) });
    expect(await probe(d)).toEqual(refused(/signature does not match/));
    // Nothing moved: neither the counter nor the expiry.
    const after = await sessionRow(server.db, d.session!.sessionId);
    expect(after).toEqual(before);
  });

  it("refuses another device's session signed with this device's key, and a session of another user", async () => {
    const d = await signedIn();
    const other = await signedIn();
    d.tamperNext({ fields: (f) => ({ ...f, sessionId: other.session!.sessionId }), cookie: null });
    expect(await probe(d)).toEqual(refused(/signature does not match/));
    d.tamperNext({ fields: (f) => ({ ...f, userId: other.session!.userId }) });
    expect(await probe(d)).toEqual(refused(/another user/));
  });

  it('refuses timestamps too far in the past or the future', async () => {
    const d = await signedIn();
    const skew = BigInt(MAX_CLOCK_SKEW_MS + 60_000);
    d.tamperNext({ fields: (f) => ({ ...f, timestamp: f.timestamp - skew }) });
    expect(await probe(d)).toEqual(refused(/behind the server clock/));
    d.tamperNext({ fields: (f) => ({ ...f, timestamp: f.timestamp + skew }) });
    expect(await probe(d)).toEqual(refused(/ahead of the server clock/));
    // Within the allowed skew is fine.
    d.tamperNext({ fields: (f) => ({ ...f, timestamp: f.timestamp - BigInt(MAX_CLOCK_SKEW_MS - 60_000) }) });
    expect(await probe(d)).toEqual(ACCEPTED);
  });

  it('refuses a signed-out session, an expired one, and one that never existed', async () => {
    const out = await signedIn();
    await out.auth.logout({ allDevices: false });
    expect(out.cookie).toBeNull();
    out.cookie = out.session!.sessionId; // a browser that kept the cookie changes nothing
    expect(await probe(out)).toEqual(refused(/signed out/));
    expect((await out.account.isLogged({})).logged).toBe(false);

    const expired = await signedIn();
    await expireSession(server.db, expired.session!.sessionId);
    expect(await probe(expired)).toEqual(refused(/expired/));
    expect((await expired.account.isLogged({})).logged).toBe(false);

    const ghost = await signedIn();
    ghost.tamperNext({ fields: (f) => ({ ...f, sessionId: 'A'.repeat(22) }), cookie: null });
    expect(await probe(ghost)).toEqual(refused(/not found/));
  });

  it('refuses malformed headers', async () => {
    const d = await signedIn();
    d.tamperNext({ raw: 'not base64!' });
    expect(await probe(d)).toEqual(refused(/not valid base64/));
    d.tamperNext({ raw: Buffer.from([0xff, 0xff, 0xff]).toString('base64') });
    expect(await probe(d)).toEqual(refused(/not a SessionHeader/));
    d.tamperNext({ header: (h) => ({ ...h, counter: 0n }) });
    expect(await probe(d)).toEqual(refused(/incomplete/));
    d.tamperNext({ header: (h) => ({ ...h, signature: h.signature.slice(0, 40) }) });
    expect(await probe(d)).toEqual(refused(/64 bytes/));
  });

  it('refuses a header whose session differs from the cookie, and never accepts the cookie alone', async () => {
    const d = await signedIn();
    const other = await signedIn();
    d.tamperNext({ cookie: other.session!.sessionId });
    expect(await probe(d)).toEqual(refused(/cookie and session header name different sessions/));

    // Someone holding only the cookie is anonymous.
    const thief = await TestDevice.create(server);
    thief.cookie = d.cookie;
    expect((await thief.account.isLogged({})).logged).toBe(false);
    expect(await probe(thief)).toEqual(refused(/needs a session/));
    // The real device is unaffected.
    expect(await probe(d)).toEqual(ACCEPTED);
  });
});
