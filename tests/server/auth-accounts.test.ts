import { Code } from '@connectrpc/connect';
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { usernameDigestInput } from '../../src/domain/credentials.js';
import { CreateAccountError } from '../../src/gen/tagbook/v1/auth_pb.js';
import { sha256Hex } from '../../server/accounts/passwords.js';
import { newId } from '../../src/domain/ids.js';
import { passwordHash, sessionRow } from '../helpers/auth-db.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The server runs in this process: scrypt is the real one, wrapped only to count calls (the unknown-user test).
const scryptCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    scryptCalls.count++;
    return crypto.scrypt(...args);
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

const backends = await testBackends();

const DAY = 24 * 60 * 60 * 1000;
let unique = 0;
const email = (name: string) => `${name}-${++unique}@example.com`;

describe.each(backends)('accounts and sign-in on %s', (backend) => {
  let server: TestServer;
  // Each device gets its own address so failed sign-ins of one test never rate-limit another.
  let addresses = 0;
  const device = () => TestDevice.create(server, { address: `198.51.100.${++addresses}` });

  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: '1' });
  });
  afterAll(async () => server?.stop());

  describe('createAccount', () => {
    it('registers, signs in on this device, and sets the session cookie', async () => {
      const d = await device();
      const address = email('alice');
      const res = await d.auth.createAccount({
        email: `  ${address.toUpperCase()} `, password: TestDevice.digests(address, 'pass').password, remember: false, publicKey: d.publicKey,
      });
      expect(res.errors).toEqual([]);
      const session = res.session!;
      expect(session.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(session.user).toMatchObject({
        id: session.userId, email: address, displayName: address.split('@')[0], isAdmin: false, isEmployee: false,
      });
      // The server's own P-256 key, the same for every session.
      const serverKey = createPublicKey({ key: Buffer.from(session.serverPublicKey), format: 'der', type: 'spki' });
      expect(serverKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
      const [stored] = await server.db.query<{ username_digest: string; email: string }>(
        'select username_digest, email from users where id = $1', [session.userId],
      );
      expect(stored).toEqual({ username_digest: sha256Hex(usernameDigestInput(address)), email: address });
      // A browser-session cookie: no Max-Age without "Trust this device".
      expect(d.setCookies.at(-1)).toBe(`tagbook_session=${session.sessionId}; Path=/; HttpOnly; SameSite=Strict`);
      expect((await sessionRow(server.db, session.sessionId)).remember).toBe(false);

      d.adopt(session);
      const logged = await d.account.isLogged({});
      expect(logged.logged).toBe(true);
      expect(logged.user?.email).toBe(address);
    });

    it('returns email in use for a taken address, whatever its case, and changes nothing', async () => {
      const address = email('taken');
      await (await device()).register(address, 'first');
      const before = await passwordHash(server.db, address);
      const d = await device();
      const res = await d.auth.createAccount({
        email: address.toUpperCase(), password: TestDevice.digests(address, 'second').password, publicKey: d.publicKey,
      });
      expect(res.errors).toEqual([CreateAccountError.EMAIL_IN_USE]);
      expect(res.session).toBeUndefined();
      expect(await passwordHash(server.db, address)).toEqual(before);
      expect(d.setCookies).toEqual([]);
    });

    it('returns every form error at once: invalid email and a password that is not a digest', async () => {
      const d = await device();
      const res = await d.auth.createAccount({ email: 'not an email', password: 'hunter2', publicKey: d.publicKey });
      expect(res.errors).toEqual([CreateAccountError.EMAIL_INVALID, CreateAccountError.PASSWORD_INVALID]);
      const upper = await d.auth.createAccount({ email: email('x'), password: 'A'.repeat(64), publicKey: d.publicKey });
      expect(upper.errors).toEqual([CreateAccountError.PASSWORD_INVALID]);
      const [{ n }] = (await server.db.query<{ n: string }>(`select count(*) as n from users where email = 'not an email'`)) as [{ n: string }];
      expect(n).toBe('0');
    });

    it('refuses a public key that is not ECDSA P-256', async () => {
      const d = await device();
      const address = email('badkey');
      const err = await refusal(
        d.auth.createAccount({ email: address, password: TestDevice.digests(address, 'p').password, publicKey: new Uint8Array([1, 2, 3]) }),
      );
      expect(err.code).toBe(Code.InvalidArgument);
      expect(await server.db.query('select 1 from users where email = $1', [address])).toEqual([]);
    });

    it('keeps a remembered session for a year, a browser session for a week, both sliding', async () => {
      const a = await device();
      const remembered = await a.register(email('remember'), 'p', { remember: true });
      expect(a.setCookies.at(-1)).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
      const row = await sessionRow(server.db, remembered.sessionId);
      expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(364 * DAY);

      const b = await device();
      const short = await b.register(email('week'), 'p');
      const before = await sessionRow(server.db, short.sessionId);
      expect(before.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
      expect(before.expires_at.getTime() - Date.now()).toBeLessThan(7.1 * DAY);
      await server.db.query(`update sessions set expires_at = now() + interval '1 hour' where id = $1`, [short.sessionId]);
      await b.account.isLogged({});
      const after = await sessionRow(server.db, short.sessionId);
      expect(after.expires_at.getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
    });
  });

  describe('loginPassword', () => {
    it('signs in with the right digests on a new device, bound to that device key', async () => {
      const address = email('bob');
      await (await device()).register(address, 'correct horse');
      const d = await device();
      const session = await d.signIn(address, 'correct horse', { remember: true });
      expect(session.user?.email).toBe(address);
      expect(d.cookie).toBe(session.sessionId);
      expect((await d.account.isLogged({})).logged).toBe(true);
    });

    it('answers a wrong password and an unknown user alike, and creates no session', async () => {
      const address = email('carol');
      const owner = await device();
      const { userId } = await owner.register(address, 'right');
      const d = await device();
      const wrong = await refusal(d.signIn(address, 'wrong'));
      const unknown = await refusal(d.signIn(email('nobody'), 'right'));
      for (const err of [wrong, unknown]) {
        expect(err.code).toBe(Code.PermissionDenied);
        expect(err.rawMessage).toBe('Access denied, wrong password');
      }
      const sessions = await server.db.query('select id from sessions where user_id = $1', [userId]);
      expect(sessions).toHaveLength(1);
      expect(d.cookie).toBeNull();
    });

    it('does the same password work for an unknown user as for a wrong password', async () => {
      const address = email('timing');
      await (await device()).register(address, 'right');
      // Counted, not timed: a loaded machine makes single timings noisy. Without the decoy hash, "no such user"
      // would answer without running scrypt, and how fast it answers would tell who has an account.
      const scryptRuns = async (who: string) => {
        const d = await device();
        const before = scryptCalls.count;
        await refusal(d.signIn(who, 'wrong'));
        return scryptCalls.count - before;
      };
      const known = await scryptRuns(address);
      expect(known).toBe(1);
      // The first unknown user also makes the decoy (a second scrypt, once per process); every one checks against it.
      expect(await scryptRuns(email('ghost'))).toBeGreaterThanOrEqual(known);
      expect(await scryptRuns(email('ghost'))).toBe(known);
    });

    it('refuses malformed digests and keys as invalid arguments', async () => {
      const d = await device();
      const digests = TestDevice.digests(email('m'), 'p');
      expect((await refusal(d.auth.loginPassword({ ...digests, username: 'abc', publicKey: d.publicKey }))).code).toBe(Code.InvalidArgument);
      expect((await refusal(d.auth.loginPassword({ ...digests, password: 'ABC', publicKey: d.publicKey }))).code).toBe(Code.InvalidArgument);
      expect((await refusal(d.auth.loginPassword({ ...digests, publicKey: new Uint8Array(91) }))).code).toBe(Code.InvalidArgument);
    });

    it('falls back to deprecated_username for an account whose stored digest predates the current one', async () => {
      const address = email('legacy');
      const { userId } = await (await device()).register(address, 'old-pass');
      const legacyDigest = sha256Hex(`legacy:${address}`);
      await server.db.query('update users set username_digest = $2 where id = $1', [userId, legacyDigest]);
      const d = await device();
      const digests = TestDevice.digests(address, 'old-pass');
      // Without the fallback the digest finds nobody.
      expect((await refusal(d.auth.loginPassword({ ...digests, publicKey: d.publicKey }))).code).toBe(Code.PermissionDenied);
      // A clear username that does not digest to the username sent is ignored.
      const mismatched = d.auth.loginPassword({ ...digests, publicKey: d.publicKey, deprecatedUsername: email('other') });
      expect((await refusal(mismatched)).code).toBe(Code.PermissionDenied);
      const res = await d.auth.loginPassword({ ...digests, publicKey: d.publicKey, deprecatedUsername: address });
      expect(res.session?.userId).toBe(userId);
      // Upgraded: the next sign-in needs no fallback.
      const [row] = await server.db.query<{ username_digest: string }>('select username_digest from users where id = $1', [userId]);
      expect(row?.username_digest).toBe(digests.username);
      await (await device()).signIn(address, 'old-pass');
    });
  });

  describe('the current user', () => {
    it('is anonymous without a session header', async () => {
      const d = await device();
      const res = await d.account.isLogged({});
      expect(res).toMatchObject({ logged: false });
      expect(res.user).toBeUndefined();
    });

    it('comes back in the response header of every call, with current company links only', async () => {
      const d = await device();
      const { userId } = await d.register(email('worker'), 'p');
      const [current, past, deleted, future] = [newId(), newId(), newId(), newId()];
      await server.db.query(
        `insert into companies (id, name, short_info, deleted_at) values
           ($1, 'Garage', 'Repairs', null), ($2, 'Old shop', null, null), ($3, 'Gone', null, now()), ($4, 'Next job', null, null)`,
        [current, past, deleted, future],
      );
      // Hired, but starting tomorrow: not an employee of that company yet.
      await server.db.query(
        `insert into company_employees (id, user_id, company_id, type, start_date) values ($1, $2, $3, 'worker', now() + interval '1 day')`,
        [newId(), userId, future],
      );
      const linkId = newId();
      await server.db.query(
        `insert into company_employees (id, user_id, company_id, type, end_date) values
           ($1, $4, $2, 'worker', null), ($5, $4, $3, 'worker', now() - interval '1 day'),
           ($6, $4, $7, 'owner', now() + interval '1 day')`,
        [linkId, current, past, userId, newId(), newId(), deleted],
      );
      await server.db.query('update users set is_admin = true, display_name = $2 where id = $1', [userId, 'Wendy']);
      await d.account.isLogged({});
      expect(d.user).toMatchObject({ id: userId, displayName: 'Wendy', isAdmin: true, isEmployee: true });
      expect(d.user?.companyEmployees.map((e) => ({ id: e.id, type: e.type, company: e.company?.name }))).toEqual([
        { id: linkId, type: 'worker', company: 'Garage' },
      ]);
    });
  });
});
