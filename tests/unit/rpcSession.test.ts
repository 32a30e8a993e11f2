import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { Interceptor } from '@connectrpc/connect';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextCounter } from '../../src/rpc/counter.js';
import { exportPublicKey, getDeviceKeyPair, getSigningKey, rotateDeviceKey } from '../../src/rpc/deviceKey.js';
import {
  SERVER_ERROR_MESSAGE,
  errorInterceptor,
  isOfflineError,
  serverMessage,
  sessionInterceptor,
} from '../../src/rpc/interceptors.js';
import {
  clearSession,
  getSession,
  getSessionSnapshot,
  isLoggedIn,
  setSession,
  subscribeSession,
  updateUser,
  whenSessionLoaded,
} from '../../src/rpc/session.js';
import type { StoredSession } from '../../src/rpc/session.js';
import { toCurrentUser } from '../../src/rpc/user.js';
import { AuthService, FakeAuthServer, routerTransport } from './support/fakeAuthServer.js';

function session(id: string, name = 'Ana'): StoredSession {
  return {
    sessionId: id,
    userId: `user-${id}`,
    user: { ...toCurrentUser(undefined, `user-${id}`), displayName: name, email: 'ana@example.com' },
    serverPublicKey: new Uint8Array([9]),
  };
}

beforeEach(async () => {
  await clearSession();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('session store', () => {
  it('is ready and signed out once loaded', async () => {
    expect(await whenSessionLoaded()).toBeNull();
    expect(getSessionSnapshot()).toEqual({ status: 'ready', session: null });
  });

  it('signs in, notifies subscribers and signs out', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    await setSession(session('s1'));
    expect(getSession()?.sessionId).toBe('s1');
    expect(isLoggedIn(getSession())).toBe(true);
    await clearSession();
    expect(getSession()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('counts a session without session id or user id as signed out', async () => {
    await setSession({ ...session('s1'), userId: '' });
    expect(getSession()).toBeNull();
    expect(isLoggedIn({ ...session('s1'), sessionId: '' })).toBe(false);
  });

  it('updates the user only for the current session', async () => {
    await setSession(session('s1'));
    await updateUser('other', { ...getSession()!.user, displayName: 'Mallory' });
    expect(getSession()?.user.displayName).toBe('Ana');
    await updateUser('s1', { ...getSession()!.user, displayName: 'Ana Maria' });
    expect(getSession()?.user.displayName).toBe('Ana Maria');
  });

  it('follows sign-in and sign-out in other tabs', async () => {
    await whenSessionLoaded();
    const otherTab = new BroadcastChannel('tagbook-session');
    otherTab.postMessage({ type: 'session', session: session('from-tab') });
    await vi.waitFor(() => expect(getSession()?.sessionId).toBe('from-tab'));
    otherTab.postMessage({ type: 'session', session: null });
    await vi.waitFor(() => expect(getSession()).toBeNull());
    otherTab.close();
  });
});

describe('counter', () => {
  it('starts at 1 for each session and increments per request', async () => {
    expect(await nextCounter('c1')).toBe(1n);
    expect(await nextCounter('c1')).toBe(2n);
    expect(await nextCounter('c2')).toBe(1n);
    expect(await nextCounter('c2')).toBe(2n);
  });

  it('never repeats under concurrent requests', async () => {
    const values = await Promise.all(Array.from({ length: 25 }, () => nextCounter('c3')));
    expect(new Set(values).size).toBe(25);
    expect(values.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});

describe('device key', () => {
  it('keeps one non-extractable pair until rotated', async () => {
    const pair = await getDeviceKeyPair();
    expect(pair.privateKey.extractable).toBe(false);
    expect(await getSigningKey()).toBe(pair.privateKey);
    const spki = await exportPublicKey(pair);
    expect(await exportPublicKey(await getDeviceKeyPair())).toEqual(spki);
    await rotateDeviceKey(() => 0);
    expect(await exportPublicKey(await getDeviceKeyPair())).not.toEqual(spki);
  });

  it('waits for a pending rotation before handing out a key', async () => {
    const before = await exportPublicKey(await getDeviceKeyPair());
    const rotation = rotateDeviceKey(() => 1);
    const after = await exportPublicKey(await getDeviceKeyPair());
    await rotation;
    expect(after).not.toEqual(before);
  });
});

describe('interceptors', () => {
  let server: FakeAuthServer;
  let onLogout: () => Promise<void>;

  /** `network` sits where fetch would: below the app's interceptors. */
  function client(network: Interceptor[] = []) {
    const transport = routerTransport(
      (router) =>
        router.service(AuthService, {
          logout: async (_req, ctx) => {
            await server.check(ctx, true);
            await onLogout();
            return {};
          },
          getPowerSyncAuth: async (_req, ctx) => {
            await server.check(ctx, false);
            ctx.responseHeader.set('tagbook-session', FakeAuthServer.sessionInfoHeader({ id: 'u', displayName: 'New' }));
            return { token: 't' };
          },
        }),
      [errorInterceptor, sessionInterceptor, ...network],
    );
    return createClient(AuthService, transport);
  }

  async function signInAs(): Promise<StoredSession> {
    const spki = await exportPublicKey(await getDeviceKeyPair());
    const ns = await server.openSession(spki);
    const stored = { ...session(ns.sessionId), userId: ns.userId };
    await setSession(stored);
    return stored;
  }

  beforeEach(() => {
    server = new FakeAuthServer();
    onLogout = async () => {};
  });

  it('sends no session header when signed out', async () => {
    await client().getPowerSyncAuth({});
    expect(server.calls[0]?.header).toBeNull();
  });

  it('signs each call with the device key, the procedure and a counter from 1', async () => {
    const stored = await signInAs();
    const before = Date.now();
    await client().getPowerSyncAuth({});
    await client().logout({});
    const [first, second] = server.calls;
    expect(first).toMatchObject({ procedure: '/tagbook.v1.AuthService/GetPowerSyncAuth', verified: true });
    expect(second).toMatchObject({ procedure: '/tagbook.v1.AuthService/Logout', verified: true });
    expect(first?.header?.counter).toBe(1n);
    expect(second?.header?.counter).toBe(2n);
    expect(first?.header?.sessionId).toBe(stored.sessionId);
    expect(first?.header?.userId).toBe(stored.userId);
    expect(Number(first?.header?.timestamp)).toBeGreaterThanOrEqual(before);
  });

  it('applies the user the response header carries', async () => {
    await signInAs();
    await client().getPowerSyncAuth({});
    await vi.waitFor(() => expect(getSession()?.user.displayName).toBe('New'));
  });

  it('signs out and replaces the key when the server says Unauthenticated', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await signInAs();
    const spki = await exportPublicKey(await getDeviceKeyPair());
    server.sessions.clear();
    const error = await client()
      .logout({})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.Unauthenticated);
    expect(getSession()).toBeNull();
    expect(await exportPublicKey(await getDeviceKeyPair())).not.toEqual(spki);
  });

  it('rewrites server errors to "Server error." with the same code, keeping the original', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await signInAs();
    onLogout = async () => {
      throw new ConnectError('Too many attempts, wait 30 seconds', Code.ResourceExhausted);
    };
    const error = (await client()
      .logout({})
      .catch((e: unknown) => e)) as ConnectError;
    expect(error.rawMessage).toBe(SERVER_ERROR_MESSAGE);
    expect(error.code).toBe(Code.ResourceExhausted);
    expect(serverMessage(error)).toBe('Too many attempts, wait 30 seconds');
    expect(isOfflineError(error)).toBe(false);
    expect(getSession()).not.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('ignores code 2 while offline: no rewrite, no log, no sign-out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await signInAs();
    const unreachable: Interceptor = () => async () => {
      throw new TypeError('Failed to fetch');
    };
    const failure = (await client([unreachable])
      .logout({})
      .catch((e: unknown) => e)) as ConnectError;
    expect(failure.code).toBe(Code.Unknown);
    expect(isOfflineError(failure)).toBe(true);
    expect(failure.rawMessage).not.toBe(SERVER_ERROR_MESSAGE);
    expect(getSession()).not.toBeNull();
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
