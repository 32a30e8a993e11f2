import { MAX_CLOCK_SKEW_MS } from '../../src/domain/clock.js';
import type { Queryable } from '../db/db.js';
import { parseSessionHeader, unauthenticated } from './session-header.js';
import { acceptCounter, findSession } from './sessions.js';
import { verifySessionSignature } from './signature.js';

/** Who a verified request comes from. */
export interface AuthSession {
  sessionId: string;
  userId: string;
  remember: boolean;
}

export interface SignedRequest {
  /** The `tagbook-session` request header. */
  header: string;
  /** The session named by the `tagbook_session` cookie, when the request carried one. */
  cookieSessionId: string | null;
  /** The RPC path without the mount prefix, e.g. /tagbook.v1.AuthService/Logout. */
  procedure: string;
  nowMs: number;
}

/**
 * Verifies a signed request (proto/README.md "The session header") and records its counter. Every refusal is a
 * Connect `unauthenticated` error with its own message, so a signed-out client (and whoever reads the logs) can
 * tell why. The counter is consumed last, only for a request that passed every other check.
 */
export async function authenticate(db: Queryable, request: SignedRequest): Promise<AuthSession> {
  const header = parseSessionHeader(request.header);
  if (request.cookieSessionId !== null && request.cookieSessionId !== '' && request.cookieSessionId !== header.sessionId) {
    throw unauthenticated('Session cookie and session header name different sessions');
  }
  const session = await findSession(db, header.sessionId);
  if (session === null) throw unauthenticated('Session not found');
  const fields = {
    counter: header.counter,
    sessionId: header.sessionId,
    userId: header.userId,
    procedure: request.procedure,
    timestamp: header.timestamp,
  };
  if (!verifySessionSignature(session.public_key, fields, header.signature)) {
    throw unauthenticated('Session signature does not match the key of this session');
  }
  if (session.user_id !== header.userId) throw unauthenticated('Session header names another user than its session');
  if (session.revoked_at !== null) throw unauthenticated('Session has been signed out');
  if (session.expired) throw unauthenticated('Session has expired');
  const skew = Number(header.timestamp) - request.nowMs;
  if (Math.abs(skew) > MAX_CLOCK_SKEW_MS) {
    throw unauthenticated(
      `Session header timestamp is ${Math.round(Math.abs(skew) / 1000)} s ${skew < 0 ? 'behind' : 'ahead of'} the server clock ` +
        `(at most ${MAX_CLOCK_SKEW_MS / 1000} s allowed)`,
    );
  }
  switch (await acceptCounter(db, session.id, header.counter)) {
    case 'accepted':
      return { sessionId: session.id, userId: session.user_id, remember: session.remember };
    case 'replayed':
      throw unauthenticated('Session counter was already used: replayed request');
    case 'below-window':
      throw unauthenticated('Session counter is too far below the highest one accepted');
    case 'ended':
      throw unauthenticated('Session ended while the request was checked');
  }
}
