import type { MessageInitShape } from '@bufbuild/protobuf';
import type { HandlerContext } from '@connectrpc/connect';
import type { GetPowerSyncAuthResponseSchema } from '../../src/gen/tagbook/v1/auth_pb.js';
import { issueSyncToken } from './tokens.js';
import type { ServerContext } from '../rpc/context.js';
import { sessionSlot } from '../rpc/session-context.js';

/**
 * AuthService.GetPowerSyncAuth: a fresh sync token for the caller (anonymous callers get one limited to public
 * data). The URL is left empty while sync is served by this server itself, so the app syncs with whatever origin it
 * was loaded from; it is only named when an external PowerSync Service takes over (POWERSYNC_URL).
 */
export async function getPowerSyncAuth(
  ctx: ServerContext,
  hctx: HandlerContext,
): Promise<MessageInitShape<typeof GetPowerSyncAuthResponseSchema>> {
  const userId = sessionSlot(hctx).session?.userId ?? null;
  const issued = await issueSyncToken(ctx, userId);
  const external = ctx.config.powersyncUrl !== ctx.config.publicUrl;
  return {
    token: issued.token,
    powersyncUrl: external ? issued.powersyncUrl : '',
    expiresAt: BigInt(issued.expiresAt.getTime()),
  };
}
