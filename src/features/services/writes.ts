import { whenDatabaseReady } from '../../data/databaseState.js';
import { newId } from '../../domain/ids.js';
import { isOpen, REQUEST_STATUS, statusColumns, type RequestStatus } from '../../domain/serviceStatus.js';
import { stopTimeFor, WORK_START, WORK_STOP, type WorkInterval } from '../../domain/worktime.js';
import { clocksOf, type WorkRecordRow } from '../../entities/worktime/records.js';

// Every write of the services feature is a local write (offline first); the upload queue carries it to the server,
// which checks it (server/writes/tables/service_requests.ts) and fills in who asked and who changed a request last (a
// device does not get to say). Writes that belong together share one transaction, so they are uploaded, accepted or
// refused together. Each reads the clock when the person acts, before anything is awaited: a new row's created_at
// is its time of making, which the server keeps.

type Tx = {
  execute(sql: string, params?: unknown[]): Promise<unknown>;
  getAll<T>(sql: string, params?: unknown[]): Promise<T[]>;
};

const iso = (ms: number) => new Date(ms).toISOString();

export interface RequestFields {
  description: string;
  scheduleStart: string | null;
  scheduleEnd: string | null;
  assignedUserId: string | null;
}

export interface NewRequest extends RequestFields {
  vehicleId: string;
  /** Null: the server sends it to the company whose customer owns the vehicle, if any. */
  companyId: string | null;
}

/** Opens a request; scheduled when it has a start time, else requested. Returns its id. */
export async function createRequest(request: NewRequest): Promise<string> {
  const now = iso(Date.now());
  const db = await whenDatabaseReady();
  const id = newId();
  const status = request.scheduleStart === null ? REQUEST_STATUS.REQUESTED : REQUEST_STATUS.SCHEDULED;
  await db.execute(
    `INSERT INTO service_requests (id, vehicle_id, company_id, description, schedule_start, schedule_end, assigned_user_id,
       vehicle_service_status_id, has_started, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    [id, request.vehicleId, request.companyId, request.description, request.scheduleStart, request.scheduleEnd,
      request.assignedUserId, status, now, now],
  );
  return id;
}

export async function updateRequest(requestId: string, fields: RequestFields): Promise<void> {
  const now = iso(Date.now());
  const db = await whenDatabaseReady();
  await db.execute(
    `UPDATE service_requests SET description = ?, schedule_start = ?, schedule_end = ?, assigned_user_id = ?, updated_at = ?
      WHERE id = ?`,
    [fields.description, fields.scheduleStart, fields.scheduleEnd, fields.assignedUserId, now, requestId],
  );
}

async function setStatusIn(tx: Tx, requestId: string, status: RequestStatus, hadStarted: boolean, now: number) {
  const columns = statusColumns(status, null, hadStarted, iso(now));
  await tx.execute(
    'UPDATE service_requests SET vehicle_service_status_id = ?, completed_at = ?, has_started = ?, updated_at = ? WHERE id = ?',
    [status, columns.completed_at, columns.has_started ? 1 : 0, iso(now), requestId],
  );
}

/** A start or stop at `time`, recorded at `madeAt` (they differ when the person stopping corrects the time). */
async function insertWork(tx: Tx, userId: string, requestId: string, operation: number, time: number, madeAt: number) {
  await tx.execute(
    'INSERT INTO worktime (id, user_id, service_request_id, operation, time, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    [newId(), userId, requestId, operation, iso(time), iso(madeAt)],
  );
}

/**
 * Moves a request to another status. Whoever closes it stops their own clock on it at the same moment, in the same
 * transaction (other people's clocks are theirs, or an admin's, to stop).
 */
export async function changeStatus(
  userId: string,
  request: { id: string; has_started: number | null },
  status: RequestStatus,
  myRunningClock: boolean,
): Promise<void> {
  const now = Date.now();
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    await setStatusIn(tx, request.id, status, request.has_started === 1, now);
    if (!isOpen(status) && myRunningClock) await insertWork(tx, userId, request.id, WORK_STOP, now, now);
  });
}

/**
 * The user's clocks running on other requests than `requestId`, as this device holds them, read inside the
 * transaction that starts the new one, so another tab's start meanwhile is seen.
 */
async function otherRunningClocks(tx: Tx, userId: string, requestId: string): Promise<Array<StoppedClock & { running: WorkInterval }>> {
  const rows = await tx.getAll<WorkRecordRow & { description: string | null }>(
    `SELECT w.id, w.service_request_id, w.user_id, w.operation, w.time, r.description
       FROM worktime w LEFT JOIN service_requests r ON r.id = w.service_request_id WHERE w.user_id = ?`,
    [userId],
  );
  const descriptions = new Map(rows.map((r) => [r.service_request_id, r.description]));
  const clocks = clocksOf(rows);
  return [...clocks].flatMap(([id, clock]) => {
    const running = clock.active[0]?.running;
    return id !== requestId && running ? [{ requestId: id, description: descriptions.get(id) ?? null, running }] : [];
  });
}

/** A clock that starting work elsewhere stopped, and what its request is (null: the device does not hold it). */
export interface StoppedClock {
  requestId: string;
  description: string | null;
}

/**
 * Starts the user's clock now; a request not yet started moves to STARTED with it. One person runs one clock: a
 * clock of theirs running on another request stops at the same moment, in the same transaction. Returns the
 * requests whose clock it stopped.
 */
export async function startWork(userId: string, request: { id: string; status: RequestStatus; has_started: number | null }): Promise<StoppedClock[]> {
  const now = Date.now();
  const db = await whenDatabaseReady();
  return db.writeTransaction(async (tx) => {
    const others = await otherRunningClocks(tx, userId, request.id);
    for (const other of others) await insertWork(tx, userId, other.requestId, WORK_STOP, stopTimeFor(other.running, now), now);
    await insertWork(tx, userId, request.id, WORK_START, now, now);
    if (request.status === REQUEST_STATUS.REQUESTED || request.status === REQUEST_STATUS.SCHEDULED) {
      await setStatusIn(tx, request.id, REQUEST_STATUS.STARTED, request.has_started === 1, now);
    }
    return others.map(({ requestId, description }) => ({ requestId, description }));
  });
}

export interface Stop {
  requestId: string;
  /** Whose clock: the user's own, or (admins) someone else's. */
  clockUserId: string;
  startRecordId: string;
  /** The start as recorded, and as the person stopping says it was. */
  recordedStart: number;
  start: number;
  stop: number;
}

/** Ends a running clock at `stop`, correcting its start first when the person stopping changed it. */
export async function stopWork(stop: Stop): Promise<void> {
  const now = Date.now();
  const db = await whenDatabaseReady();
  await db.writeTransaction(async (tx) => {
    if (stop.start !== stop.recordedStart) {
      await tx.execute('UPDATE worktime SET time = ? WHERE id = ?', [iso(stop.start), stop.startRecordId]);
    }
    await insertWork(tx, stop.clockUserId, stop.requestId, WORK_STOP, stop.stop, now);
  });
}

/** Soft delete: the request disappears from lists; its history stays on the server. */
export async function deleteRequest(requestId: string): Promise<void> {
  const now = iso(Date.now());
  const db = await whenDatabaseReady();
  await db.execute('UPDATE service_requests SET deleted_at = ?, updated_at = ? WHERE id = ?', [now, now, requestId]);
}
