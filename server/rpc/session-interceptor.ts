import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { SESSION_HEADER } from '../../src/domain/session.js';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import { authenticate } from '../auth/authenticate.js';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.js';
import { encodeSessionInfo } from '../auth/session-header.js';
import { loadUser } from '../auth/users.js';
import type { ServerContext } from './context.js';
import { SESSION_SLOT, type SessionSlot } from './session-context.js';

/** Procedures that answer a dead or invalid session instead of failing (account.proto: IsLogged never does). */
const ANSWER_WITHOUT_SESSION = new Set([`/${AccountService.typeName}/${AccountService.method.isLogged.name}`]);

/**
 * Every call goes through here. Without a session header the call is anonymous; with one it must verify
 * (server/auth/authenticate.ts) or the call fails `unauthenticated`. Signed-in callers get their current user back
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
    // Failed calls report the user too: a refused ChangePassword still leaves the caller signed in.
    let res: Awaited<ReturnType<typeof next>>;
    try {
      res = await next(req);
    } catch (error) {
      if (error instanceof ConnectError) await announceUser(ctx, slot, error.metadata);
      throw error;
    }
    await announceUser(ctx, slot, res.header);
    return res;
  };
}

async function announceUser(ctx: ServerContext, slot: SessionSlot, header: Headers): Promise<void> {
  if (slot.session === null) return;
  const user = await loadUser(ctx.db, slot.session.userId);
  if (user !== null) header.set(SESSION_HEADER, encodeSessionInfo({ user }));
}
