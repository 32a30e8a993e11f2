import { AdminService, CompanyService } from '../gen/tagbook/v1/admin_pb.js';
import { rpcClient } from './transport.js';

/** The admin and company areas' server calls (admin.proto); made on first use, not at import. */
export const adminClient = () => rpcClient(AdminService);
export const companyClient = () => rpcClient(CompanyService);
