import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { checkCompany, LIMITS } from '../../src/domain/company.js';
import { newId } from '../../src/domain/ids.js';
import { AdminService, CompanyProfileSchema } from '../../src/gen/tagbook/v1/admin_pb.js';
import { requireAdmin } from './access.js';
import { insertCompany } from './companies.js';
import { dashboard } from './dashboard.js';
import { ms, pageLimit } from './paging.js';
import { adminRequest, listRequests } from './requests.js';
import { adminUser, listUsers, setUserAdmin, userById, userDetail } from './users.js';
import { adminVehicle, findVehicles, listVehicles } from './vehicles.js';
import type { ServerContext } from '../rpc/context.js';

export const OWN_ADMIN_RIGHTS = 'You cannot remove your own admin rights';

function searchText(query: string): string {
  if (query.length > LIMITS.searchQuery) throw new ConnectError(`Search at most ${LIMITS.searchQuery} characters`, Code.InvalidArgument);
  return query;
}

/** AdminService (admin.proto): every method starts with requireAdmin, before the request is looked at. */
export function adminService(ctx: ServerContext): Partial<ServiceImpl<typeof AdminService>> {
  const { db } = ctx;
  return {
    async getDashboard(_req, hctx) {
      await requireAdmin(db, hctx);
      return dashboard(db, ctx.syncStreams?.() ?? 0);
    },

    async listUsers(req, hctx) {
      await requireAdmin(db, hctx);
      const page = await listUsers(db, searchText(req.query), pageLimit(req.page?.limit), req.page?.cursor ?? '');
      return { users: page.rows.map(adminUser), nextCursor: page.next };
    },

    async getUser(req, hctx) {
      await requireAdmin(db, hctx);
      return userDetail(db, req.userId);
    },

    async setAdmin(req, hctx) {
      const me = await requireAdmin(db, hctx);
      await userById(db, req.userId);
      if (req.userId === me && !req.isAdmin) throw new ConnectError(OWN_ADMIN_RIGHTS, Code.FailedPrecondition);
      await setUserAdmin(db, req.userId, req.isAdmin);
      return { user: adminUser(await userById(db, req.userId)) };
    },

    async createCompany(req, hctx) {
      await requireAdmin(db, hctx);
      const { value, errors } = checkCompany({ name: req.name, shortInfo: req.shortInfo });
      const first = Object.entries(errors)[0];
      if (first) throw new ConnectError(`${first[0]}: ${first[1]}`, Code.InvalidArgument);
      const row = await insertCompany(db, { id: newId(), name: value.name, shortInfo: value.shortInfo });
      return { company: create(CompanyProfileSchema, { id: row.id, name: row.name, shortInfo: row.short_info ?? '', createdAt: ms(row.created_at) }) };
    },

    async listRequests(req, hctx) {
      await requireAdmin(db, hctx);
      const page = await listRequests(db, req, pageLimit(req.page?.limit));
      return { requests: page.rows.map(adminRequest), nextCursor: page.next };
    },

    async listVehicles(req, hctx) {
      await requireAdmin(db, hctx);
      const query = searchText(req.query);
      if (query.trim() !== '') return { vehicles: (await findVehicles(db, query)).map(adminVehicle), nextCursor: '' };
      const page = await listVehicles(db, pageLimit(req.page?.limit), req.page?.cursor ?? '');
      return { vehicles: page.rows.map(adminVehicle), nextCursor: page.next };
    },
  };
}
