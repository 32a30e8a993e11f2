import { useWatchedQuery } from '../../data/useQuery.js';
import { REQUEST_STATUS } from '../../domain/serviceStatus.js';
import { personNameSql } from '../person/personName.js';
import type { Row, WithRequired } from '../rows.js';
import { MAYBE_RUNNING_REQUEST_IDS } from '../worktime/queries.js';
import { requestNotDeleted } from './notDeleted.js';

// The reads of service requests, all from the local database (offline first), all by one rule: a deleted request is
// shown nowhere (notDeleted.ts).

type RequestRow = WithRequired<Row<'service_requests'>, 'vehicle_id'>;

/** A request as the lists show it, with the name of whom it is assigned to. */
export type RequestSummary = Pick<
  RequestRow,
  | 'id'
  | 'vehicle_id'
  | 'description'
  | 'vehicle_service_status_id'
  | 'has_started'
  | 'schedule_start'
  | 'schedule_end'
  | 'assigned_user_id'
  | 'company_id'
  | 'created_at'
  | 'completed_at'
> & { assigned_name: string | null };

const SUMMARY_COLUMNS = `r.id, r.vehicle_id, r.description, r.vehicle_service_status_id, r.has_started, r.schedule_start,
  r.schedule_end, r.assigned_user_id, ${personNameSql('r.assigned_user_id')} AS assigned_name, r.company_id, r.created_at,
  r.completed_at`;

/** A vehicle's requests, newest first (its services page, its logbook). */
export function useVehicleRequests(vehicleId: string) {
  return useWatchedQuery<RequestSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM service_requests r
      WHERE r.vehicle_id = ? AND ${requestNotDeleted('r')} ORDER BY r.created_at DESC, r.id`,
    [vehicleId],
  );
}

/** A request as its page shows it: who asked for it, and for which company. */
export type RequestDetail = RequestSummary &
  Pick<RequestRow, 'updated_at' | 'user_id'> & { requested_by: string | null; company_name: string | null };

/** One request, or no row when the device does not hold it or it is deleted. */
export function useRequest(requestId: string) {
  return useWatchedQuery<RequestDetail>(
    `SELECT ${SUMMARY_COLUMNS}, r.updated_at, r.user_id, ${personNameSql('r.user_id')} AS requested_by,
            (SELECT c.name FROM companies c WHERE c.id = r.company_id) AS company_name
       FROM service_requests r WHERE r.id = ? AND ${requestNotDeleted('r')}`,
    [requestId],
  );
}

/** A request someone works on, with what the banner and lists show of its vehicle. */
export type WorkRequest = Pick<
  RequestRow,
  'id' | 'vehicle_id' | 'description' | 'vehicle_service_status_id' | 'has_started' | 'schedule_start'
> &
  Pick<Row<'vehicles_info'>, 'make' | 'model'> & { vehicle_name: string | null };

const WORK_REQUEST_COLUMNS = `r.id, r.vehicle_id, r.description, r.vehicle_service_status_id, r.has_started, r.schedule_start,
  v.name AS vehicle_name, i.make, i.model`;
const WITH_VEHICLE = `LEFT JOIN vehicles v ON v.id = r.vehicle_id LEFT JOIN vehicles_info i ON i.vehicle_id = r.vehicle_id`;

/** Requests where the user's clock may be running (worktime/queries.ts says which). */
export function useMaybeActiveRequests(userId: string) {
  return useWatchedQuery<WorkRequest>(
    `SELECT ${WORK_REQUEST_COLUMNS} FROM service_requests r ${WITH_VEHICLE}
      WHERE ${requestNotDeleted('r')} AND r.id IN (${MAYBE_RUNNING_REQUEST_IDS})`,
    [userId],
  );
}

/** Open requests assigned to the user, the soonest scheduled first. */
export function useAssignedRequests(userId: string) {
  return useWatchedQuery<WorkRequest>(
    `SELECT ${WORK_REQUEST_COLUMNS} FROM service_requests r ${WITH_VEHICLE}
      WHERE r.assigned_user_id = ? AND ${requestNotDeleted('r')}
        AND COALESCE(r.vehicle_service_status_id, 0) NOT IN (${REQUEST_STATUS.COMPLETED}, ${REQUEST_STATUS.CANCELLED})
      ORDER BY r.schedule_start IS NULL, r.schedule_start, r.created_at`,
    [userId],
  );
}

/** A company's request as its list shows it. */
export type CompanyRequest = Omit<WorkRequest, 'schedule_start'> &
  Pick<RequestRow, 'created_at'> & { assigned_name: string | null };

/** A company's requests, newest first, the latest 200 (employees' devices sync them; offline too). */
export function useCompanyRequests(companyId: string) {
  return useWatchedQuery<CompanyRequest>(
    `SELECT r.id, r.vehicle_id, r.description, r.vehicle_service_status_id, r.has_started, v.name AS vehicle_name,
            i.make, i.model, r.created_at, ${personNameSql('r.assigned_user_id')} AS assigned_name
       FROM service_requests r ${WITH_VEHICLE}
      WHERE r.company_id = ? AND ${requestNotDeleted('r')} ORDER BY r.created_at DESC, r.id LIMIT 200`,
    [companyId],
  );
}
