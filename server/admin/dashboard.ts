import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { ActivityItemSchema, SystemHealthSchema, GetDashboardResponseSchema } from '../../src/gen/tagbook/v1/admin_pb.js';
import type { Queryable } from '../db/db.js';
import { ms } from './paging.js';
import { UNNAMED_VEHICLE } from '../../src/domain/vehicleName.js';

const ACTIVITY_LIMIT = 10;
/** Above this many rows a table's total comes from the planner's statistics (shown as approximate). */
export const EXACT_COUNT_MAX = 10_000;

/**
 * The dashboard: counts, the newest things that happened, and health. Counts are exact (count(*) over indexed
 * tables stays within budget at 100,000 rows; bench/admin-lists.mjs measures it).
 */
export async function dashboard(db: Queryable, syncStreams: number): Promise<MessageInitShape<typeof GetDashboardResponseSchema>> {
  // Tables that grow with the service (users, vehicles, tags, customers) are counted exactly while small and from the planner's statistics beyond
  // EXACT_COUNT_MAX rows (kept fresh by autovacuum): an exact count(*) of 100,000 rows alone costs tens of ms.
  const [est] = await db.query<{ users: number; vehicles: number; qr_tags: number; customers: number }>(
    `select (select reltuples from pg_class where oid = 'users'::regclass)::float8 as users,
            (select reltuples from pg_class where oid = 'customers'::regclass)::float8 as customers,
            (select reltuples from pg_class where oid = 'vehicles'::regclass)::float8 as vehicles,
            (select reltuples from pg_class where oid = 'qr_tags'::regclass)::float8 as qr_tags`,
  );
  type Grows = 'users' | 'vehicles' | 'qr_tags' | 'customers';
  const big = (table: Grows) => (est?.[table] ?? -1) > EXACT_COUNT_MAX;
  const total = (table: Grows, where = '') =>
    big(table) ? `${Math.round(est![table])}::bigint` : `(select count(*) from ${table} ${where})`;
  const [c] = await db.query<Record<string, string>>(
    `select ${total('users')} as users,
            (select count(*) from users where is_admin) as admins,
            ${total('vehicles')} as vehicles,
            ${total('qr_tags')} - (select count(*) from qr_tags where target_id is null) as tags_claimed,
            (select count(*) from qr_tags where target_id is null) as tags_unclaimed,
            ${total('customers', 'where deleted_at is null')} as customers,
            (select count(*) from service_requests where is_open) as requests_open,
            (select count(*) from service_requests where is_open and coalesce(vehicle_service_status_id, case when has_started then 3 else 1 end) = 3) as requests_started,
            -- The head of the change log less the replicator's position: one index lookup however far behind it is (an
            -- upper bound: a rolled-back write leaves a gap in the sequence).
            greatest(0, coalesce((select max(seq) from sync_changes), 0) - (select position from sync_state where id = 1)) as backlog,
            (select count(*) from mail_outbox where sent_at is null and error is not null) as mail_failing,
            (select count(*) from mail_outbox where sent_at is null) as mail_pending,
            (select count(*) from sync_upload_rejections where created_at > now() - interval '1 day') as refused`,
  );
  const activity = await db.query<{ kind: string; id: string; title: string | null; detail: string | null; at: Date; ref: string | null }>(
    `(select 'user' as kind, id, display_name as title, email as detail, created_at as at, id as ref
        from users order by created_at desc limit ${ACTIVITY_LIMIT})
     union all
     (select 'vehicle', id, coalesce(nullif(name, ''), $1), null, created_at, id
        from vehicles order by created_at desc limit ${ACTIVITY_LIMIT})
     union all
     (select 'request', r.id, r.description, null, r.created_at, r.vehicle_id
        from service_requests r where r.deleted_at is null order by r.created_at desc limit ${ACTIVITY_LIMIT})
     union all
     (select 'customer', id, name, email, created_at, id
        from customers order by created_at desc limit ${ACTIVITY_LIMIT})
     order by at desc limit ${ACTIVITY_LIMIT}`,
    [UNNAMED_VEHICLE],
  );
  const n = (key: string) => BigInt(c?.[key] ?? 0);
  return {
    users: n('users'), admins: n('admins'), vehicles: n('vehicles'), tagsClaimed: n('tags_claimed'), tagsUnclaimed: n('tags_unclaimed'),
    countsEstimated: big('users') || big('vehicles') || big('qr_tags') || big('customers'),
    customers: n('customers'), requestsOpen: n('requests_open'), requestsStarted: n('requests_started'),
    activity: activity.map((a) =>
      create(ActivityItemSchema, {
        kind: a.kind, id: a.id, title: a.title ?? '', detail: a.detail ?? '', at: ms(a.at),
        vehicleId: a.kind === 'request' ? (a.ref ?? '') : '',
      }),
    ),
    health: create(SystemHealthSchema, {
      replicationBacklog: n('backlog'), syncStreams, mailFailing: n('mail_failing'), mailPending: n('mail_pending'), refusedUploadsDay: n('refused'),
    }),
  };
}
