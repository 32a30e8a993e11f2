import { Code, ConnectError } from '@connectrpc/connect';
import type { Interceptor } from '@connectrpc/connect';
import { SESSION_HEADER } from '../domain/session.js';
import { nextCounter } from './counter.js';
import { getSigningKey } from './deviceKey.js';
import { endLocalSession } from './localLogout.js';
import { updateUser, whenSessionLoaded } from './session.js';
import type { StoredSession } from './session.js';
import { decodeSessionInfoUser, encodeSessionHeader, procedurePath } from './sessionHeader.js';
import { toCurrentUser } from './user.js';

/** What the app shows of any RPC failure; the code stays, so callers still branch on it. */
export const SERVER_ERROR_MESSAGE = 'Server error.';
export const PRIVATE_KEY_MISSING_MESSAGE = 'Private key is not available.';

async function signedHeader(session: StoredSession, procedure: string): Promise<string> {
  const privateKey = await getSigningKey();
  if (privateKey === null) {
    // Without its key the session can never be used again: end it rather than fail every call forever.
    await endLocalSession(session.sessionId);
    throw new ConnectError(PRIVATE_KEY_MISSING_MESSAGE, Code.Unauthenticated);
  }
  const counter = await nextCounter(session.sessionId);
  // The timestamp is read after the counter: the counter may wait for other tabs, and the server bounds the age.
  const timestamp = BigInt(Date.now());
  return encodeSessionHeader(
    { counter, sessionId: session.sessionId, userId: session.userId, procedure, timestamp },
    privateKey,
  );
}

function applySessionInfo(headers: Headers, session: StoredSession): void {
  const value = headers.get(SESSION_HEADER);
  if (!value) return;
  let user;
  try {
    user = decodeSessionInfoUser(value);
  } catch (error) {
    // The call itself succeeded; a bad header only costs the user refresh, so report it and go on.
    console.error('Invalid response headers: tagbook-session could not be decoded', error);
    return;
  }
  if (user) void updateUser(session.sessionId, toCurrentUser(user, session.userId));
}

/**
 * Signs every call made while signed in, applies the session news the server sends back, and signs out when the
 * server says the session is gone (an Unauthenticated answer forces logout). Calls made signed out go unsigned.
 */
export const sessionInterceptor: Interceptor = (next) => async (req) => {
  const session = await whenSessionLoaded();
  if (session !== null) {
    req.header.set(SESSION_HEADER, await signedHeader(session, procedurePath(req.service.typeName, req.method.name)));
  }
  try {
    const res = await next(req);
    if (session !== null) applySessionInfo(res.header, session);
    return res;
  } catch (e) {
    const error = ConnectError.from(e);
    if (session !== null) {
      if (error.code === Code.Unauthenticated) await endLocalSession(session.sessionId);
      else applySessionInfo(error.metadata, session);
    }
    throw error;
  }
};

const offlineErrors = new WeakSet<object>();

/**
 * True for a failure that happened because the device is offline (code 2 while offline is ignored).
 * Callers use it to stay quiet: no "Server error.", no unspecified-error flag, no toast; the UI's offline state
 * already tells the story.
 */
export function isOfflineError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && offlineErrors.has(error);
}

/**
 * The server's own message behind a rewritten error. Only for the few codes whose message is meant for people
 * (ResourceExhausted says how long to wait); everything else shows SERVER_ERROR_MESSAGE or the form's own text.
 */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ConnectError)) return error instanceof Error ? error.message : String(error);
  return error.cause instanceof ConnectError ? error.cause.rawMessage : error.rawMessage;
}

// Codes that mean the server (or the path to it) failed, as opposed to the server refusing the request.
const FAULT_CODES: ReadonlySet<Code> = new Set([Code.Unknown, Code.Internal, Code.DataLoss, Code.Unimplemented]);

/**
 * Errors reach callers as 'Server error.' with the server's code (the original is kept
 * as `cause` for logs and serverMessage). Faults are logged as errors, refusals as warnings.
 *
 * Offline, fetch fails with code 2 (Unknown) before any server is involved. "Ignored" means: not logged, not
 * rewritten, only marked (isOfflineError) so that callers show nothing alarming; it is still thrown, because the
 * caller has no answer and must not carry on as if it had one. It never signs anyone out.
 */
export const errorInterceptor: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (e) {
    const error = ConnectError.from(e);
    if (error.code === Code.Unknown && typeof navigator !== 'undefined' && navigator.onLine === false) {
      offlineErrors.add(error);
      throw error;
    }
    if (error.code === Code.Canceled) throw error;
    const procedure = procedurePath(req.service.typeName, req.method.name);
    if (FAULT_CODES.has(error.code)) console.error(`RPC ${procedure} failed`, error);
    else console.warn(`RPC ${procedure} refused`, error);
    const rewritten = new ConnectError(SERVER_ERROR_MESSAGE, error.code, error.metadata, undefined, error);
    rewritten.details = error.details;
    throw rewritten;
  }
};
