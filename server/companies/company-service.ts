import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import { normalizeEmail } from '../../src/domain/credentials.js';
import { checkCompany, checkService, isEmployeeType, EMPLOYEE_TYPES } from '../../src/domain/company.js';
import { isId, newId } from '../../src/domain/ids.js';
import { CompanyProfileSchema, CompanyService, ServiceTypeSchema } from '../../src/gen/tagbook/v1/admin_pb.js';
import { COMPANY_NOT_FOUND, requireAdmin, requireCompany } from '../admin/access.js';
import { customerById, customerRecord, CUSTOMER_NOT_FOUND, listCustomers, saveCustomer, validCustomer, type CustomerRow } from '../admin/customers.js';
import { ms, pageLimit } from '../admin/paging.js';
import { adminRequest } from '../admin/requests.js';
import { adminVehicle } from '../admin/vehicles.js';
import type { Queryable } from '../db/db.js';
import type { ServerContext } from '../rpc/context.js';
import { requireSession } from '../rpc/session-context.js';
import { timeArgument } from '../rpc/time-argument.js';
import {
  companyById,
  companyEmployeeLinks,
  customerRequests,
  customerVehicles,
  deleteService,
  employeeLinkById,
  employeeLinkState,
  endEmployeeLink,
  hasUnendedLink,
  insertEmployeeLink,
  insertService,
  isLiveServiceOf,
  listLiveServices,
  liveServiceCompany,
  lockUserByEmail,
  setCustomerDeletedAt,
  updateCompanyProfile,
  updateService,
} from './store.js';

export const NO_SUCH_ACCOUNT = 'No account uses this email';
export const ALREADY_EMPLOYED = 'This account already works for the company';
export const LINK_NOT_FOUND = 'Employee link not found';
export const LINK_ENDED = 'This link has already ended';
export const SERVICE_NOT_FOUND = 'Service not found';
export const SERVICE_NAME_TAKEN = 'The company already has a service with this name';

const invalid = (errors: Record<string, string | undefined>) => {
  const first = Object.entries(errors).find(([, m]) => m !== undefined);
  if (first) throw new ConnectError(`${first[0]}: ${first[1]}`, Code.InvalidArgument);
};

async function profile(db: Queryable, companyId: string) {
  const row = await companyById(db, companyId);
  if (!row) throw new ConnectError(COMPANY_NOT_FOUND, Code.NotFound);
  return create(CompanyProfileSchema, { id: row.id, name: row.name, shortInfo: row.short_info ?? '', createdAt: ms(row.created_at) });
}

/**
 * A customer the caller may work with, and how the caller reads it: administrators any (as admins); a current
 * employee those of their company (as the company). Anything else, unknown ids included, is the same not_found, so
 * customers of other companies cannot be probed; only administrators hear that the customer's company was deleted.
 */
async function reachableCustomer(
  db: Queryable,
  hctx: HandlerContext,
  customerId: string,
): Promise<{ customer: CustomerRow; reader: 'admin' | 'company' }> {
  requireSession(hctx);
  const customer = isId(customerId) ? await customerById(db, customerId) : null;
  if (customer !== null) {
    const role =
      customer.company_id === null
        ? await requireAdmin(db, hctx).then(() => ({ isAdmin: true }), () => null)
        : await requireCompany(db, hctx, customer.company_id, 'read').catch((error: unknown) => {
            if (error instanceof ConnectError && error.code === Code.FailedPrecondition) throw error;
            return null;
          });
    if (role !== null) return { customer, reader: role.isAdmin ? 'admin' : 'company' };
  }
  throw new ConnectError(CUSTOMER_NOT_FOUND, Code.NotFound);
}

/** Where a customer may be put: no company (administrators) or a company the caller works for. */
async function customerCompany(db: Queryable, hctx: HandlerContext, companyId: string): Promise<string | null> {
  if (companyId === '') {
    await requireAdmin(db, hctx);
    return null;
  }
  await requireCompany(db, hctx, companyId, 'read');
  return companyId;
}

/** CompanyService (admin.proto): company admins and administrators change; current employees read. */
export function companyService(ctx: ServerContext): Partial<ServiceImpl<typeof CompanyService>> {
  const { db } = ctx;
  return {
    async getCompany(req, hctx) {
      const role = await requireCompany(db, hctx, req.companyId, 'read');
      const employees = await companyEmployeeLinks(db, req.companyId);
      // Colleagues see each other's names; only those who manage the staff see their emails.
      if (!role.manage) for (const e of employees) e.userEmail = '';
      return { company: await profile(db, req.companyId), employees, canManage: role.manage };
    },

    async updateCompany(req, hctx) {
      await requireCompany(db, hctx, req.companyId, 'manage');
      const { value, errors } = checkCompany({ name: req.name, shortInfo: req.shortInfo });
      invalid(errors);
      await updateCompanyProfile(db, req.companyId, value.name, value.shortInfo);
      return { company: await profile(db, req.companyId) };
    },

    async addEmployee(req, hctx) {
      const role = await requireCompany(db, hctx, req.companyId, 'manage');
      if (!isEmployeeType(req.type)) throw new ConnectError(`type: one of ${EMPLOYEE_TYPES.join(', ')}`, Code.InvalidArgument);
      const start = timeArgument('startDate', req.startDate) ?? new Date();
      const email = normalizeEmail(req.email);
      const linkId = await db.transaction(async (tx) => {
        const userId = email === '' ? null : await lockUserByEmail(tx, email);
        if (userId === null) throw new ConnectError(NO_SUCH_ACCOUNT, Code.NotFound);
        if (await hasUnendedLink(tx, userId, req.companyId)) throw new ConnectError(ALREADY_EMPLOYED, Code.AlreadyExists);
        const id = newId();
        await insertEmployeeLink(tx, { id, userId, companyId: req.companyId, type: req.type, startDate: start, byUserId: role.userId });
        return id;
      });
      return { link: await employeeLinkById(db, linkId) };
    },

    async endEmployee(req, hctx) {
      requireSession(hctx);
      const found = isId(req.linkId) ? await employeeLinkState(db, req.linkId) : null;
      if (!found) {
        await requireAdmin(db, hctx);
        throw new ConnectError(LINK_NOT_FOUND, Code.NotFound);
      }
      const role = await requireCompany(db, hctx, found.companyId, 'manage');
      if (found.ended) throw new ConnectError(LINK_ENDED, Code.FailedPrecondition);
      await endEmployeeLink(db, req.linkId, role.userId);
      return { link: await employeeLinkById(db, req.linkId) };
    },

    async listCustomers(req, hctx) {
      const companyId = await customerCompany(db, hctx, req.companyId);
      if (req.query.length > 200) throw new ConnectError('Search at most 200 characters', Code.InvalidArgument);
      const page = await listCustomers(db, {
        companyId, query: req.query, includeDeleted: req.includeDeleted, limit: pageLimit(req.page?.limit), cursor: req.page?.cursor ?? '',
      });
      return { customers: page.rows.map(customerRecord), nextCursor: page.next };
    },

    async getCustomer(req, hctx) {
      const { customer, reader } = await reachableCustomer(db, hctx, req.customerId);
      const vehicles = await customerVehicles(db, customer.id, reader);
      // An employee sees their own company's work on the customer's vehicles; what other shops do there is not theirs.
      const requests = await customerRequests(db, customer.id, reader === 'admin' ? null : customer.company_id);
      return { customer: customerRecord(customer), vehicles: vehicles.map(adminVehicle), requests: requests.map(adminRequest) };
    },

    async saveCustomer(req, hctx) {
      requireSession(hctx);
      const existing = req.id === '' ? null : (await reachableCustomer(db, hctx, req.id)).customer;
      const companyId = await customerCompany(db, hctx, req.companyId);
      const value = validCustomer({ name: req.name, email: req.email, phone: req.phone, note: req.note });
      const id = await db.transaction((tx) => saveCustomer(tx, existing?.id ?? null, companyId, value));
      return { customer: customerRecord((await customerById(db, id))!) };
    },

    async setCustomerDeleted(req, hctx) {
      const { customer } = await reachableCustomer(db, hctx, req.customerId);
      await setCustomerDeletedAt(db, customer.id, req.deleted);
      return { customer: customerRecord((await customerById(db, customer.id))!) };
    },

    async listServices(req, hctx) {
      await requireCompany(db, hctx, req.companyId, 'read');
      const rows = await listLiveServices(db, req.companyId);
      return { services: rows.map((r) => create(ServiceTypeSchema, { ...r, companyId: r.company_id, durationMinutes: r.duration_minutes ?? 0 })) };
    },

    async saveService(req, hctx) {
      const role = await requireCompany(db, hctx, req.companyId, 'manage');
      const { value, errors } = checkService({ name: req.name, description: req.description, durationMinutes: req.durationMinutes });
      invalid(errors);
      if (req.id !== '') {
        const found = isId(req.id) && (await isLiveServiceOf(db, req.id, req.companyId));
        if (!found) throw new ConnectError(SERVICE_NOT_FOUND, Code.NotFound);
      }
      const id = req.id === '' ? newId() : req.id;
      const fields = { name: value.name, description: value.description, durationMinutes: value.durationMinutes === 0 ? null : value.durationMinutes };
      const written =
        req.id === ''
          ? await insertService(db, { id, companyId: req.companyId, byUserId: role.userId, ...fields })
          : await updateService(db, id, fields);
      if (written === 'name-taken') throw new ConnectError(SERVICE_NAME_TAKEN, Code.AlreadyExists);
      return { service: create(ServiceTypeSchema, { id, companyId: req.companyId, name: value.name, description: value.description, durationMinutes: value.durationMinutes }) };
    },

    async setServiceDeleted(req, hctx) {
      requireSession(hctx);
      const companyId = isId(req.serviceId) ? await liveServiceCompany(db, req.serviceId) : null;
      if (companyId === null) {
        await requireAdmin(db, hctx);
        throw new ConnectError(SERVICE_NOT_FOUND, Code.NotFound);
      }
      await requireCompany(db, hctx, companyId, 'manage');
      await deleteService(db, req.serviceId);
      return {};
    },
  };
}

