import { parseFormKey } from '../../src/domain/files.js';
import { WORK_START } from '../../src/domain/worktime.js';
import type { Queryable } from '../db/db.js';
import { currentlyEmployed } from '../db/employment.js';
import { isSoftDeleted, rowState } from '../db/softDelete.js';
import type { Lookups } from './write.js';

/** Facts about rows other than the one written, read inside the same transaction. */
export function transactionLookups(tx: Queryable): Lookups {
  const existing = new Set<string>();
  return {
    async vehicleOwner(vehicleId) {
      const [row] = await tx.query<{ user_id: string | null }>('select user_id from vehicles where id = $1', [vehicleId]);
      return row ? row.user_id : undefined;
    },
    async request(requestId) {
      const [row] = await tx.query<{ company_id: string | null; vehicle_id: string; deleted: boolean }>(
        'select company_id, vehicle_id, deleted_at is not null as deleted from service_requests where id = $1',
        [requestId],
      );
      return row ? { companyId: row.company_id, vehicleId: row.vehicle_id, deleted: row.deleted } : undefined;
    },
    async vehicleCustomerCompany(vehicleId) {
      const [row] = await tx.query<{ company_id: string | null }>(
        `select c.company_id from vehicles_info i join customers c on c.id = i.customer_id
           join companies k on k.id = c.company_id
          where i.vehicle_id = $1 and c.deleted_at is null and k.deleted_at is null`,
        [vehicleId],
      );
      return row?.company_id ?? null;
    },
    async isEmployee(userId, companyId) {
      const rows = await tx.query(
        `select 1 from company_employees e where e.user_id = $1 and e.company_id = $2 and ${currentlyEmployed('e')}`,
        [userId, companyId],
      );
      return rows.length > 0;
    },
    async rowState(table, id) {
      // Remembered only for rows that exist and cannot be soft-deleted: such a row does not change state within the
      // upload, while one may be created, or soft-deleted, by it.
      const key = `${table}/${id}`;
      if (existing.has(key)) return 'live';
      // The table name comes from REFERENCED (columns.ts) only; the id is a parameter.
      const state = await rowState(tx, table, id);
      if (state === 'live' && !isSoftDeleted(table)) existing.add(key);
      return state;
    },
    async hasStarted(userId, requestId) {
      const rows = await tx.query('select 1 from worktime where user_id = $1 and service_request_id = $2 and operation = $3 limit 1', [
        userId, requestId, WORK_START,
      ]);
      return rows.length > 0;
    },
    async createdAt(table, id) {
      // table is one of ParentTable's names, never a caller's text.
      const [row] = await tx.query<{ created_at: Date }>(`select created_at from ${table} where id = $1`, [id]);
      return row?.created_at;
    },
    async bucketTarget(bucketId) {
      const [row] = await tx.query<{ form_key: string | null }>('select form_key from upload_buckets where id = $1', [bucketId]);
      return row?.form_key ? parseFormKey(row.form_key) : null;
    },
    now: () => new Date(),
  };
}
