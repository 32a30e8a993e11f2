import type { ConnectRouter } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import { AuthService } from '../../src/gen/tagbook/v1/auth_pb.js';
import { QrTagService } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { accountService } from './account.js';
import type { ServerContext } from './context.js';

export const RPC_PREFIX = '/rpc';

/** Every service of the wire contract is mounted; methods without an implementation answer Unimplemented. */
export function createRpcHandler(ctx: ServerContext) {
  const routes = (router: ConnectRouter) => {
    router.service(AuthService, {});
    router.service(AccountService, accountService(ctx));
    router.service(UploadService, {});
    router.service(VehicleContentsService, {});
    router.service(SyncService, {});
    router.service(QrTagService, {});
  };
  return connectNodeAdapter({
    routes,
    requestPathPrefix: RPC_PREFIX,
    // Binary protobuf is the app's format; JSON stays enabled for debugging with curl.
    connect: true,
    grpc: false,
    grpcWeb: false,
    readMaxBytes: 4 * 1024 * 1024,
  });
}
