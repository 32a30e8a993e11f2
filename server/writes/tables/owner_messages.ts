import { HAPPENED } from '../columns.js';
import { deny, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';

/**
 * Messages sent to an owner through a tag (migration 0028): made by OwnerContactService only. Their recipient's
 * device marks one read or removes it (deleted_at), nothing else; administrators too cannot make or rewrite them.
 */
export const owner_messages = {
  columns: { read_at: HAPPENED, deleted_at: HAPPENED },
  forEveryone: (w, actor) => {
    if (w.current === null || w.kind === 'DELETE') return deny('Messages are sent through a tag, and removed by their recipient');
    // Someone else's message is answered as one that does not exist: nothing tells its id is real.
    return w.current.recipient_id === actor.userId ? null : NO_SUCH_ROW;
  },
  // Everyone's rule says all there is: only the recipient, whoever else asks.
  forOthersThanAdmins: () => null,
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
