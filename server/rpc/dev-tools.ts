import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { DevToolsService } from '../../src/gen/tagbook/v1/dev_tools_pb.js';
import { loadUser } from '../accounts/users.js';
import { issueMapToken, mapTokenCookie, samePassword } from '../http/source-maps.js';
import type { ServerContext } from './context.js';
import { requireSession } from './session-context.js';
import { beginAttempt, permissionDenied, secureCookies } from '../accounts/sign-in.js';

/** DevToolsService (dev_tools.proto): the admin settings dialog's server side. */
export function devToolsService(ctx: ServerContext): Partial<ServiceImpl<typeof DevToolsService>> {
  return {
    async enableSourceMaps(req, hctx) {
      const session = requireSession(hctx);
      const user = await loadUser(ctx.db, session.userId);
      if (!user?.isAdmin) throw new ConnectError('Only administrators can enable source maps', Code.PermissionDenied);
      const configured = ctx.config.sourceMapPassword;
      if (configured === null) {
        throw new ConnectError('Source maps cannot be enabled on this server (SOURCE_MAP_PASSWORD is not set)', Code.FailedPrecondition);
      }
      if (req.password === '') throw new ConnectError('Password is required', Code.InvalidArgument);
      // Counted like a sign-in: a stolen admin session must not be a way to guess this password.
      const attempt = await beginAttempt(ctx, hctx, `source-maps:${session.userId}`);
      if (!samePassword(req.password, configured)) throw permissionDenied('Wrong password');
      await attempt.succeeded();
      const { token, expiresAt } = issueMapToken(configured, Date.now());
      hctx.responseHeader.append('set-cookie', mapTokenCookie(token, secureCookies(ctx)));
      return { expiresAt: BigInt(expiresAt) };
    },
  };
}
