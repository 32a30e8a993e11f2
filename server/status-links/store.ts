import { summarizeRequests, totalAt } from '../../src/domain/worktime.js';
import type { Queryable } from '../db/db.js';

// What StatusLinkService reads and writes (migration 0031).

export type LinkedRequest = {
  id: string;
  description: string;
  vehicle_service_status_id: number | null;
  has_started: boolean;
  completed_at: Date | null;
  updated_at: Date;
  created_at: Date;
  schedule_start: Date | null;
  schedule_end: Date | null;
  deleted: boolean;
  company_id: string | null;
  company_name: string | null;
  vehicle_name: string | null;
  customer_email: string | null;
};

/** A request with what a customer's page shows of it and whom a link to it may be mailed: its Info's customer. */
export async function linkedRequest(db: Queryable, requestId: string): Promise<LinkedRequest | undefined> {
  const [row] = await db.query<LinkedRequest>(
    `select r.id, r.description, r.vehicle_service_status_id, r.has_started, r.completed_at, r.updated_at, r.created_at,
            r.schedule_start, r.schedule_end, r.deleted_at is not null as deleted, r.company_id, c.name as company_name,
            v.name as vehicle_name, nullif(cu.email, '') as customer_email
       from service_requests r
       left join companies c on c.id = r.company_id
       left join vehicles v on v.id = r.vehicle_id
       left join vehicles_info i on i.vehicle_id = r.vehicle_id
       left join customers cu on cu.id = i.customer_id and cu.deleted_at is null and cu.company_id = r.company_id
      where r.id = $1`,
    [requestId],
  );
  return row;
}

export type StatusLinkRow = {
  id: string;
  service_request_id: string;
  company_id: string;
  photo_ids: string;
  show_work_time: boolean;
  days_after_close: number;
  revoked_at: Date | null;
};

const LINK_COLUMNS = 'id, service_request_id, company_id, photo_ids, show_work_time, days_after_close, revoked_at';

export async function insertStatusLink(
  db: Queryable,
  l: { id: string; requestId: string; companyId: string; userId: string; token: string; photoIds: string[]; showWorkTime: boolean; daysAfterClose: number },
): Promise<void> {
  await db.query(
    `insert into request_status_links (id, service_request_id, company_id, user_id, token, photo_ids, show_work_time, days_after_close)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [l.id, l.requestId, l.companyId, l.userId, l.token, JSON.stringify(l.photoIds), l.showWorkTime, l.daysAfterClose],
  );
}

export async function statusLinkById(db: Queryable, id: string): Promise<StatusLinkRow | undefined> {
  const [row] = await db.query<StatusLinkRow>(`select ${LINK_COLUMNS} from request_status_links where id = $1`, [id]);
  return row;
}

export async function statusLinkByToken(db: Queryable, token: string): Promise<StatusLinkRow | undefined> {
  const [row] = await db.query<StatusLinkRow>(`select ${LINK_COLUMNS} from request_status_links where token = $1`, [token]);
  return row;
}

export async function revokeStatusLink(db: Queryable, id: string): Promise<void> {
  await db.query('update request_status_links set revoked_at = now() where id = $1 and revoked_at is null', [id]);
}

/**
 * The request's recorded work time now, by the shared work-time rules (src/domain/worktime.ts): read with every
 * record of the people who worked on it, so a moment one of them also spent on another request counts once.
 */
export async function requestWorkMs(db: Queryable, requestId: string): Promise<number> {
  const records = await db.query<{ id: string; service_request_id: string; user_id: string; operation: number; time: Date }>(
    `select id, service_request_id, user_id, operation, time from worktime
      where user_id in (select user_id from worktime where service_request_id = $1)`,
    [requestId],
  );
  const clock = summarizeRequests(
    records.map((w) => ({ id: w.id, requestId: w.service_request_id, userId: w.user_id, operation: w.operation, time: w.time.getTime() })),
  ).get(requestId);
  return clock ? Math.round(totalAt(clock, Date.now())) : 0;
}
