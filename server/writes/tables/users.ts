import { kept, NAME } from '../columns.js';
import { deny, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';

/** Accounts: a person renames themselves; everything else about an account goes through AuthService. */
export const users = {
  columns: { display_name: kept(NAME, 'A name can be emptied but not removed') },
  // Accounts are created and removed through AuthService only, whoever asks.
  forEveryone: (w) => (w.kind === 'PATCH' ? null : deny('Accounts cannot be created or deleted this way')),
  forOthersThanAdmins: (w, actor) => (w.current?.id === actor.userId ? null : deny('You can only change your own account')),
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
