import { useWatchedQuery } from '../../data/useQuery.js';
import { REQUEST_STATUS } from '../../domain/serviceStatus.js';
import { WORK_START, WORK_STOP } from '../../domain/worktime.js';

// Reads of the services feature, all from the local database (offline first). A person's name comes from their
// user row when the device holds it (only their own), else from a company link's user_name
// (colleagues, migration 0008); null when the device knows neither (a vehicle owner looking at shop staff).
// The subqueries' aliases are their own (name_user, name_link) so that they never shadow a caller's alias: `e.user_id`
// compared inside a subquery aliased `e` would match every row.
const personName = (column: string) => `COALESCE(
  (SELECT name_user.display_name FROM users name_user WHERE name_user.id = ${column} AND name_user.display_name <> ''),
  (SELECT name_link.user_name FROM company_employees name_link
    WHERE name_link.user_id = ${column} AND name_link.user_name <> '' LIMIT 1))`;

/** What the services pages show of a vehicle, and the company whose customer owns it (when the device knows). */
export interface ServiceVehicle {
  id: string;
  name: string | null;
  user_id: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  color: string | null;
  license_plate: string | null;
  /** The vehicle's customer, when its info names one (the customer row itself may not be on this device). */
  customer_id: string | null;
  customer_name: string | null;
  customer_company_id: string | null;
}

export function useServiceVehicle(vehicleId: string) {
  return useWatchedQuery<ServiceVehicle>(
    `SELECT v.id, v.name, v.user_id, i.make, i.model, i.year, i.color, i.license_plate, i.customer_id,
            c.name AS customer_name, c.company_id AS customer_company_id
       FROM vehicles v
       LEFT JOIN vehicles_info i ON i.vehicle_id = v.id
       LEFT JOIN customers c ON c.id = i.customer_id AND c.deleted_at IS NULL
      WHERE v.id = ?`,
    [vehicleId],
  );
}

export interface RequestSummary {
  id: string;
  vehicle_id: string;
  description: string | null;
  vehicle_service_status_id: number | null;
  has_started: number | null;
  schedule_start: string | null;
  schedule_end: string | null;
  assigned_user_id: string | null;
  assigned_name: string | null;
  company_id: string | null;
  created_at: string | null;
}

const SUMMARY_COLUMNS = `r.id, r.vehicle_id, r.description, r.vehicle_service_status_id, r.has_started, r.schedule_start,
  r.schedule_end, r.assigned_user_id, ${personName('r.assigned_user_id')} AS assigned_name, r.company_id, r.created_at`;

/** A vehicle's requests that are not deleted, newest first. */
export function useVehicleRequests(vehicleId: string) {
  return useWatchedQuery<RequestSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM service_requests r
      WHERE r.vehicle_id = ? AND r.deleted_at IS NULL ORDER BY r.created_at DESC, r.id`,
    [vehicleId],
  );
}

export interface RequestDetail extends RequestSummary {
  deleted_at: string | null;
  completed_at: string | null;
  updated_at: string | null;
  user_id: string | null;
  requested_by: string | null;
  company_name: string | null;
}

export function useRequest(requestId: string) {
  return useWatchedQuery<RequestDetail>(
    `SELECT ${SUMMARY_COLUMNS}, r.deleted_at, r.completed_at, r.updated_at, r.user_id,
            ${personName('r.user_id')} AS requested_by,
            (SELECT c.name FROM companies c WHERE c.id = r.company_id) AS company_name
       FROM service_requests r WHERE r.id = ?`,
    [requestId],
  );
}

/** One work record as the clock math reads it, with the name of whose it is and what its request is. */
export interface WorkRow {
  id: string;
  service_request_id: string;
  user_id: string;
  operation: number;
  time: string;
  user_name: string | null;
  request_description: string | null;
  request_vehicle_id: string | null;
}

const WORK_COLUMNS = `w.id, w.service_request_id, w.user_id, w.operation, w.time, ${personName('w.user_id')} AS user_name,
  (SELECT wr.description FROM service_requests wr WHERE wr.id = w.service_request_id) AS request_description,
  (SELECT wr.vehicle_id FROM service_requests wr WHERE wr.id = w.service_request_id) AS request_vehicle_id`;

/**
 * The work records of the requests `requestIds` (a subquery) selects, with every record the device holds of the
 * people who worked on them: a person's time counts once across requests (src/domain/worktime.ts), so what counts
 * here depends on their stretches elsewhere.
 */
const workOfPeopleOn = (requestIds: string) => `SELECT ${WORK_COLUMNS} FROM worktime w
  WHERE w.user_id IN (SELECT p.user_id FROM worktime p WHERE p.service_request_id IN (${requestIds}))`;

/** Every work record of a vehicle's requests (the list shows which run), and of its people's time elsewhere. */
export function useVehicleWork(vehicleId: string) {
  return useWatchedQuery<WorkRow>(
    workOfPeopleOn('SELECT r.id FROM service_requests r WHERE r.vehicle_id = ? AND r.deleted_at IS NULL'),
    [vehicleId],
  );
}

export function useRequestWork(requestId: string) {
  return useWatchedQuery<WorkRow>(workOfPeopleOn('?'), [requestId]);
}

/** A request the user may be working on, with what the banner and lists show of its vehicle. */
export interface WorkRequest {
  id: string;
  vehicle_id: string;
  description: string | null;
  vehicle_service_status_id: number | null;
  has_started: number | null;
  schedule_start: string | null;
  vehicle_name: string | null;
  make: string | null;
  model: string | null;
}

const WORK_REQUEST_COLUMNS = `r.id, r.vehicle_id, r.description, r.vehicle_service_status_id, r.has_started, r.schedule_start,
  v.name AS vehicle_name, i.make, i.model`;
const WITH_VEHICLE = `LEFT JOIN vehicles v ON v.id = r.vehicle_id LEFT JOIN vehicles_info i ON i.vehicle_id = r.vehicle_id`;

/**
 * Requests where the user's clock may be running: a start of theirs that no later stop of theirs follows. A superset
 * of the running ones (src/domain/worktime.ts decides, from every record of these requests); cheap to watch.
 */
const MAYBE_RUNNING = `SELECT w.service_request_id FROM worktime w
  WHERE w.user_id = ? AND w.operation = ${WORK_START}
    AND NOT EXISTS (SELECT 1 FROM worktime s WHERE s.user_id = w.user_id AND s.service_request_id = w.service_request_id
                      AND s.operation = ${WORK_STOP} AND s.time > w.time)`;

export function useMaybeActiveRequests(userId: string) {
  return useWatchedQuery<WorkRequest>(
    `SELECT ${WORK_REQUEST_COLUMNS} FROM service_requests r ${WITH_VEHICLE}
      WHERE r.deleted_at IS NULL AND r.id IN (${MAYBE_RUNNING})`,
    [userId],
  );
}

export function useMaybeActiveWork(userId: string) {
  return useWatchedQuery<WorkRow>(workOfPeopleOn(MAYBE_RUNNING), [userId]);
}

/** Open requests assigned to the user, the soonest scheduled first. */
export function useAssignedRequests(userId: string) {
  return useWatchedQuery<WorkRequest>(
    `SELECT ${WORK_REQUEST_COLUMNS} FROM service_requests r ${WITH_VEHICLE}
      WHERE r.assigned_user_id = ? AND r.deleted_at IS NULL
        AND COALESCE(r.vehicle_service_status_id, 0) NOT IN (${REQUEST_STATUS.COMPLETED}, ${REQUEST_STATUS.CANCELLED})
      ORDER BY r.schedule_start IS NULL, r.schedule_start, r.created_at`,
    [userId],
  );
}

/** A company's employee links with the employees' names (the device holds its own company's, or all for admins). */
export interface StaffLink {
  user_id: string;
  user_name: string | null;
  start_date: string | null;
  end_date: string | null;
}

export function useCompanyStaff(companyId: string | null) {
  return useWatchedQuery<StaffLink>(
    `SELECT e.user_id, ${personName('e.user_id')} AS user_name, e.start_date, e.end_date
       FROM company_employees e WHERE e.company_id = ? ORDER BY user_name COLLATE NOCASE, e.user_id`,
    [companyId ?? ''],
  );
}

