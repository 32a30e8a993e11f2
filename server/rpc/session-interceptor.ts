import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { SESSION_HEADER } from '../../src/domain/session.js';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import { authenticate } from '../accounts/authenticate.js';
import { readCookie, SESSION_COOKIE } from '../accounts/cookies.js';
import { encodeSessionInfo } from '../accounts/session-header.js';
import { loadUser } from '../accounts/users.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import type { ServerContext } from './context.js';
import { SESSION_SLOT, type SessionSlot } from './session-context.js';

/** Procedures that answer a dead or invalid session instead of failing (account.proto: IsLogged never does). */
const ANSWER_WITHOUT_SESSION = new Set([`/${AccountService.typeName}/${AccountService.method.isLogged.name}`]);

/**
 * Every call goes through here. Without a session header the call is anonymous; with one it must verify
 * (server/accounts/authenticate.ts) or the call fails `unauthenticated`. Signed-in callers get their current user back
 * in the `tagbook-session` response header, so flags and company links changed elsewhere reach the client on its
 * next call.
 */
export function sessionInterceptor(ctx: ServerContext): Interceptor {
  return (next) => async (req) => {
    const slot: SessionSlot = { session: null, refused: null };
    req.contextValues.set(SESSION_SLOT, slot);
    // The signed procedure is the RPC path without the /rpc mount prefix (proto/README.md).
    const procedure = `/${req.service.typeName}/${req.method.name}`;
    const header = req.header.get(SESSION_HEADER);
    if (header !== null) {
      try {
        slot.session = await authenticate(ctx.db, {
          header,
          cookieSessionId: readCookie(req.header.get('cookie'), SESSION_COOKIE),
          procedure,
          nowMs: Date.now(),
        });
      } catch (error) {
        const refused = error instanceof ConnectError && error.code === Code.Unauthenticated;
        if (!refused || !ANSWER_WITHOUT_SESSION.has(procedure)) throw error;
        slot.refused = error;
      }
    }
    // Failed calls report the user too: a refused ChangePassword still leaves the caller signed in. A call the
    // database already failed does not ask it again.
    let res: Awaited<ReturnType<typeof next>>;
    try {
      res = await next(req);
    } catch (error) {
      if (error instanceof ConnectError && error.code !== Code.Unavailable) await announceUser(ctx, slot, error.metadata, procedure);
      throw error;
    }
    await announceUser(ctx, slot, res.header, procedure);
    return res;
  };
}

/**
 * Best effort: the handler's answer, or its refusal, is what the caller gets. When the user cannot be loaded now
 * (the database dropped between the two) the header is left out, and the next answer that carries it brings it.
 */
async function announceUser(ctx: ServerContext, slot: SessionSlot, header: Headers, procedure: string): Promise<void> {
  if (slot.session === null) return;
  try {
    const user = await loadUser(ctx.db, slot.session.userId);
    if (user !== null) header.set(SESSION_HEADER, encodeSessionInfo({ user }));
  } catch (error) {
    // The database being away is expected now and then, and its message says all; anything else gets its stack.
    if (isDatabaseUnavailable(error)) console.warn(`${procedure}: answered without the user header: ${(error as Error).message}`);
    else console.error(`${procedure}: answered without the user header`, error);
  }
}
