import type { Queryable } from './db.js';

/**
 * Soft deletes. A row whose deleted_at is set is kept, so that it can be restored, but it is gone for what it was
 * for: nothing new is put on it, by anyone, administrators included — a deleted company takes no customer, employee
 * or request, a deleted customer no vehicle, a deleted request no work time. Sync uploads (server/writes) and
 * the RPCs (requireCompany) ask rowState and refuse in wasDeleted's words.
 */

/** The tables whose rows are removed by setting deleted_at (migrations 0001, 0007, 0010, 0027). */
const SOFT_DELETED = new Set([
  'companies', 'customers', 'service_requests', 'vehicle_notes', 'track_sessions', 'company_services', 'odometer_readings',
  'vehicle_reminders', 'reminder_completions',
]);

/** Whether there is such a row, and whether it was soft-deleted. */
export type RowState = 'missing' | 'deleted' | 'live';

/** `table` is a name from the code, never a caller's text; the id is a parameter. */
export async function rowState(db: Queryable, table: string, id: string): Promise<RowState> {
  const deleted = SOFT_DELETED.has(table) ? 'deleted_at is not null' : 'false';
  const [row] = await db.query<{ deleted: boolean }>(`select ${deleted} as deleted from ${table} where id = $1`, [id]);
  return row === undefined ? 'missing' : row.deleted ? 'deleted' : 'live';
}

/** Whether a table's rows can be soft-deleted (and so change state within a transaction). */
export const isSoftDeleted = (table: string): boolean => SOFT_DELETED.has(table);

/** What a writer hears when the row they name was soft-deleted; `what` is what a person calls such a row. */
export const wasDeleted = (what: string): string => `The ${what} was deleted`;
