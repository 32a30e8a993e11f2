import type { ConnectRouter, Interceptor } from '@connectrpc/connect';
import { createContextValues } from '@connectrpc/connect';
import { RPC_REQUEST_MAX_BYTES } from '../../src/domain/transactionLimits.js';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import { AdminService, CompanyService } from '../../src/gen/tagbook/v1/admin_pb.js';
import { AuthService } from '../../src/gen/tagbook/v1/auth_pb.js';
import { DevToolsService } from '../../src/gen/tagbook/v1/dev_tools_pb.js';
import { QrTagService } from '../../src/gen/tagbook/v1/qr_tag_pb.js';
import { OwnerContactService } from '../../src/gen/tagbook/v1/owner_contact_pb.js';
import { ownerContactService } from '../contact/owner-contact-service.js';
import { SyncService } from '../../src/gen/tagbook/v1/sync_pb.js';
import { UploadService } from '../../src/gen/tagbook/v1/upload_pb.js';
import { VehicleContentsService } from '../../src/gen/tagbook/v1/vehicle_contents_pb.js';
import { VehicleService } from '../../src/gen/tagbook/v1/vehicle_pb.js';
import { TransferService } from '../../src/gen/tagbook/v1/transfer_pb.js';
import { HistoryReportService } from '../../src/gen/tagbook/v1/history_report_pb.js';
import { transferService } from '../handover/transfer-service.js';
import { historyReportService } from '../handover/report-service.js';
import { StatusLinkService } from '../../src/gen/tagbook/v1/status_link_pb.js';
import { statusLinkService } from '../status-links/status-link-service.js';
import { clientAddress } from '../accounts/client-address.js';
import { accountService } from '../accounts/account-service.js';
import { adminService } from '../admin/admin-service.js';
import { companyService } from '../companies/company-service.js';
import { devToolsService } from './dev-tools.js';
import { qrTagService } from '../tags/qr-tag-service.js';
import { createRpcAdapter } from './adapter.js';
import { unexpectedErrorInterceptor } from './error-interceptor.js';
import { authService } from '../accounts/auth-service.js';
import type { ServerContext } from './context.js';
import { syncService } from '../writes/sync-service.js';
import { uploadService } from '../files/upload-service.js';
import { vehicleContentsService } from '../vehicles/contents-service.js';
import { vehicleService } from '../vehicles/vehicle-service.js';
import { CLIENT_ADDRESS } from './session-context.js';
import { sessionInterceptor } from './session-interceptor.js';
import { storableTextInterceptor } from './text-interceptor.js';

export const RPC_PREFIX = '/rpc';

/** Every service of the wire contract; methods without an implementation answer Unimplemented. */
export function rpcRoutes(ctx: ServerContext) {
  return (router: ConnectRouter) => {
    router.service(AuthService, authService(ctx));
    router.service(AccountService, accountService(ctx));
    router.service(UploadService, uploadService(ctx.files));
    router.service(VehicleContentsService, vehicleContentsService(ctx));
    router.service(VehicleService, vehicleService(ctx));
    router.service(SyncService, syncService(ctx));
    router.service(QrTagService, qrTagService(ctx));
    router.service(OwnerContactService, ownerContactService(ctx));
    router.service(TransferService, transferService(ctx));
    router.service(HistoryReportService, historyReportService(ctx));
    router.service(StatusLinkService, statusLinkService(ctx));
    router.service(DevToolsService, devToolsService(ctx));
    router.service(AdminService, adminService(ctx));
    router.service(CompanyService, companyService(ctx));
  };
}

/**
 * Around every call, outermost first: unexpected errors become answers around everything else; text next: a session
 * id with a NUL must be refused before it reaches a query.
 */
export function rpcInterceptors(ctx: ServerContext): Interceptor[] {
  return [unexpectedErrorInterceptor, storableTextInterceptor, sessionInterceptor(ctx)];
}

/** The RPC endpoint: every service mounted under RPC_PREFIX. */
export function createRpcHandler(ctx: ServerContext) {
  return createRpcAdapter({
    routes: rpcRoutes(ctx),
    requestPathPrefix: RPC_PREFIX,
    interceptors: rpcInterceptors(ctx),
    // The interceptor sees Connect's view of the request, which has no socket: the address is handed over here.
    contextValues: (req) =>
      createContextValues().set(
        CLIENT_ADDRESS,
        clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], ctx.config.trustProxy),
      ),
    readMaxBytes: RPC_REQUEST_MAX_BYTES,
  });
}
