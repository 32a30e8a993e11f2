import { create } from '@bufbuild/protobuf';
import { statusOf } from '../../src/domain/serviceStatus.js';
import { AdminRequestSchema, type AdminRequest, type ListRequestsRequest } from '../../src/gen/tagbook/v1/admin_pb.js';
import type { Queryable } from '../db/db.js';
import { timeArgument } from '../rpc/time-argument.js';
import { decodeCursor, ms, pageOf } from './paging.js';

export type RequestListRow = {
  id: string;
  description: string;
  vehicle_service_status_id: number | null;
  has_started: boolean;
  vehicle_id: string;
  vehicle_name: string | null;
  make: string | null;
  model: string | null;
  company_id: string | null;
  company_name: string | null;
  assigned_user_id: string | null;
  assigned_name: string | null;
  created_at: Date;
  schedule_start: Date | null;
  completed_at: Date | null;
  sort_key: string;
};

/** Columns of an AdminRequest for `service_requests r`. */
export const REQUEST_COLUMNS = `r.id, r.description, r.vehicle_service_status_id, r.has_started, r.vehicle_id,
  v.name as vehicle_name, i.make, i.model, r.company_id, c.name as company_name, r.assigned_user_id,
  a.display_name as assigned_name, r.created_at, r.schedule_start, r.completed_at, r.created_at::text as sort_key`;
export const REQUEST_JOINS = `join vehicles v on v.id = r.vehicle_id left join vehicles_info i on i.vehicle_id = r.vehicle_id
  left join companies c on c.id = r.company_id left join users a on a.id = r.assigned_user_id`;

export function adminRequest(r: RequestListRow): AdminRequest {
  return create(AdminRequestSchema, {
    id: r.id, description: r.description, status: statusOf(r), vehicleId: r.vehicle_id, vehicleName: r.vehicle_name ?? '',
    make: r.make ?? '', model: r.model ?? '', companyId: r.company_id ?? '', companyName: r.company_name ?? '',
    assignedUserId: r.assigned_user_id ?? '', assignedName: r.assigned_name ?? '', createdAt: ms(r.created_at),
    scheduleStart: ms(r.schedule_start), completedAt: ms(r.completed_at),
  });
}

/**
 * Requests that are not deleted, newest first, filtered. A request without a stored status counts as the status it
 * reads as (statusOf): started if it has started, else requested.
 */
export async function listRequests(db: Queryable, req: ListRequestsRequest, limit: number) {
  const where: string[] = ['r.deleted_at is null'];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (req.statuses.length > 0) {
    where.push(`coalesce(r.vehicle_service_status_id, case when r.has_started then 3 else 1 end) = any(${param(req.statuses)}::int[])`);
  }
  if (req.companyId !== '') where.push(`r.company_id = ${param(req.companyId)}`);
  if (req.assignedUserId !== '') where.push(`r.assigned_user_id = ${param(req.assignedUserId)}`);
  const createdFrom = timeArgument('createdFrom', req.createdFrom);
  const createdTo = timeArgument('createdTo', req.createdTo);
  if (createdFrom) where.push(`r.created_at >= ${param(createdFrom)}`);
  if (createdTo) where.push(`r.created_at < ${param(createdTo)}`);
  const after = decodeCursor(req.page?.cursor);
  if (after) where.push(`(r.created_at, r.id) < (${param(after.key)}::timestamptz, ${param(after.id)})`);
  const rows = await db.query<RequestListRow>(
    `select ${REQUEST_COLUMNS} from service_requests r ${REQUEST_JOINS}
      where ${where.join(' and ')} order by r.created_at desc, r.id desc limit ${param(limit + 1)}`,
    params,
  );
  return pageOf(rows, limit);
}
