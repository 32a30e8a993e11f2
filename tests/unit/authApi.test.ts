import { createHash } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import type { ConnectRouter, Interceptor } from '@connectrpc/connect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordDigestInput, usernameDigestInput } from '../../src/domain/credentials.js';
import { CreateAccountError, CreateAccountResponseSchema } from '../../src/gen/tagbook/v1/auth_pb.js';
import {
  changePassword,
  logout,
  recoverPassword,
  register,
  requestRecovery,
  signIn,
  signInWithEmailLink,
} from '../../src/rpc/auth.js';
import { exportPublicKey, getDeviceKeyPair } from '../../src/rpc/deviceKey.js';
import { clearSession, getSession } from '../../src/rpc/session.js';
import { AccountService, AuthService, FakeAuthServer } from './support/fakeAuthServer.js';

// The API runs over the app's real interceptors into an in-process router instead of fetch.
const backend = vi.hoisted(() => ({
  routes: (_router: ConnectRouter): void => {},
  network: [] as Interceptor[],
}));
vi.mock('../../src/rpc/transport.js', async () => {
  const { createClient } = await import('@connectrpc/connect');
  const { errorInterceptor, sessionInterceptor } = await import('../../src/rpc/interceptors.js');
  const { routerTransport } = await import('./support/fakeAuthServer.js');
  const network: Interceptor = (next) => (req) => backend.network.reduceRight((n, i) => i(n), next)(req);
  // Created on first use, after the test has installed its routes; handlers read the test's current state.
  let transport: ReturnType<typeof routerTransport> | null = null;
  const make = () => routerTransport((router) => backend.routes(router), [errorInterceptor, sessionInterceptor, network]);
  return {
    rpcClient: (service: Parameters<typeof createClient>[0]) => createClient(service, (transport ??= make())),
  };
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

let server: FakeAuthServer;
const received: Record<string, unknown> = {};
let wrongPassword = false;

beforeEach(async () => {
  await clearSession();
  server = new FakeAuthServer();
  wrongPassword = false;
  backend.network = [];
  for (const key of Object.keys(received)) delete received[key];
  backend.routes = (router) => {
    router.service(AuthService, {
      createAccount: async (req, ctx) => {
        await server.check(ctx, false);
        received.createAccount = req;
        if (req.email === 'taken@example.com') return { errors: [CreateAccountError.EMAIL_IN_USE] };
        if (req.email === 'broken@example.com') return {};
        return create(CreateAccountResponseSchema, { session: await server.openSession(req.publicKey) });
      },
      loginPassword: async (req, ctx) => {
        await server.check(ctx, false);
        received.loginPassword = req;
        if (wrongPassword) throw new ConnectError('wrong credentials', Code.PermissionDenied);
        return { session: await server.openSession(req.publicKey) };
      },
      completeLoginEmail: async (req) => {
        received.completeLoginEmail = req;
        return { session: await server.openSession(req.publicKey) };
      },
      logout: async (req, ctx) => {
        await server.check(ctx, true);
        received.logout = req;
        return {};
      },
    });
    router.service(AccountService, {
      changePassword: async (req, ctx) => {
        await server.check(ctx, true);
        received.changePassword = req;
        return {};
      },
      requestRecoverPassword: (req) => {
        received.requestRecoverPassword = req;
        return {};
      },
      recoverPassword: (req) => {
        received.recoverPassword = req;
        return {};
      },
    });
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

const deviceSpki = async () => exportPublicKey(await getDeviceKeyPair());

describe('register', () => {
  it('sends the sanitised email, the password digest and the device key, then signs in', async () => {
    expect(await register('  ana@example.com\u0007 ', ' pw 1 ', true)).toEqual({ ok: true });
    expect(received.createAccount).toMatchObject({
      email: 'ana@example.com',
      password: sha256(passwordDigestInput('ana@example.com', ' pw 1 ')),
      remember: true,
      publicKey: await deviceSpki(),
    });
    expect(getSession()).toMatchObject({ user: { displayName: 'Ana', email: 'ana@example.com' } });
  });

  it('returns the server errors and stays signed out', async () => {
    expect(await register('taken@example.com', 'abcd', false)).toEqual({
      ok: false,
      errors: [CreateAccountError.EMAIL_IN_USE],
    });
    expect(getSession()).toBeNull();
  });

  it('fails when the server answers neither errors nor a session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(register('broken@example.com', 'abcd', false)).rejects.toBeInstanceOf(ConnectError);
    expect(getSession()).toBeNull();
  });
});

describe('signIn', () => {
  it('sends digests of the normalised email and of the password as typed', async () => {
    await signIn(' Ana@Example.COM ', 'Pass word ', false);
    expect(received.loginPassword).toMatchObject({
      username: sha256(usernameDigestInput('ana@example.com')),
      password: sha256(passwordDigestInput('ana@example.com', 'Pass word ')),
      remember: false,
      publicKey: await deviceSpki(),
      deprecatedUsername: '',
    });
    expect((received.loginPassword as { username: string }).username).toMatch(/^[0-9a-f]{64}$/);
    expect(getSession()?.sessionId).toBeTruthy();
  });

  it('surfaces a wrong password as PermissionDenied without touching the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    wrongPassword = true;
    const error = (await signIn('ana@example.com', 'nope', false).catch((e: unknown) => e)) as ConnectError;
    expect(error.code).toBe(Code.PermissionDenied);
    expect(getSession()).toBeNull();
  });
});

describe('signed-in calls', () => {
  it('signs them with the key the session was opened with', async () => {
    await signIn('ana@example.com', 'abcd', true);
    await changePassword('abcd', 'efgh');
    expect(server.calls.at(-1)).toMatchObject({ procedure: '/tagbook.v1.AccountService/ChangePassword', verified: true });
    expect(server.calls.at(-1)?.header?.counter).toBe(1n);
    // Both digests are salted with the account's email.
    expect(received.changePassword).toMatchObject({
      currentPassword: sha256(passwordDigestInput('ana@example.com', 'abcd')),
      newPassword: sha256(passwordDigestInput('ana@example.com', 'efgh')),
    });
  });

  it('redeems an email link with this device key', async () => {
    await signInWithEmailLink('token-1', true);
    expect(received.completeLoginEmail).toMatchObject({ token: 'token-1', remember: true, publicKey: await deviceSpki() });
    expect(getSession()).not.toBeNull();
  });
});

describe('recovery', () => {
  it('requests with the sanitised email and sets the password digest salted with the link email', async () => {
    await requestRecovery(' ana@example.com ');
    expect(received.requestRecoverPassword).toMatchObject({ email: 'ana@example.com' });
    await recoverPassword('h1', 'Ana@Example.com', 'new pass');
    expect(received.recoverPassword).toMatchObject({
      hash: 'h1',
      email: 'Ana@Example.com',
      password: sha256(passwordDigestInput('ana@example.com', 'new pass')),
    });
  });
});

describe('logout', () => {
  it('tells the server, ends the session and replaces the device key', async () => {
    await signIn('ana@example.com', 'abcd', true);
    const spki = await deviceSpki();
    await logout(true);
    expect(received.logout).toMatchObject({ allDevices: true });
    expect(server.calls.at(-1)?.verified).toBe(true);
    expect(getSession()).toBeNull();
    expect(await deviceSpki()).not.toEqual(spki);
  });

  it('ends this device session even when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await signIn('ana@example.com', 'abcd', true);
    backend.network = [
      () => async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    await logout(false);
    expect(getSession()).toBeNull();
  });

  it('keeps the session when signing out of all devices could not reach the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await signIn('ana@example.com', 'abcd', true);
    backend.network = [
      () => async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    await expect(logout(true)).rejects.toBeInstanceOf(ConnectError);
    expect(getSession()).not.toBeNull();
  });
});
