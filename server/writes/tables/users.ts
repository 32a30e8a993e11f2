import { DISTANCE_UNITS } from '../../../src/domain/odometer.js';
import { kept, NAME } from '../columns.js';
import { deny, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';

/**
 * Accounts: a person renames themselves and chooses the unit they read distances in; everything else about an
 * account goes through AuthService.
 */
export const users = {
  columns: {
    display_name: kept(NAME, 'A name can be emptied but not removed'),
    distance_unit: kept({ kind: 'choice', values: DISTANCE_UNITS.map((u) => u.value) }, 'Distances are in kilometres or miles'),
  },
  // Accounts are created and removed through AuthService only, whoever asks.
  forEveryone: (w) => (w.kind === 'PATCH' ? null : deny('Accounts cannot be created or deleted this way')),
  forOthersThanAdmins: (w, actor) => (w.current?.id === actor.userId ? null : deny('You can only change your own account')),
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
