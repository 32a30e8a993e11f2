import { mayManageCompanies } from '../../../src/domain/access.js';
import { HAPPENED, LONG, NAME, needed, REFERENCED } from '../columns.js';
import { readOnlyWhileDeleted } from '../deletedRows.js';
import { deny, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';

/** Companies: administrators manage them; a deleted one takes only its restoring. */
export const companies = {
  columns: { name: needed(NAME, 'A company needs a name'), short_info: LONG, deleted_at: HAPPENED },
  madeOnDevice: null,
  forOthersThanAdmins: (_w, actor) => (mayManageCompanies(actor) ? null : deny('Only an administrator can manage companies')),
  whileDeleted: readOnlyWhileDeleted(REFERENCED.companies),
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
