import { mayManageCompanies } from '../../../src/domain/access.js';
import { needed, ref, text, TIME } from '../columns.js';
import { deny, invalid, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { ms } from '../values.js';

/** Who works for which company, and when: administrators manage it; an employment never ends before it starts. */
export const company_employees = {
  columns: {
    user_id: needed(ref('users'), 'An employment names the person employed'),
    company_id: needed(ref('companies'), 'An employment names its company'), type: text(50), start_date: TIME, end_date: TIME,
  },
  madeOnDevice: { column: 'company_id', parent: 'companies' },
  serverColumns: (actor, creating) => ({ updated_by: actor.userId, ...(creating ? { created_by: actor.userId } : {}) }),
  forOthersThanAdmins: (_w, actor) => (mayManageCompanies(actor) ? null : deny('Only an administrator can manage companies')),
  values: ({ next }) => {
    if (next?.start_date != null && next.end_date != null && ms(next.end_date) < ms(next.start_date)) {
      return invalid('An employment cannot end before it starts');
    }
    return null;
  },
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
