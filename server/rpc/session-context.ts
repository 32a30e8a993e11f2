import { Code, ConnectError, createContextKey, type HandlerContext } from '@connectrpc/connect';
import type { AuthSession } from '../accounts/authenticate.js';

/** The client address (server/accounts/client-address.ts), put in by the adapter's contextValues. */
export const CLIENT_ADDRESS = createContextKey<string>('unknown', { description: 'client address' });

/**
 * The session of one call. The interceptor fills it from the request header; sign-in handlers put the session
 * they create, and logout clears it, so the response header describes the caller as the call left them.
 */
export interface SessionSlot {
  session: AuthSession | null;
  /** Why a header was refused, for the procedures that answer anyway (IsLogged). */
  refused: ConnectError | null;
}

// Null by default: a shared default object would leak one call's session into another.
export const SESSION_SLOT = createContextKey<SessionSlot | null>(null, { description: 'session slot' });

export function sessionSlot(ctx: HandlerContext): SessionSlot {
  const slot = ctx.values.get(SESSION_SLOT);
  if (slot === null) throw new Error('session interceptor is not installed');
  return slot;
}

/** The verified session of the call; without one, the Connect code that makes the client sign out. */
export function requireSession(ctx: HandlerContext): AuthSession {
  const { session } = sessionSlot(ctx);
  if (session === null) throw new ConnectError('This call needs a session: sign in first', Code.Unauthenticated);
  return session;
}
