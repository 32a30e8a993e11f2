import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../server/accounts/client-address.js';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT } from '../../server/accounts/rate-limit.js';
import { endFailureWindows, lastLinkTo, passwordHash } from '../helpers/auth-db.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

let unique = 0;
const email = () => `limit-${++unique}@example.com`;

describe('client address', () => {
  it('is the socket address unless the proxy is trusted', () => {
    expect(clientAddress('10.0.0.1', '1.2.3.4', false)).toBe('10.0.0.1');
    expect(clientAddress('::ffff:10.0.0.1', undefined, false)).toBe('10.0.0.1');
    expect(clientAddress('::1', undefined, true)).toBe('::1');
  });

  it('behind a trusted proxy, is the last X-Forwarded-For entry: earlier ones are whatever the client claimed', () => {
    expect(clientAddress('10.0.0.1', '6.6.6.6, 1.2.3.4', true)).toBe('1.2.3.4');
    expect(clientAddress('10.0.0.1', ['6.6.6.6', '1.2.3.4 '], true)).toBe('1.2.3.4');
    expect(clientAddress('10.0.0.1', ' , ', true)).toBe('10.0.0.1');
  });
});

describe.each(backends)('rate limits of failed sign-ins on %s', (backend) => {
  let server: TestServer;
  let addresses = 0;
  const nextAddress = () => `100.64.0.${++addresses}`;
  const device = (address = nextAddress()) => TestDevice.create(server, { address });

  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: '1' });
  });
  afterAll(async () => server?.stop());

  async function account(password = 'right') {
    const address = email();
    await (await device()).register(address, password);
    return address;
  }
  /** A wrong password from a fresh address, so only the account's counter grows. */
  async function failOnce(address: string, from = nextAddress()) {
    const err = await refusal((await device(from)).signIn(address, 'wrong'));
    expect(err.code).toBe(Code.PermissionDenied);
  }

  it(`allows ${ACCOUNT_FAILURE_LIMIT} failures per account, then refuses even the right password and says when to retry`, async () => {
    const address = await account();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await failOnce(address);
    const d = await device();
    const err = await refusal(d.signIn(address, 'right'));
    expect(err.code).toBe(Code.ResourceExhausted);
    expect(err.rawMessage).toBe('Too many failed sign-in attempts for this account. Try again in 15 minutes.');
    expect(d.cookie).toBeNull();
    // When the window has passed, the account is open again.
    await endFailureWindows(server.db);
    await (await device()).signIn(address, 'right');
  });

  it('forgets the failures of an account at its next successful sign-in', async () => {
    const address = await account();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await failOnce(address);
    await (await device()).signIn(address, 'right');
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i++) await failOnce(address);
    await (await device()).signIn(address, 'right');
  });

  it('counts unknown accounts the same way, so the limit tells nothing about who is registered', async () => {
    const nobody = email();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await failOnce(nobody);
    expect((await refusal((await device()).signIn(nobody, 'wrong'))).code).toBe(Code.ResourceExhausted);
  });

  it('holds under a burst of parallel attempts', async () => {
    const address = await account();
    const results = await Promise.all(
      Array.from({ length: 3 * ACCOUNT_FAILURE_LIMIT }, async () => (await refusal((await device()).signIn(address, 'wrong'))).code),
    );
    expect(results.filter((c) => c === Code.PermissionDenied)).toHaveLength(ACCOUNT_FAILURE_LIMIT);
    expect(results.filter((c) => c === Code.ResourceExhausted)).toHaveLength(2 * ACCOUNT_FAILURE_LIMIT);
  });

  it(`allows ${ADDRESS_FAILURE_LIMIT} failures per client address across accounts, then refuses that address only`, async () => {
    const shared = nextAddress();
    const victim = await account();
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) await failOnce(email(), shared);
    const err = await refusal((await device(shared)).signIn(victim, 'right'));
    expect(err.code).toBe(Code.ResourceExhausted);
    expect(err.rawMessage).toMatch(/^Too many failed sign-in attempts from your network address\. Try again in \d+ minutes?\.$/);
    await (await device()).signIn(victim, 'right');
  });

  it('counts a wrong current password in changePassword against the account', async () => {
    const address = await account('right');
    const d = await device();
    await d.signIn(address, 'right');
    const change = (current: string) =>
      d.account.changePassword({
        currentPassword: TestDevice.digests(address, current).password,
        newPassword: TestDevice.digests(address, 'next').password,
      });
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await refusal(change('wrong'))).code).toBe(Code.PermissionDenied);
    expect((await refusal(change('right'))).code).toBe(Code.ResourceExhausted);
    expect((await refusal((await device()).signIn(address, 'right'))).code).toBe(Code.ResourceExhausted);
    // Still signed in: a limit is not a lost session.
    expect((await d.account.isLogged({})).logged).toBe(true);
  });

  it('counts wrong recovery links against the account and the address', async () => {
    const address = await account('right');
    const before = await passwordHash(server.db, address);
    const attempt = async () =>
      (await refusal((await device()).account.recoverPassword({
        hash: 'A'.repeat(43), email: address, password: TestDevice.digests(address, 'x').password,
      }))).code;
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect(await attempt()).toBe(Code.PermissionDenied);
    expect(await attempt()).toBe(Code.ResourceExhausted);
    expect(await passwordHash(server.db, address)).toEqual(before);
  });

  it('lets a sign-in link, a recovery link and a password change stand when the attempt cannot be taken back', async () => {
    // Taking an attempt back (a decrement or a delete of its counter) fails as a database going away does.
    await server.db.query(`create function fail_taking_back() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' or new.failures < old.failures then
            raise exception 'the database went away' using errcode = '57P01';
          end if;
          return coalesce(new, old);
        end $$;
      create trigger fail_taking_back before update or delete on sign_in_failures
        for each row execute function fail_taking_back();`);
    try {
      const address = await account('old');
      const d = await device();
      await d.signIn(address, 'old');
      await d.account.changePassword({
        currentPassword: TestDevice.digests(address, 'old').password,
        newPassword: TestDevice.digests(address, 'changed').password,
      });

      await (await device()).account.requestRecoverPassword({ email: address });
      const recovery = /\/recover_account\/([^/]+)\//.exec(await lastLinkTo(server, address, '/recover_account/'))![1]!;
      await (await device()).account.recoverPassword({ hash: recovery, email: address, password: TestDevice.digests(address, 'recovered').password });

      await (await device()).auth.loginEmail({ email: address });
      const token = /sign-in\/([^?]+)/.exec(await lastLinkTo(server, address, '/my-account/sign-in/'))![1]!;
      const opener = await device();
      const { session } = await opener.auth.completeLoginEmail({ token, publicKey: opener.publicKey });
      opener.adopt(session!);
      expect((await opener.account.isLogged({})).logged).toBe(true);
      await (await device()).signIn(address, 'recovered');
    } finally {
      await server.db.query('drop trigger fail_taking_back on sign_in_failures; drop function fail_taking_back()');
    }
  });

  it('counts unknown sign-in link tokens against the address', async () => {
    const shared = nextAddress();
    const d = await device(shared);
    const redeem = async () => (await refusal(d.auth.completeLoginEmail({ token: 'B'.repeat(43), publicKey: d.publicKey }))).code;
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) expect(await redeem()).toBe(Code.PermissionDenied);
    expect(await redeem()).toBe(Code.ResourceExhausted);
  });
});

describe.each(backends)('without TRUST_PROXY on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server?.stop());

  it('ignores X-Forwarded-For: a client cannot pick a fresh address per attempt', async () => {
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++) {
      const d = await TestDevice.create(server, { address: `100.100.${i}.1` });
      expect((await refusal(d.signIn(email(), 'wrong'))).code).toBe(Code.PermissionDenied);
    }
    const d = await TestDevice.create(server, { address: '100.100.200.1' });
    expect((await refusal(d.signIn(email(), 'wrong'))).code).toBe(Code.ResourceExhausted);
  });
});
