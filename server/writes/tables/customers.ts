import { mayWorkInCompany } from '../../../src/domain/access.js';
import { HAPPENED, LONG, NAME, needed, ref, text } from '../columns.js';
import { CUSTOMER_NOT_YOURS, deny } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { str } from '../values.js';

/**
 * Customers belong to a company; only those who work in its area touch them, and removing one is a soft delete.
 * A company's employees edit and restore its deleted customers (they are not read-only while deleted).
 */
export const customers = {
  columns: {
    name: needed(NAME, 'A customer needs a name'), email: text(254), phone: text(50), note: LONG, company_id: ref('companies'),
    deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'company_id', parent: 'companies' },
  forOthersThanAdmins: (w, actor) => {
    if (w.kind === 'DELETE') return deny('Only an administrator can delete customers; soft-delete instead');
    if (w.current !== null && !mayWorkInCompany(actor, str(w.current.company_id))) return CUSTOMER_NOT_YOURS;
    if (!mayWorkInCompany(actor, str(w.next?.company_id))) return deny('You can only write customers of a company you work for');
    return null;
  },
  missingRow: CUSTOMER_NOT_YOURS,
} satisfies TableWrites;
