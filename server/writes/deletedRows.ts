import type { Actor } from '../../src/domain/access.js';
import { mayRestore } from '../../src/domain/access.js';
import { wasDeleted } from '../db/softDelete.js';
import { deny, invalid, type Refusal } from './refusals.js';
import type { Write } from './write.js';

/**
 * The rule of rows that are read-only while soft-deleted, for everyone (companies and service requests; their
 * records use it): the one change they take is their restoring (deleted_at cleared) by an administrator, who may
 * change them further in the same write. Deleting one again is a change like any other; an administrator may still
 * remove one for good (a DELETE). CompanyService holds the same for companies (requireCompany). Customers are not
 * among them: a company's employees edit and restore its deleted customers. `noun` is what a person calls such a row.
 */
export function readOnlyWhileDeleted(noun: string): (w: Write, actor: Actor) => Refusal | null {
  return (w, actor) => {
    if (w.current?.deleted_at == null || w.next === null) return null;
    const deleted = wasDeleted(noun);
    if (!mayRestore(actor)) return deny(`${deleted}; only an administrator can restore it`);
    return w.next.deleted_at === null ? null : invalid(`${deleted}; restore it before changing it`);
  };
}
