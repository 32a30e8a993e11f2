/**
 * The life of a service request (STARTED marks one in progress; the other statuses are ours). Codes are what
 * service_requests.vehicle_service_status_id stores; the server refuses any move not listed here, whoever sends it.
 *
 *   REQUESTED ⇄ SCHEDULED        asked for; given a slot (or taken off it)
 *   REQUESTED | SCHEDULED → STARTED   work began (starting a work clock does this too)
 *   STARTED → SCHEDULED          put on hold until a new slot (waiting for parts)
 *   STARTED → COMPLETED          done; completed_at is set
 *   any open status → CANCELLED  not going ahead
 *   COMPLETED → STARTED          reopened because the work was not finished after all
 *   CANCELLED → REQUESTED        asked for again
 */
/** The longest description a request may have (what the server stores). */
export const REQUEST_DESCRIPTION_MAX = 10_000;

export const REQUEST_STATUS = {
  REQUESTED: 1,
  SCHEDULED: 2,
  STARTED: 3,
  COMPLETED: 4,
  CANCELLED: 5,
} as const;

export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];

const { REQUESTED, SCHEDULED, STARTED, COMPLETED, CANCELLED } = REQUEST_STATUS;

export const STATUS_LABELS: Record<RequestStatus, string> = {
  [REQUESTED]: 'Requested',
  [SCHEDULED]: 'Scheduled',
  [STARTED]: 'Started',
  [COMPLETED]: 'Completed',
  [CANCELLED]: 'Cancelled',
};

const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  [REQUESTED]: [SCHEDULED, STARTED, CANCELLED],
  [SCHEDULED]: [REQUESTED, STARTED, CANCELLED],
  [STARTED]: [COMPLETED, SCHEDULED, CANCELLED],
  [COMPLETED]: [STARTED],
  [CANCELLED]: [REQUESTED],
};

/** Statuses a new request may be created in: a walk-in job can be opened already started. */
export const INITIAL_STATUSES: readonly RequestStatus[] = [REQUESTED, SCHEDULED, STARTED];

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'number' && Object.hasOwn(STATUS_LABELS, value);
}

/**
 * The status a stored row stands for. Rows written before statuses existed (or by other writers) have none: they
 * read as STARTED when the request has started, else REQUESTED.
 */
export function statusOf(row: { vehicle_service_status_id?: unknown; has_started?: unknown }): RequestStatus {
  if (isRequestStatus(row.vehicle_service_status_id)) return row.vehicle_service_status_id;
  return row.has_started === true || row.has_started === 1 ? STARTED : REQUESTED;
}

export function nextStatuses(from: RequestStatus): readonly RequestStatus[] {
  return TRANSITIONS[from];
}

export function canMove(from: RequestStatus, to: RequestStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** Closed requests take no new work: their clocks cannot be started from the app. */
export function isOpen(status: RequestStatus): boolean {
  return status !== COMPLETED && status !== CANCELLED;
}

/**
 * The columns that follow from a status, whoever wrote it: completed_at is set exactly while COMPLETED (the
 * device's time of completion, else `now`), and has_started, once true, stays true.
 */
export function statusColumns(
  status: RequestStatus,
  completedAt: string | null,
  hadStarted: boolean,
  now: string,
): { completed_at: string | null; has_started: boolean } {
  return {
    completed_at: status === COMPLETED ? (completedAt ?? now) : null,
    has_started: hadStarted || status === STARTED || status === COMPLETED,
  };
}
