import { useWatchedQuery } from '../../data/useQuery.js';
import { WORK_START, WORK_STOP } from '../../domain/worktime.js';
import { personNameSql } from '../person/personName.js';
import { requestNotDeleted } from '../serviceRequest/notDeleted.js';
import type { WorkRecordRow } from './records.js';

// Work records are read by the people they concern: a person's time counts once across requests
// (src/domain/worktime.ts), so what counts on one request depends on their stretches on every other. Each query
// therefore picks the people who worked on the requests it is about, and reads every record the device holds of them.

/** A work record with the name of whose it is and what its request is (an overlap names the other request). */
export type WorkRow = WorkRecordRow & {
  user_name: string | null;
  request_description: string | null;
  request_vehicle_id: string | null;
};

const WORK_COLUMNS = `w.id, w.service_request_id, w.user_id, w.operation, w.time, ${personNameSql('w.user_id')} AS user_name,
  (SELECT wr.description FROM service_requests wr WHERE wr.id = w.service_request_id) AS request_description,
  (SELECT wr.vehicle_id FROM service_requests wr WHERE wr.id = w.service_request_id) AS request_vehicle_id`;

/** Every record of the people who worked on the requests `requestIds` (a subquery) selects. */
const workOfPeopleOn = (requestIds: string) => `SELECT ${WORK_COLUMNS} FROM worktime w
  WHERE w.user_id IN (SELECT p.user_id FROM worktime p WHERE p.service_request_id IN (${requestIds}))
  ORDER BY w.time, w.id`;

/**
 * Requests where the user's clock may be running: a start of theirs that no later stop of theirs follows. A superset
 * of the running ones (src/domain/worktime.ts decides, from every record of these requests); cheap to watch.
 * Parameter: the user's id.
 */
export const MAYBE_RUNNING_REQUEST_IDS = `SELECT w.service_request_id FROM worktime w
  WHERE w.user_id = ? AND w.operation = ${WORK_START}
    AND NOT EXISTS (SELECT 1 FROM worktime s WHERE s.user_id = w.user_id AND s.service_request_id = w.service_request_id
                      AND s.operation = ${WORK_STOP} AND s.time > w.time)`;

/** The work on a vehicle's requests that are not deleted (the services list, the logbook's totals). */
export function useVehicleWork(vehicleId: string) {
  return useWatchedQuery<WorkRow>(
    workOfPeopleOn(`SELECT r.id FROM service_requests r WHERE r.vehicle_id = ? AND ${requestNotDeleted('r')}`),
    [vehicleId],
  );
}

/** The work on one request (its page is shown only while the request is not deleted). */
export function useRequestWork(requestId: string) {
  return useWatchedQuery<WorkRow>(workOfPeopleOn('?'), [requestId]);
}

/** The work on the requests where the user's clock may be running. */
export function useMaybeActiveWork(userId: string) {
  return useWatchedQuery<WorkRow>(workOfPeopleOn(MAYBE_RUNNING_REQUEST_IDS), [userId]);
}
