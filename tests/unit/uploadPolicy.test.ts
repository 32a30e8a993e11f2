import { describe, expect, it } from 'vitest';
import type { WritableTable } from '../../server/writes/tables.js';
import { REQUEST_STATUS } from '../../src/domain/serviceStatus.js';
import {
  authorize,
  derivedColumns,
  missingRow,
  REQUEST_NOT_YOURS,
  VEHICLE_NOT_YOURS,
  type Actor,
  type CrudKind,
  type Lookups,
  type Row,
} from '../../server/writes/policy.js';

// Every rule of the upload policy, both sides, for every role. The world: an owner with a vehicle that is a
// customer's of company C1; a stranger with a private vehicle; C1's employee; C2's employee; an admin.
const OWNER = 'owner';
const STRANGER = 'stranger';
const EMPLOYEE = 'employee-c1';
const OTHER_EMPLOYEE = 'employee-c2';
const ADMIN = 'admin';
/** Worked for C1 and started a clock on R1 there, then left. */
const FORMER = 'former-employee';
const C1 = 'company-1';
const C2 = 'company-2';
const C_DELETED = 'company-deleted';
const K1 = 'customer-1';
const K_DELETED = 'customer-deleted';
const V_OWNED = 'vehicle-owned';
const V_STRANGER = 'vehicle-stranger';
const V_MISSING = 'vehicle-missing';
const V_C2_CUSTOMER = 'vehicle-c2-customer';
/** Shaped like a real id (22 characters): a form key, which a file the sweep took keeps, names it. */
const R1 = 'request-one-0000000000';
const R2 = 'request-2';
const R_DELETED = 'request-deleted';
const NOW = '2026-03-01T12:00:00.000Z';
const REQUEST_OPENED = '2025-12-01T09:00:00.000Z';
const { REQUESTED, SCHEDULED, STARTED, COMPLETED, CANCELLED } = REQUEST_STATUS;

const actors: Record<string, Actor> = {
  owner: { userId: OWNER, isAdmin: false, companyIds: new Set() },
  stranger: { userId: STRANGER, isAdmin: false, companyIds: new Set() },
  employee: { userId: EMPLOYEE, isAdmin: false, companyIds: new Set([C1]) },
  otherEmployee: { userId: OTHER_EMPLOYEE, isAdmin: false, companyIds: new Set([C2]) },
  admin: { userId: ADMIN, isAdmin: true, companyIds: new Set() },
  former: { userId: FORMER, isAdmin: false, companyIds: new Set() },
};
type Who = keyof typeof actors;

/** The rows that exist, by table (V_MISSING does not), and those of them soft-deleted. */
const KNOWN: Record<string, string[]> = {
  users: [OWNER, STRANGER, EMPLOYEE, OTHER_EMPLOYEE, ADMIN, FORMER],
  companies: [C1, C2, C_DELETED],
  customers: [K1, K_DELETED],
  vehicles: [V_OWNED, V_STRANGER, V_C2_CUSTOMER],
  service_requests: [R1, R2, R_DELETED],
};
const DELETED = new Set([C_DELETED, K_DELETED, R_DELETED]);

const lookups: Lookups = {
  vehicleOwner: async (id) => ({ [V_OWNED]: OWNER, [V_STRANGER]: STRANGER, [V_C2_CUSTOMER]: STRANGER } as Record<string, string>)[id],
  request: async (id) => (KNOWN.service_requests!.includes(id) ? { companyId: C1, vehicleId: V_OWNED, deleted: DELETED.has(id) } : undefined),
  vehicleCustomerCompany: async (id) => (id === V_OWNED ? C1 : id === V_C2_CUSTOMER ? C2 : null),
  isEmployee: async (user, company) => (user === EMPLOYEE && company === C1) || (user === OTHER_EMPLOYEE && company === C2),
  rowState: async (table, id) => (!(KNOWN[table] ?? []).includes(id) ? 'missing' : DELETED.has(id) ? 'deleted' : 'live'),
  hasStarted: async (user, request) => user === FORMER && request === R1,
  createdAt: async (table, id) => (table === 'service_requests' && KNOWN.service_requests!.includes(id) ? new Date(REQUEST_OPENED) : undefined),
  bucketTarget: async (id) =>
    id === 'bucket-r1' ? { kind: 'service_request', id: R1 } : id.startsWith('bucket-vehicle') ? { kind: 'vehicle', id: id.slice(7) } : null,
  now: () => new Date(NOW),
};

interface Case {
  what: string;
  who: Who;
  table: WritableTable;
  kind: CrudKind;
  current: Row | null;
  set?: Row;
  /** null: allowed; otherwise the refusal code. */
  expect: null | 'permission_denied' | 'not_found' | 'invalid_value';
}

const vehicle = (id: string, userId: string): Row => ({ id, user_id: userId, name: 'Car' });
const request = (over: Row = {}): Row => ({
  id: R1, vehicle_id: V_OWNED, company_id: C1, description: 'Brakes', vehicle_service_status_id: REQUESTED, has_started: false, ...over,
});
const deletedRequest = (): Row => request({ id: R_DELETED, deleted_at: new Date(NOW) });
const opening = (over: Row): Row => ({ description: 'Brakes', ...over });
const work = (userId: string, requestId = R1): Row => ({ id: 'w', user_id: userId, service_request_id: requestId, operation: 1, time: NOW });
const record = (userId: string, vehicleId = V_OWNED): Row => ({ id: 'r', vehicle_id: vehicleId, user_id: userId, body: 'x' });
const trackDay = (userId: string, vehicleId = V_OWNED): Row => ({ id: 't', vehicle_id: vehicleId, user_id: userId, held_on: '2026-03-01', circuit: 'Spa' });

const cases: Case[] = [
  // users
  { what: 'renames own account', who: 'owner', table: 'users', kind: 'PATCH', current: { id: OWNER }, set: { display_name: 'x' }, expect: null },
  { what: "renames another's account", who: 'owner', table: 'users', kind: 'PATCH', current: { id: STRANGER }, set: { display_name: 'x' }, expect: 'permission_denied' },
  { what: "renames another's account", who: 'admin', table: 'users', kind: 'PATCH', current: { id: STRANGER }, set: { display_name: 'x' }, expect: null },
  { what: 'creates an account', who: 'admin', table: 'users', kind: 'PUT', current: null, set: { display_name: 'x' }, expect: 'permission_denied' },
  { what: 'deletes an account', who: 'admin', table: 'users', kind: 'DELETE', current: { id: STRANGER }, expect: 'permission_denied' },
  // vehicles
  { what: 'creates own vehicle', who: 'owner', table: 'vehicles', kind: 'PUT', current: null, set: { user_id: OWNER }, expect: null },
  { what: "creates a vehicle for someone else", who: 'owner', table: 'vehicles', kind: 'PUT', current: null, set: { user_id: STRANGER }, expect: 'permission_denied' },
  { what: 'renames own vehicle', who: 'owner', table: 'vehicles', kind: 'PATCH', current: vehicle(V_OWNED, OWNER), set: { name: 'x' }, expect: null },
  { what: "renames a stranger's vehicle", who: 'owner', table: 'vehicles', kind: 'PATCH', current: vehicle(V_STRANGER, STRANGER), set: { name: 'x' }, expect: 'not_found' },
  { what: "renames a customer's vehicle", who: 'employee', table: 'vehicles', kind: 'PATCH', current: vehicle(V_OWNED, OWNER), set: { name: 'x' }, expect: 'not_found' },
  { what: 'gives own vehicle away', who: 'owner', table: 'vehicles', kind: 'PATCH', current: vehicle(V_OWNED, OWNER), set: { user_id: STRANGER }, expect: 'permission_denied' },
  { what: 'moves ownership', who: 'admin', table: 'vehicles', kind: 'PATCH', current: vehicle(V_OWNED, OWNER), set: { user_id: STRANGER }, expect: null },
  { what: 'deletes own vehicle', who: 'owner', table: 'vehicles', kind: 'DELETE', current: vehicle(V_OWNED, OWNER), expect: 'permission_denied' },
  { what: 'deletes a vehicle', who: 'admin', table: 'vehicles', kind: 'DELETE', current: vehicle(V_OWNED, OWNER), expect: null },
  // vehicles_info
  { what: "edits own vehicle's info", who: 'owner', table: 'vehicles_info', kind: 'PATCH', current: { id: 'i', vehicle_id: V_OWNED }, set: { make: 'x' }, expect: 'permission_denied' },
  { what: "edits a customer's vehicle info", who: 'employee', table: 'vehicles_info', kind: 'PATCH', current: { id: 'i', vehicle_id: V_OWNED }, set: { make: 'x' }, expect: 'permission_denied' },
  { what: 'creates vehicle info', who: 'owner', table: 'vehicles_info', kind: 'PUT', current: null, set: { vehicle_id: V_OWNED }, expect: 'permission_denied' },
  { what: 'edits vehicle info', who: 'admin', table: 'vehicles_info', kind: 'PATCH', current: { id: 'i', vehicle_id: V_OWNED }, set: { make: 'x' }, expect: null },
  // qr_tags
  { what: 'claims a free tag for own vehicle', who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: null }, set: { target_id: V_OWNED, target_path: '/vehicle' }, expect: null },
  { what: 'claims a free tag with no path', who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: null }, set: { target_id: V_OWNED }, expect: null },
  { what: 'claims a free tag with another path', who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: null }, set: { target_id: V_OWNED, target_path: '/admin' }, expect: 'permission_denied' },
  { what: "claims a free tag for a stranger's vehicle", who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: null }, set: { target_id: V_STRANGER }, expect: 'not_found' },
  { what: 'claims a free tag for a missing vehicle', who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: null }, set: { target_id: V_MISSING }, expect: 'not_found' },
  { what: 'claims a free tag naming no vehicle', who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: null }, set: { target_path: '/vehicle' }, expect: 'permission_denied' },
  { what: 'takes over a claimed tag', who: 'owner', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: V_STRANGER }, set: { target_id: V_OWNED }, expect: 'permission_denied' },
  { what: 'claims a tag that does not exist', who: 'owner', table: 'qr_tags', kind: 'PUT', current: null, set: { target_id: V_OWNED }, expect: 'not_found' },
  { what: 'sends its own claim again', who: 'owner', table: 'qr_tags', kind: 'PUT', current: { id: 'TAG00001', target_id: V_OWNED }, set: { target_id: V_OWNED, target_path: '/vehicle' }, expect: null },
  { what: "re-sends a claim onto a stranger's claimed tag", who: 'owner', table: 'qr_tags', kind: 'PUT', current: { id: 'TAG00001', target_id: V_STRANGER }, set: { target_id: V_STRANGER }, expect: 'permission_denied' },
  { what: 'creates a tag', who: 'admin', table: 'qr_tags', kind: 'PUT', current: null, set: { target_id: null }, expect: null },
  { what: 'deletes a free tag', who: 'owner', table: 'qr_tags', kind: 'DELETE', current: { id: 'TAG00001', target_id: null }, expect: 'permission_denied' },
  { what: 'reassigns a claimed tag', who: 'admin', table: 'qr_tags', kind: 'PATCH', current: { id: 'TAG00001', target_id: V_STRANGER }, set: { target_id: V_OWNED }, expect: null },
  // customers
  { what: "creates a customer of their company", who: 'employee', table: 'customers', kind: 'PUT', current: null, set: { company_id: C1, name: 'x' }, expect: null },
  { what: "creates a customer of another company", who: 'otherEmployee', table: 'customers', kind: 'PUT', current: null, set: { company_id: C1, name: 'x' }, expect: 'permission_denied' },
  { what: 'creates a customer', who: 'owner', table: 'customers', kind: 'PUT', current: null, set: { company_id: C1, name: 'x' }, expect: 'permission_denied' },
  { what: "edits a customer of their company", who: 'employee', table: 'customers', kind: 'PATCH', current: { id: 'c', company_id: C1 }, set: { name: 'x' }, expect: null },
  { what: "edits a customer of another company", who: 'otherEmployee', table: 'customers', kind: 'PATCH', current: { id: 'c', company_id: C1 }, set: { name: 'x' }, expect: 'not_found' },
  { what: 'moves a customer to another company', who: 'employee', table: 'customers', kind: 'PATCH', current: { id: 'c', company_id: C1 }, set: { company_id: C2 }, expect: 'permission_denied' },
  { what: 'soft-deletes a customer of their company', who: 'employee', table: 'customers', kind: 'PATCH', current: { id: 'c', company_id: C1 }, set: { deleted_at: '2026-01-01T00:00:00.000Z' }, expect: null },
  { what: 'deletes a customer', who: 'employee', table: 'customers', kind: 'DELETE', current: { id: 'c', company_id: C1 }, expect: 'permission_denied' },
  { what: 'deletes a customer', who: 'admin', table: 'customers', kind: 'DELETE', current: { id: 'c', company_id: C1 }, expect: null },
  // service_requests
  { what: 'opens a request on own vehicle, no company', who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: null }), expect: null },
  { what: 'opens a request on own vehicle for a company', who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C2 }), expect: null },
  { what: 'opens a request for a company that does not exist', who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: 'gone' }), expect: 'invalid_value' },
  { what: "opens a request on a stranger's vehicle", who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_STRANGER }), expect: 'not_found' },
  { what: 'opens a request on a missing vehicle', who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_MISSING }), expect: 'not_found' },
  { what: "opens a request on a customer's vehicle", who: 'employee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C1 }), expect: null },
  { what: "opens a request on a stranger's private vehicle", who: 'employee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_STRANGER, company_id: C1 }), expect: 'not_found' },
  { what: "opens a request on another company's customer vehicle", who: 'otherEmployee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C2 }), expect: 'not_found' },
  { what: "opens a request for a company they do not work for", who: 'employee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C2 }), expect: 'not_found' },
  { what: "opens a request with no company on a customer's vehicle (it goes to the customer's company)", who: 'employee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: null }), expect: null },
  { what: "opens a request with no company on another company's customer vehicle", who: 'otherEmployee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: null }), expect: 'not_found' },
  { what: "updates a request of their company", who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { description: 'x' }, expect: null },
  { what: "updates a request on own vehicle", who: 'owner', table: 'service_requests', kind: 'PATCH', current: request(), set: { description: 'x' }, expect: null },
  { what: "moves a request onto a stranger's vehicle", who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_id: V_STRANGER }, expect: 'permission_denied' },
  { what: "moves a request of own vehicle onto a stranger's", who: 'owner', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_id: V_STRANGER }, expect: 'permission_denied' },
  { what: 'moves a request to another vehicle', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_id: V_STRANGER }, expect: 'permission_denied' },
  { what: "updates their company's request on a vehicle that is no customer's", who: 'employee', table: 'service_requests', kind: 'PATCH', current: request({ vehicle_id: V_STRANGER }), set: { description: 'x' }, expect: null },
  { what: 'moves a request to another company', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { company_id: C2 }, expect: 'permission_denied' },
  { what: 'moves a request of own vehicle to another company', who: 'owner', table: 'service_requests', kind: 'PATCH', current: request(), set: { company_id: C2 }, expect: 'permission_denied' },
  { what: 'moves a request to another company', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { company_id: C2 }, expect: null },
  // service request values, for every role
  { what: 'opens a request with no description', who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: { vehicle_id: V_OWNED, description: '  ' }, expect: 'invalid_value' },
  { what: 'blanks the description', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { description: '' }, expect: 'invalid_value' },
  { what: 'opens a request already completed', who: 'admin', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, vehicle_service_status_id: COMPLETED }), expect: 'invalid_value' },
  { what: 'opens a walk-in request already started', who: 'employee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C1, vehicle_service_status_id: STARTED }), expect: null },
  { what: 'sets an unknown status', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_service_status_id: 99 }, expect: 'invalid_value' },
  { what: 'schedules a request', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_service_status_id: SCHEDULED }, expect: null },
  { what: 'completes a request that never started', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_service_status_id: COMPLETED }, expect: 'invalid_value' },
  { what: 'completes a started request', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request({ vehicle_service_status_id: STARTED }), set: { vehicle_service_status_id: COMPLETED }, expect: null },
  { what: 'reopens a completed request', who: 'owner', table: 'service_requests', kind: 'PATCH', current: request({ vehicle_service_status_id: COMPLETED }), set: { vehicle_service_status_id: STARTED }, expect: null },
  { what: 'moves a cancelled request straight to started', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request({ vehicle_service_status_id: CANCELLED }), set: { vehicle_service_status_id: STARTED }, expect: 'invalid_value' },
  { what: 'sets a schedule that ends before it starts', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { schedule_start: '2026-03-02T10:00:00.000Z', schedule_end: '2026-03-02T09:00:00.000Z' }, expect: 'invalid_value' },
  { what: 'assigns a colleague', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { assigned_user_id: EMPLOYEE }, expect: null },
  { what: "assigns someone who does not work for the request's company", who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { assigned_user_id: OTHER_EMPLOYEE }, expect: 'invalid_value' },
  { what: 'assigns someone to a request without a company', who: 'owner', table: 'service_requests', kind: 'PATCH', current: request({ company_id: null }), set: { assigned_user_id: EMPLOYEE }, expect: 'invalid_value' },
  { what: 'edits a request still assigned to someone who left', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request({ assigned_user_id: STRANGER }), set: { description: 'x' }, expect: null },
  { what: 'soft-deletes a request of their company', who: 'employee', table: 'service_requests', kind: 'PATCH', current: request(), set: { deleted_at: NOW }, expect: null },
  { what: "updates another company's request", who: 'otherEmployee', table: 'service_requests', kind: 'PATCH', current: request(), set: { description: 'x' }, expect: 'not_found' },
  { what: "pulls another company's request over to their own", who: 'otherEmployee', table: 'service_requests', kind: 'PATCH', current: request(), set: { vehicle_id: V_C2_CUSTOMER, company_id: C2 }, expect: 'not_found' },
  { what: "opens a request on their company's customer vehicle", who: 'otherEmployee', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_C2_CUSTOMER, company_id: C2 }), expect: null },
  { what: "updates a stranger's request", who: 'stranger', table: 'service_requests', kind: 'PATCH', current: request(), set: { description: 'x' }, expect: 'not_found' },
  { what: 'deletes a request', who: 'employee', table: 'service_requests', kind: 'DELETE', current: request(), expect: 'permission_denied' },
  { what: 'deletes a request on own vehicle', who: 'owner', table: 'service_requests', kind: 'DELETE', current: request(), expect: 'permission_denied' },
  { what: 'deletes a request', who: 'admin', table: 'service_requests', kind: 'DELETE', current: request(), expect: null },
  // worktime
  { what: 'starts own clock on a request of their company', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: work(EMPLOYEE), expect: null },
  { what: "starts someone else's clock", who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: work(OTHER_EMPLOYEE), expect: 'permission_denied' },
  { what: "starts a clock on another company's request", who: 'otherEmployee', table: 'worktime', kind: 'PUT', current: null, set: work(OTHER_EMPLOYEE), expect: 'not_found' },
  { what: 'starts a clock on a missing request', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: work(EMPLOYEE, 'missing'), expect: 'not_found' },
  { what: 'starts a clock on a request of own vehicle', who: 'owner', table: 'worktime', kind: 'PUT', current: null, set: work(OWNER), expect: 'not_found' },
  { what: "corrects someone else's record", who: 'employee', table: 'worktime', kind: 'PATCH', current: work(OTHER_EMPLOYEE), set: { time: '2026-01-01T00:00:00.000Z' }, expect: 'permission_denied' },
  { what: 'corrects own record', who: 'employee', table: 'worktime', kind: 'PATCH', current: work(EMPLOYEE), set: { time: '2026-01-01T00:00:00.000Z' }, expect: null },
  { what: 'deletes own record', who: 'employee', table: 'worktime', kind: 'DELETE', current: work(EMPLOYEE), expect: 'permission_denied' },
  { what: "stops someone else's clock", who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), operation: 2 }, expect: null },
  { what: "stops someone else's clock", who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(OTHER_EMPLOYEE), operation: 2 }, expect: 'permission_denied' },
  { what: "starts someone else's clock", who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: work(EMPLOYEE), expect: 'permission_denied' },
  { what: 'starts own clock on any request', who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: work(ADMIN), expect: null },
  { what: "corrects someone else's record", who: 'admin', table: 'worktime', kind: 'PATCH', current: work(EMPLOYEE), set: { time: '2026-01-01T00:00:00.000Z' }, expect: null },
  { what: 'turns own start into a stop', who: 'employee', table: 'worktime', kind: 'PATCH', current: work(EMPLOYEE), set: { operation: 2 }, expect: 'permission_denied' },
  { what: 'moves own record to another request', who: 'admin', table: 'worktime', kind: 'PATCH', current: work(ADMIN), set: { service_request_id: R2 }, expect: 'permission_denied' },
  { what: 'logs a start more than a day ahead of the server', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), time: '2026-03-02T12:00:01.000Z' }, expect: 'invalid_value' },
  { what: 'logs a start minutes ahead of the server (a fast clock, within the skew)', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), time: '2026-03-01T12:04:00.000Z' }, expect: null },
  { what: 'logs a start an hour ahead of the server', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), time: '2026-03-01T13:00:00.000Z' }, expect: 'invalid_value' },
  { what: 'logs a start a day before the request was opened', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), time: '2025-11-30T09:00:00.000Z' }, expect: 'invalid_value' },
  { what: 'logs a start a day before the request was opened', who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: { ...work(ADMIN), time: '2025-11-30T09:00:00.000Z' }, expect: 'invalid_value' },
  { what: 'logs a start minutes before the request was opened (two clocks)', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), time: '2025-12-01T08:55:00.000Z' }, expect: null },
  { what: 'corrects a start to 1901', who: 'admin', table: 'worktime', kind: 'PATCH', current: work(EMPLOYEE), set: { time: '1901-01-01T00:00:00.000Z' }, expect: 'invalid_value' },
  { what: 'logs a record without a time', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), time: null }, expect: 'invalid_value' },
  { what: "deletes someone's record", who: 'admin', table: 'worktime', kind: 'DELETE', current: work(EMPLOYEE), expect: null },
  { what: 'stops own clock where they started it, after leaving', who: 'former', table: 'worktime', kind: 'PUT', current: null, set: { ...work(FORMER), operation: 2 }, expect: null },
  { what: 'starts a clock after leaving', who: 'former', table: 'worktime', kind: 'PUT', current: null, set: work(FORMER), expect: 'not_found' },
  { what: 'stops own clock where they never started, after leaving', who: 'former', table: 'worktime', kind: 'PUT', current: null, set: { ...work(FORMER, R2), operation: 2 }, expect: 'not_found' },
  { what: "stops someone else's clock where they started their own, after leaving", who: 'former', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), operation: 2 }, expect: 'permission_denied' },
  { what: 'stops a clock they never started', who: 'stranger', table: 'worktime', kind: 'PUT', current: null, set: { ...work(STRANGER), operation: 2 }, expect: 'not_found' },
  // vehicle_notes and track_sessions: the vehicle's owner, as themselves, on that vehicle; soft delete only
  { what: 'writes a note on own vehicle', who: 'owner', table: 'vehicle_notes', kind: 'PUT', current: null, set: record(OWNER), expect: null },
  { what: "writes a note on a stranger's vehicle", who: 'owner', table: 'vehicle_notes', kind: 'PUT', current: null, set: record(OWNER, V_STRANGER), expect: 'not_found' },
  { what: 'writes a note on a missing vehicle', who: 'owner', table: 'vehicle_notes', kind: 'PUT', current: null, set: record(OWNER, V_MISSING), expect: 'not_found' },
  { what: "writes a note in someone else's name", who: 'owner', table: 'vehicle_notes', kind: 'PUT', current: null, set: record(STRANGER), expect: 'permission_denied' },
  { what: "writes a note on a customer's vehicle", who: 'employee', table: 'vehicle_notes', kind: 'PUT', current: null, set: record(EMPLOYEE), expect: 'not_found' },
  { what: "edits a note on a stranger's vehicle", who: 'stranger', table: 'vehicle_notes', kind: 'PATCH', current: record(OWNER), set: { body: 'x' }, expect: 'not_found' },
  { what: 'removes a note of own vehicle', who: 'owner', table: 'vehicle_notes', kind: 'PATCH', current: record(STRANGER), set: { deleted_at: '2026-01-01T00:00:00.000Z' }, expect: null },
  { what: 'moves a note to a stranger’s vehicle', who: 'owner', table: 'vehicle_notes', kind: 'PATCH', current: record(OWNER), set: { vehicle_id: V_STRANGER }, expect: 'permission_denied' },
  { what: 'changes who wrote a note', who: 'owner', table: 'vehicle_notes', kind: 'PATCH', current: record(STRANGER), set: { user_id: OWNER }, expect: 'permission_denied' },
  { what: 'hard-deletes a note', who: 'owner', table: 'vehicle_notes', kind: 'DELETE', current: record(OWNER), expect: 'permission_denied' },
  { what: 'writes a note on any vehicle', who: 'admin', table: 'vehicle_notes', kind: 'PUT', current: null, set: record(ADMIN, V_STRANGER), expect: null },
  { what: 'records a track day on own vehicle', who: 'owner', table: 'track_sessions', kind: 'PUT', current: null, set: trackDay(OWNER), expect: null },
  { what: "records a track day on a stranger's vehicle", who: 'stranger', table: 'track_sessions', kind: 'PUT', current: null, set: trackDay(STRANGER), expect: 'not_found' },
  { what: "records a track day on a customer's vehicle", who: 'employee', table: 'track_sessions', kind: 'PUT', current: null, set: trackDay(EMPLOYEE), expect: 'not_found' },
  { what: 'removes a track day', who: 'admin', table: 'track_sessions', kind: 'DELETE', current: record(OWNER), expect: null },
  // companies and their employees
  { what: 'renames their company', who: 'employee', table: 'companies', kind: 'PATCH', current: { id: C1 }, set: { name: 'x' }, expect: 'permission_denied' },
  { what: 'renames a company', who: 'admin', table: 'companies', kind: 'PATCH', current: { id: C1 }, set: { name: 'x' }, expect: null },
  { what: 'hires themselves', who: 'owner', table: 'company_employees', kind: 'PUT', current: null, set: { user_id: OWNER, company_id: C1 }, expect: 'permission_denied' },
  { what: 'ends their own employment link', who: 'employee', table: 'company_employees', kind: 'PATCH', current: { id: 'l', user_id: EMPLOYEE, company_id: C1 }, set: { end_date: '2026-01-01T00:00:00.000Z' }, expect: 'permission_denied' },
  { what: 'adds an employee link', who: 'admin', table: 'company_employees', kind: 'PUT', current: null, set: { user_id: OWNER, company_id: C1 }, expect: null },
  // what the row cannot be without, and ids that name nothing: refused before the database would (completeness.ts)
  { what: 'records a track day without its circuit', who: 'owner', table: 'track_sessions', kind: 'PUT', current: null, set: { ...trackDay(OWNER), circuit: undefined }, expect: 'invalid_value' },
  { what: 'writes a note of blanks', who: 'owner', table: 'vehicle_notes', kind: 'PUT', current: null, set: { ...record(OWNER), body: '  ' }, expect: 'invalid_value' },
  { what: 'empties a note on edit', who: 'owner', table: 'vehicle_notes', kind: 'PATCH', current: record(OWNER), set: { body: null }, expect: 'invalid_value' },
  { what: 'makes a vehicle neither public nor private', who: 'owner', table: 'vehicles', kind: 'PATCH', current: vehicle(V_OWNED, OWNER), set: { is_public: null }, expect: 'invalid_value' },
  { what: 'creates a customer without a name', who: 'employee', table: 'customers', kind: 'PUT', current: null, set: { company_id: C1 }, expect: 'invalid_value' },
  { what: 'stops a clock naming nobody', who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE), user_id: null, operation: 2 }, expect: 'invalid_value' },
  { what: 'stops the clock of an account that does not exist', who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: { ...work('nobody'), operation: 2 }, expect: 'invalid_value' },
  { what: 'adds an employee link for an account that does not exist', who: 'admin', table: 'company_employees', kind: 'PUT', current: null, set: { user_id: 'nobody', company_id: C1 }, expect: 'invalid_value' },
  { what: 'adds an employee link ending before it starts', who: 'admin', table: 'company_employees', kind: 'PUT', current: null, set: { user_id: OWNER, company_id: C1, start_date: NOW, end_date: '2026-01-01T00:00:00.000Z' }, expect: 'invalid_value' },
  { what: 'opens a request on a vehicle that does not exist', who: 'admin', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_MISSING }), expect: 'invalid_value' },
  { what: 'opens a request on any vehicle', who: 'admin', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_STRANGER }), expect: null },
  // nothing new is put on a soft-deleted row, whoever writes (server/db/softDelete.ts)
  { what: 'opens a request for a deleted company', who: 'admin', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C_DELETED }), expect: 'invalid_value' },
  { what: 'opens a request on own vehicle for a deleted company', who: 'owner', table: 'service_requests', kind: 'PUT', current: null, set: opening({ vehicle_id: V_OWNED, company_id: C_DELETED }), expect: 'invalid_value' },
  { what: 'moves a request to a deleted company', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request(), set: { company_id: C_DELETED }, expect: 'invalid_value' },
  { what: 'edits a request of a company deleted since', who: 'admin', table: 'service_requests', kind: 'PATCH', current: request({ company_id: C_DELETED }), set: { description: 'x' }, expect: null },
  { what: 'creates a customer of a deleted company', who: 'admin', table: 'customers', kind: 'PUT', current: null, set: { company_id: C_DELETED, name: 'x' }, expect: 'invalid_value' },
  { what: 'moves a customer into a deleted company', who: 'admin', table: 'customers', kind: 'PATCH', current: { id: K1, company_id: C1, name: 'x' }, set: { company_id: C_DELETED }, expect: 'invalid_value' },
  { what: 'edits a customer of a company deleted since', who: 'admin', table: 'customers', kind: 'PATCH', current: { id: K1, company_id: C_DELETED, name: 'x' }, set: { note: 'x' }, expect: null },
  { what: 'adds an employee link to a deleted company', who: 'admin', table: 'company_employees', kind: 'PUT', current: null, set: { user_id: OWNER, company_id: C_DELETED }, expect: 'invalid_value' },
  { what: "puts a vehicle's info on a deleted customer", who: 'admin', table: 'vehicles_info', kind: 'PATCH', current: { id: 'i', vehicle_id: V_OWNED, customer_id: K1 }, set: { customer_id: K_DELETED }, expect: 'invalid_value' },
  { what: "sends a vehicle's info naming its customer, deleted since, as stored", who: 'admin', table: 'vehicles_info', kind: 'PATCH', current: { id: 'i', vehicle_id: V_OWNED, customer_id: K_DELETED }, set: { customer_id: K_DELETED, make: 'x' }, expect: null },
  // a deleted request is read-only, its work time included; an administrator may restore it (server/writes/tables/worktime.ts)
  { what: 'edits a deleted request of their company', who: 'employee', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { description: 'x' }, expect: 'permission_denied' },
  { what: 'edits a deleted request on own vehicle', who: 'owner', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { description: 'x' }, expect: 'permission_denied' },
  { what: 'restores a deleted request of their company', who: 'employee', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { deleted_at: null }, expect: 'permission_denied' },
  { what: 'restores a deleted request on own vehicle', who: 'owner', table: 'service_requests', kind: 'PUT', current: deletedRequest(), set: { deleted_at: null }, expect: 'permission_denied' },
  { what: "restores another company's deleted request", who: 'otherEmployee', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { deleted_at: null }, expect: 'not_found' },
  { what: 'restores a deleted request', who: 'admin', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { deleted_at: null }, expect: null },
  { what: 'restores a deleted request and schedules it', who: 'admin', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { deleted_at: null, vehicle_service_status_id: SCHEDULED }, expect: null },
  { what: 'edits a deleted request without restoring it', who: 'admin', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { description: 'x' }, expect: 'invalid_value' },
  { what: 'deletes a deleted request again', who: 'employee', table: 'service_requests', kind: 'PATCH', current: deletedRequest(), set: { deleted_at: NOW }, expect: 'permission_denied' },
  { what: 'purges a deleted request', who: 'admin', table: 'service_requests', kind: 'DELETE', current: deletedRequest(), expect: null },
  { what: 'starts own clock on a deleted request', who: 'employee', table: 'worktime', kind: 'PUT', current: null, set: work(EMPLOYEE, R_DELETED), expect: 'invalid_value' },
  { what: 'starts own clock on a deleted request', who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: work(ADMIN, R_DELETED), expect: 'invalid_value' },
  { what: "stops someone's clock on a deleted request", who: 'admin', table: 'worktime', kind: 'PUT', current: null, set: { ...work(EMPLOYEE, R_DELETED), operation: 2 }, expect: 'invalid_value' },
  { what: 'corrects own record on a deleted request', who: 'employee', table: 'worktime', kind: 'PATCH', current: work(EMPLOYEE, R_DELETED), set: { time: '2026-01-01T00:00:00.000Z' }, expect: 'invalid_value' },
  { what: "deletes someone's record on a deleted request", who: 'admin', table: 'worktime', kind: 'DELETE', current: work(EMPLOYEE, R_DELETED), expect: 'invalid_value' },
  { what: "starts a clock on another company's deleted request", who: 'otherEmployee', table: 'worktime', kind: 'PUT', current: null, set: work(OTHER_EMPLOYEE, R_DELETED), expect: 'not_found' },
  { what: 'restores a deleted company', who: 'admin', table: 'companies', kind: 'PATCH', current: { id: C_DELETED, name: 'x', deleted_at: new Date(NOW) }, set: { deleted_at: null }, expect: null },
  { what: 'renames a deleted company', who: 'admin', table: 'companies', kind: 'PATCH', current: { id: C_DELETED, name: 'x', deleted_at: new Date(NOW) }, set: { name: 'y' }, expect: 'invalid_value' },
  { what: 'restores and renames a deleted company', who: 'admin', table: 'companies', kind: 'PATCH', current: { id: C_DELETED, name: 'x', deleted_at: new Date(NOW) }, set: { deleted_at: null, name: 'y' }, expect: null },
  { what: 'edits a deleted customer of their company', who: 'employee', table: 'customers', kind: 'PATCH', current: { id: K_DELETED, company_id: C1, name: 'x', deleted_at: new Date(NOW) }, set: { note: 'x' }, expect: null },
  { what: 'restores a deleted company', who: 'employee', table: 'companies', kind: 'PATCH', current: { id: C_DELETED, name: 'x', deleted_at: new Date(NOW) }, set: { deleted_at: null }, expect: 'permission_denied' },
];

describe('upload policy: authorize()', () => {
  it.each(cases)('$who $what ($table $kind) → $expect', async (c) => {
    // As the upload applies it: the sent values over the stored row, then the columns the server derives.
    const merged = c.kind === 'DELETE' ? null : { ...(c.current ?? { id: 'new' }), ...c.set };
    const next = merged && { ...merged, ...(await derivedColumns(c.table, c.current, merged, lookups)) };
    const changed = new Set(Object.keys(c.set ?? {}));
    const refusal = await authorize({ table: c.table, kind: c.kind, current: c.current, next, changed }, actors[c.who]!, lookups);
    expect(refusal?.code ?? null).toBe(c.expect);
  });

  it('covers both the allowed and the refused side of every table', () => {
    for (const table of new Set(cases.map((c) => c.table))) {
      const outcomes = new Set(cases.filter((c) => c.table === table).map((c) => c.expect === null));
      expect(outcomes, table).toEqual(new Set([true, false]));
    }
  });

  it("answers a missing vehicle and a stranger's vehicle with the same words", async () => {
    const claim = async (target: string) =>
      authorize(
        { table: 'service_requests', kind: 'PUT', current: null, next: { id: 'n', vehicle_id: target, company_id: C1 }, changed: new Set(['vehicle_id']) },
        actors.employee!,
        lookups,
      );
    expect(await claim(V_MISSING)).toEqual(VEHICLE_NOT_YOURS);
    expect(await claim(V_STRANGER)).toEqual(VEHICLE_NOT_YOURS);
    expect(missingRow('vehicles')).toEqual(VEHICLE_NOT_YOURS);
    expect(missingRow('service_requests')).toEqual(REQUEST_NOT_YOURS);
  });
});

describe('upload policy: columns the server derives for a request', () => {
  const derive = (current: Row | null, set: Row) => derivedColumns('service_requests', current, { ...(current ?? { id: 'new' }), ...set }, lookups);

  it("sends a request without a company to the company whose customer owns the vehicle, as requested", async () => {
    expect(await derive(null, { vehicle_id: V_OWNED, company_id: null })).toEqual({
      company_id: C1, vehicle_service_status_id: REQUESTED, completed_at: null, has_started: false,
    });
    expect((await derive(null, { vehicle_id: V_STRANGER, company_id: null })).company_id).toBeUndefined();
    expect((await derive(null, { vehicle_id: V_OWNED, company_id: C2 })).company_id).toBeUndefined();
  });

  it('sets completed_at on completion (the device\'s time, else the server\'s) and clears it otherwise', async () => {
    const started = request({ vehicle_service_status_id: STARTED, has_started: true });
    expect(await derive(started, { vehicle_service_status_id: COMPLETED })).toMatchObject({ completed_at: NOW, has_started: true });
    expect(await derive(started, { vehicle_service_status_id: COMPLETED, completed_at: '2026-03-01T11:00:00.000Z' })).toMatchObject({
      completed_at: '2026-03-01T11:00:00.000Z',
    });
    const completed = request({ vehicle_service_status_id: COMPLETED, completed_at: new Date(NOW), has_started: true });
    expect(await derive(completed, { vehicle_service_status_id: STARTED })).toMatchObject({ completed_at: null, has_started: true });
    expect(await derive(request(), { completed_at: NOW })).toMatchObject({ completed_at: null });
  });

  it('keeps has_started once set, whatever a device sends', async () => {
    const started = request({ vehicle_service_status_id: SCHEDULED, has_started: true });
    expect(await derive(started, { has_started: false })).toMatchObject({ has_started: true });
    expect(await derive(request(), { vehicle_service_status_id: STARTED })).toMatchObject({ has_started: true });
  });
});

describe('removing attached files (upload_form_files, DELETE only)', () => {
  // A form file as stored: its bucket says what it is attached to (lookups.bucketTarget), and the vehicle it belongs
  // to is copied onto it (migration 0017).
  const onRequest = (userId: string): Row => ({ id: 'ff', upload_form_id: 'bucket-r1', user_id: userId, vehicle_id: V_OWNED, company_id: C1 });
  const onVehicle = (userId: string, vehicleId = V_OWNED): Row => ({ id: 'ff', upload_form_id: `bucket-${vehicleId}`, user_id: userId, vehicle_id: vehicleId, company_id: null });
  const remove = (who: Who, current: Row, kind: CrudKind = 'DELETE') =>
    authorize({ table: 'upload_form_files', kind, current, next: kind === 'DELETE' ? null : current, changed: new Set() }, actors[who]!, lookups);

  it("the vehicle's owner and admins remove any; the request's staff the files they added", async () => {
    expect(await remove('owner', onRequest(EMPLOYEE))).toBeNull();
    expect(await remove('admin', onRequest(EMPLOYEE))).toBeNull();
    expect(await remove('employee', onRequest(EMPLOYEE))).toBeNull();
    expect(await remove('owner', onVehicle(ADMIN))).toBeNull();
  });

  it('having added a file is no right once the vehicle is sold or the job has ended', async () => {
    // The owner's photo on a vehicle now the stranger's; a file added while working for C1 by one now at C2.
    expect((await remove('owner', onVehicle(OWNER, V_STRANGER)))?.code).toBe('not_found');
    expect(await remove('stranger', onVehicle(OWNER, V_STRANGER))).toBeNull();
    expect((await remove('otherEmployee', onRequest(OTHER_EMPLOYEE)))?.code).toBe('not_found');
  });

  it('a file the sweep took with its bucket is removed by the same rule, read from what was kept of it', async () => {
    // files/gone-files.ts sweptFormFile: the bucket is gone, its form_key says what the file was attached to.
    const swept = (userId: string): Row => ({ id: 'ff', upload_form_id: 'bucket-gone', user_id: userId, vehicle_id: V_OWNED, form_key: `service_request/${R1}` });
    expect(await remove('employee', swept(EMPLOYEE))).toBeNull();
    expect(await remove('owner', swept(EMPLOYEE))).toBeNull();
    expect((await remove('otherEmployee', swept(EMPLOYEE)))?.code).toBe('not_found');
    expect((await remove('stranger', swept(EMPLOYEE)))?.code).toBe('not_found');
    expect((await remove('employee', swept(OWNER)))?.code).toBe('not_found');
  });

  it('anyone else is told it is not there, and nobody writes form files as rows', async () => {
    expect((await remove('stranger', onRequest(EMPLOYEE)))?.code).toBe('not_found');
    expect((await remove('employee', onRequest(OWNER)))?.code).toBe('not_found');
    expect((await remove('employee', onVehicle(EMPLOYEE)))?.code).toBe('not_found');
    expect((await remove('otherEmployee', onRequest(OWNER)))?.code).toBe('not_found');
    for (const who of ['owner', 'admin'] as const) {
      expect((await remove(who, onRequest(OWNER), 'PATCH'))?.code).toBe('permission_denied');
      expect((await remove(who, onRequest(OWNER), 'PUT'))?.code).toBe('permission_denied');
    }
  });
});
