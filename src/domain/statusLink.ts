import { REQUEST_STATUS, statusOf } from './serviceStatus.js';

/**
 * A customer's link to a service request's status (server/services/status-link-service.ts): the shop shares it so the
 * customer sees progress without calling. It shows the vehicle's name, the request's description, status, schedule,
 * and the photos the shop picked for the customer; the work time only when the shop chooses. It works until the shop
 * revokes it, and ends a number of days (the shop's choice) after the request is closed — completed or cancelled.
 */

/** How long a link works after its request closes, as the shop chooses it; the first is the default. */
export const STATUS_LINK_DAYS = [14, 7, 30, 90] as const;

/** How many photos a status link may show. */
export const STATUS_LINK_PHOTOS_MAX = 12;

export interface StatusLinkFacts {
  /** ISO-8601, or null. */
  revoked_at: string | null;
  days_after_close: number;
}

export interface StatusRequestFacts {
  vehicle_service_status_id: number | null;
  has_started?: unknown;
  completed_at: string | null;
  /** When the request last changed: a cancelled request closed then. */
  updated_at: string;
  deleted: boolean;
}

/** When the request closed (completed, or cancelled), or null while it is open. */
export function closedAt(request: StatusRequestFacts): string | null {
  const status = statusOf(request);
  if (status === REQUEST_STATUS.COMPLETED) return request.completed_at ?? request.updated_at;
  if (status === REQUEST_STATUS.CANCELLED) return request.updated_at;
  return null;
}

/** When the link stops working (epoch ms), or null while its request is open. */
export function linkExpiresAt(link: StatusLinkFacts, request: StatusRequestFacts): number | null {
  const closed = closedAt(request);
  return closed === null ? null : Date.parse(closed) + link.days_after_close * 24 * 60 * 60 * 1000;
}

/** Whether the link answers at `now`: not revoked, its request not deleted, and not past its days after closing. */
export function linkWorks(link: StatusLinkFacts, request: StatusRequestFacts, now: number): boolean {
  if (link.revoked_at !== null || request.deleted) return false;
  const expires = linkExpiresAt(link, request);
  return expires === null || now < expires;
}
