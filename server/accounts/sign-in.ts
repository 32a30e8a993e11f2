import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import { describeDevice } from '../../src/domain/device.js';
import { DIGEST_PATTERN } from '../../src/domain/credentials.js';
import { NewSessionSchema, type NewSession } from '../../src/gen/tagbook/v1/session_pb.js';
import { clearedSessionCookie, sessionCookie } from './cookies.js';
import { beginSignInAttempt, type SignInAttempt } from './rate-limit.js';
import { serverSessionPublicKey } from './server-key.js';
import { createSession } from './sessions.js';
import { canonicalP256Spki } from './signature.js';
import { loadUser } from './users.js';
import type { ServerContext } from '../rpc/context.js';
import { CLIENT_ADDRESS, sessionSlot } from '../rpc/session-context.js';

/** The device key sent with a sign-in, canonicalised; anything but an ECDSA P-256 SPKI is the client's bug. */
export function devicePublicKey(spki: Uint8Array): Uint8Array {
  const key = canonicalP256Spki(spki);
  if (key === null) {
    throw new ConnectError('public_key must be the SPKI (DER) of an ECDSA P-256 public key', Code.InvalidArgument);
  }
  return key;
}

/** A client digest (lowercase hex SHA-256); the client computes these, so a malformed one is a client bug. */
export function requireDigest(value: string, field: string): string {
  if (!DIGEST_PATTERN.test(value)) {
    throw new ConnectError(`${field} must be a lowercase hex SHA-256 digest`, Code.InvalidArgument);
  }
  return value;
}

/** Counts a credential check against the account (its username digest) and the caller's address. */
export function beginAttempt(ctx: ServerContext, hctx: HandlerContext, account: string | null): Promise<SignInAttempt> {
  return beginSignInAttempt(ctx.db, { account, address: hctx.values.get(CLIENT_ADDRESS) });
}

/** Wrong credentials or a bad link: never `unauthenticated`, which would sign the client out (auth.proto). */
export function permissionDenied(message: string): ConnectError {
  return new ConnectError(message, Code.PermissionDenied);
}

export function secureCookies(ctx: ServerContext): boolean {
  return ctx.config.publicUrl.startsWith('https:');
}

/** The device a sign-in comes from, as its owner would recognise it in a list of their signed-in devices. */
export function signingInDevice(hctx: HandlerContext): string {
  return describeDevice(hctx.requestHeader.get('user-agent') ?? '');
}

/**
 * Opens a session for a user who just proved who they are: stores it bound to the device key, sets the session
 * cookie, and makes the response header describe the new user (the interceptor reads the slot after the call).
 */
export async function startSession(
  ctx: ServerContext,
  hctx: HandlerContext,
  s: { userId: string; publicKey: Uint8Array; remember: boolean },
): Promise<NewSession> {
  const sessionId = await createSession(ctx.db, { ...s, device: signingInDevice(hctx) });
  return announceSession(ctx, hctx, { sessionId, userId: s.userId, remember: s.remember });
}

/** For handlers that create the session inside their own transaction: everything startSession does after it. */
export async function announceSession(
  ctx: ServerContext,
  hctx: HandlerContext,
  s: { sessionId: string; userId: string; remember: boolean },
): Promise<NewSession> {
  sessionSlot(hctx).session = s;
  hctx.responseHeader.append('set-cookie', sessionCookie(s.sessionId, { remember: s.remember, secure: secureCookies(ctx) }));
  const user = await loadUser(ctx.db, s.userId);
  if (user === null) throw new ConnectError('The account was deleted while signing in', Code.NotFound);
  return create(NewSessionSchema, {
    sessionId: s.sessionId,
    userId: s.userId,
    serverPublicKey: await serverSessionPublicKey(ctx.db),
    user,
  });
}

export function endSession(ctx: ServerContext, hctx: HandlerContext): void {
  sessionSlot(hctx).session = null;
  hctx.responseHeader.append('set-cookie', clearedSessionCookie({ secure: secureCookies(ctx) }));
}

