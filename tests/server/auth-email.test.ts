import { Code } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireSecrets, lastLinkTo, mailsTo, passwordHash } from '../helpers/auth-db.js';
import { refusal } from '../helpers/connect-errors.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

let unique = 0;
const email = () => `mail-${++unique}@example.com`;

/** `/recover_account/{hash}/{email}` as the app's page would read it. */
function recoveryParts(link: string): { hash: string; email: string } {
  const match = /\/recover_account\/([^/]+)\/([^/?#]+)$/.exec(link);
  if (match === null) throw new Error(`not a recovery link: ${link}`);
  return { hash: match[1]!, email: decodeURIComponent(match[2]!) };
}

describe.each(backends)('emailed links on %s', (backend) => {
  let server: TestServer;
  let addresses = 0;
  const device = () => TestDevice.create(server, { address: `192.0.2.${++addresses}` });
  beforeAll(async () => {
    server = await startTestServer(backend, { TRUST_PROXY: '1', PUBLIC_URL: 'https://tagbook.example' });
  });
  afterAll(async () => server?.stop());

  async function account(password = 'old') {
    const address = email();
    const d = await device();
    await d.register(address, password);
    return { address, d };
  }

  describe('sign-in by email', () => {
    it('mails a one-time link that signs in the device that opens it, once', async () => {
      const { address, d } = await account();
      await (await device()).auth.loginEmail({ email: address.toUpperCase(), remember: true });
      const link = await lastLinkTo(server, address, '/my-account/sign-in/');
      expect(link).toMatch(/^https:\/\/tagbook\.example\/my-account\/sign-in\/[A-Za-z0-9_-]{43}\?remember=1$/);
      const token = /sign-in\/([^?]+)/.exec(link)![1]!;
      const mails = await mailsTo(server, address);
      expect(mails.at(-1)).toMatchObject({ subject: 'Your Tagbook sign-in link', sent_at: null });

      const opener = await device();
      const res = await opener.auth.completeLoginEmail({ token, publicKey: opener.publicKey, remember: true });
      expect(res.session?.userId).toBe(d.session!.userId);
      opener.adopt(res.session!);
      expect((await opener.account.isLogged({})).logged).toBe(true);
      // The cookie of a secure origin is Secure.
      expect(opener.setCookies.at(-1)).toMatch(/; Max-Age=31536000; Secure$/);

      const again = await device();
      const err = await refusal(again.auth.completeLoginEmail({ token, publicKey: again.publicKey }));
      expect(err.code).toBe(Code.PermissionDenied);
      expect(err.rawMessage).toBe('This sign-in link was already used');
    });

    it('answers the same for an unknown address, and sends nothing', async () => {
      const nobody = email();
      await (await device()).auth.loginEmail({ email: nobody });
      expect(await mailsTo(server, nobody)).toEqual([]);
    });

    it('refuses a malformed address', async () => {
      const err = await refusal((await device()).auth.loginEmail({ email: 'nope' }));
      expect(err.code).toBe(Code.InvalidArgument);
      expect(err.rawMessage).toBe('Invalid email address');
    });

    it('refuses an expired link and an unknown token', async () => {
      const { address } = await account();
      await (await device()).auth.loginEmail({ email: address });
      const token = /sign-in\/([^?]+)/.exec(await lastLinkTo(server, address, '/my-account/sign-in/'))![1]!;
      await expireSecrets(server.db, address);
      const d = await device();
      const expired = await refusal(d.auth.completeLoginEmail({ token, publicKey: d.publicKey }));
      expect([expired.code, expired.rawMessage]).toEqual([Code.PermissionDenied, 'This sign-in link has expired']);
      const unknown = await refusal(d.auth.completeLoginEmail({ token: 'A'.repeat(43), publicKey: d.publicKey }));
      expect([unknown.code, unknown.rawMessage]).toEqual([Code.PermissionDenied, 'This sign-in link is not valid']);
      expect(d.cookie).toBeNull();
    });
  });

  describe('password recovery', () => {
    async function requestRecovery(address: string) {
      await (await device()).account.requestRecoverPassword({ email: address });
      return recoveryParts(await lastLinkTo(server, address, '/recover_account/'));
    }

    it('mails a link to /recover_account/{hash}/{email} that sets a new password and ends every session', async () => {
      const { address, d } = await account('old');
      const { hash, email: linkEmail } = await requestRecovery(address);
      expect(linkEmail).toBe(address);
      expect(await lastLinkTo(server, address, '/recover_account/')).toBe(
        `https://tagbook.example/recover_account/${hash}/${encodeURIComponent(address)}`,
      );
      const mail = (await mailsTo(server, address)).at(-1)!;
      expect(mail.subject).toBe('Reset your Tagbook password');

      const browser = await device();
      await browser.account.recoverPassword({ hash, email: address, password: TestDevice.digests(address, 'new').password });
      expect((await d.account.isLogged({})).logged).toBe(false);
      expect((await refusal((await device()).signIn(address, 'old'))).code).toBe(Code.PermissionDenied);
      await (await device()).signIn(address, 'new');
    });

    it('refuses a used link, and changes nothing', async () => {
      const { address } = await account('old');
      const { hash } = await requestRecovery(address);
      const d = await device();
      await d.account.recoverPassword({ hash, email: address, password: TestDevice.digests(address, 'new').password });
      const before = await passwordHash(server.db, address);
      const err = await refusal(
        d.account.recoverPassword({ hash, email: address, password: TestDevice.digests(address, 'evil').password }),
      );
      expect([err.code, err.rawMessage]).toEqual([Code.PermissionDenied, 'This recovery link was already used']);
      expect(await passwordHash(server.db, address)).toEqual(before);
    });

    it('refuses an expired link, and changes nothing', async () => {
      const { address } = await account('old');
      const { hash } = await requestRecovery(address);
      await expireSecrets(server.db, address);
      const before = await passwordHash(server.db, address);
      const d = await device();
      const err = await refusal(
        d.account.recoverPassword({ hash, email: address, password: TestDevice.digests(address, 'new').password }),
      );
      expect(err.code).toBe(Code.PermissionDenied);
      expect(err.rawMessage).toMatch(/expired/);
      expect(await passwordHash(server.db, address)).toEqual(before);
      await (await device()).signIn(address, 'old');
    });

    it('refuses the link with another email, and the link still works with its own', async () => {
      const { address } = await account('old');
      const other = await account('other');
      const { hash } = await requestRecovery(address);
      const d = await device();
      const err = await refusal(
        d.account.recoverPassword({ hash, email: other.address, password: TestDevice.digests(other.address, 'new').password }),
      );
      expect([err.code, err.rawMessage]).toEqual([Code.PermissionDenied, 'This recovery link was sent for another email address']);
      await (await device()).signIn(other.address, 'other');
      await d.account.recoverPassword({ hash, email: address, password: TestDevice.digests(address, 'new').password });
      await (await device()).signIn(address, 'new');
    });

    it('refuses an unknown hash', async () => {
      const { address } = await account();
      const d = await device();
      const err = await refusal(
        d.account.recoverPassword({ hash: 'nothing', email: address, password: TestDevice.digests(address, 'n').password }),
      );
      expect([err.code, err.rawMessage]).toEqual([Code.PermissionDenied, 'This recovery link is not valid']);
    });

    it('succeeds silently for an unknown address and refuses a malformed one', async () => {
      const nobody = email();
      await (await device()).account.requestRecoverPassword({ email: nobody });
      expect(await mailsTo(server, nobody)).toEqual([]);
      const err = await refusal((await device()).account.requestRecoverPassword({ email: 'not@valid' }));
      expect([err.code, err.rawMessage]).toEqual([Code.InvalidArgument, 'Invalid email address']);
    });
  });
});
