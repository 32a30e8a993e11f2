import { wasDeleted } from '../db/softDelete.js';
import { REFERENCED, type ReferencedTable } from './columns.js';
import type { Actor, Write } from './policy.js';
import { deny, invalid, type Refusal } from './refusals.js';

/**
 * Rows that are read-only while soft-deleted, for everyone: the one change they take is their restoring (deleted_at
 * cleared) by an administrator, who may change them further in the same write. Deleting one again is a change like
 * any other; an administrator may still remove one for good (a DELETE). CompanyService holds the same for companies
 * (requireCompany). Customers are not among them: a company's employees edit and restore its deleted customers.
 */
const READ_ONLY_WHEN_DELETED = ['companies', 'service_requests'] as const satisfies readonly ReferencedTable[];

/** Checked after permission, so that a caller who may not touch the row hears only that. */
export function deletedRowRule(w: Write, actor: Actor): Refusal | null {
  const table = READ_ONLY_WHEN_DELETED.find((t) => t === w.table);
  if (table === undefined || w.current?.deleted_at == null || w.next === null) return null;
  const deleted = wasDeleted(REFERENCED[table]);
  if (!actor.isAdmin) return deny(`${deleted}; only an administrator can restore it`);
  return w.next.deleted_at === null ? null : invalid(`${deleted}; restore it before changing it`);
}
