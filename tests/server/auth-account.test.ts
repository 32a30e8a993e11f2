import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHash, sessionRow } from '../helpers/auth-db.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

let unique = 0;
const email = () => `account-${++unique}@example.com`;

describe.each(backends)('logout and password change on %s', (backend) => {
  let server: TestServer;
  let addresses = 0;
  const device = () => TestDevice.create(server, { address: `203.0.113.${++addresses}` });
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: '1' });
  });
  afterAll(async () => server?.stop());

  /** The same account signed in on two devices. */
  async function twoDevices(password = 'password') {
    const address = email();
    const laptop = await device();
    await laptop.register(address, password);
    const phone = await device();
    await phone.signIn(address, password);
    return { address, laptop, phone };
  }

  describe('logout', () => {
    it('ends this session only, and clears the cookie', async () => {
      const { laptop, phone } = await twoDevices();
      await laptop.auth.logout({ allDevices: false });
      expect(laptop.setCookies.at(-1)).toBe('tagbook_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0');
      expect(laptop.cookie).toBeNull();
      expect((await sessionRow(server.db, laptop.session!.sessionId)).revoked_at).not.toBeNull();
      expect((await laptop.account.isLogged({})).logged).toBe(false);
      expect((await phone.account.isLogged({})).logged).toBe(true);
    });

    it('with all_devices ends every session of the user, and the other device is signed out', async () => {
      const { laptop, phone } = await twoDevices();
      const bystander = await device();
      await bystander.register(email(), 'x');
      await laptop.auth.logout({ allDevices: true });
      const err = await refusal(phone.auth.logout({ allDevices: false }));
      expect(err.code).toBe(Code.Unauthenticated);
      expect(err.rawMessage).toBe('Session has been signed out');
      expect((await phone.account.isLogged({})).logged).toBe(false);
      expect((await bystander.account.isLogged({})).logged).toBe(true);
    });

    it('without a session just clears the cookie', async () => {
      const d = await device();
      await d.auth.logout({ allDevices: true });
      expect(d.setCookies.at(-1)).toContain('Max-Age=0');
    });

    it('after logout the device signs in again with a fresh key', async () => {
      const { address, laptop } = await twoDevices('pw');
      const oldKey = laptop.publicKey;
      await laptop.auth.logout({});
      await laptop.forget();
      expect(laptop.publicKey).not.toEqual(oldKey);
      await laptop.signIn(address, 'pw');
      expect((await laptop.account.isLogged({})).logged).toBe(true);
    });
  });

  describe('changePassword', () => {
    it('needs a session', async () => {
      const d = await device();
      const digests = TestDevice.digests(email(), 'x');
      const err = await refusal(d.account.changePassword({ currentPassword: digests.password, newPassword: digests.password }));
      expect(err.code).toBe(Code.Unauthenticated);
    });

    it('refuses a wrong current password as permission denied, keeps the session, and changes nothing', async () => {
      const { address, laptop, phone } = await twoDevices('old');
      const before = await passwordHash(server.db, address);
      const err = await refusal(
        laptop.account.changePassword({
          currentPassword: TestDevice.digests(address, 'not-it').password,
          newPassword: TestDevice.digests(address, 'new').password,
        }),
      );
      expect(err.code).toBe(Code.PermissionDenied);
      expect(err.rawMessage).toBe('Access denied, wrong password');
      expect(await passwordHash(server.db, address)).toEqual(before);
      expect((await laptop.account.isLogged({})).logged).toBe(true);
      expect((await phone.account.isLogged({})).logged).toBe(true);
      await (await device()).signIn(address, 'old');
    });

    it('refuses digests that are not digests', async () => {
      const { laptop } = await twoDevices();
      const err = await refusal(laptop.account.changePassword({ currentPassword: 'x', newPassword: 'y' }));
      expect(err.code).toBe(Code.InvalidArgument);
    });

    it('sets the new password and signs out every other session', async () => {
      const { address, laptop, phone } = await twoDevices('old');
      await laptop.account.changePassword({
        currentPassword: TestDevice.digests(address, 'old').password,
        newPassword: TestDevice.digests(address, 'new').password,
      });
      expect((await laptop.account.isLogged({})).logged).toBe(true);
      expect((await refusal(phone.auth.logout({}))).code).toBe(Code.Unauthenticated);
      expect((await refusal((await device()).signIn(address, 'old'))).code).toBe(Code.PermissionDenied);
      await (await device()).signIn(address, 'new');
    });
  });
});
