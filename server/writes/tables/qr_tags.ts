import { mayClaimTag, mayManageTags } from '../../../src/domain/access.js';
import { isTagHash } from '../../../src/domain/ids.js';
import { ref, text, type PgValue } from '../columns.js';
import { deny, NO_SUCH_ROW, VEHICLE_NOT_YOURS } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { str } from '../values.js';

/**
 * Tags, whose ids are the printed hashes. The one write a non-admin may make to a tag: point a free tag at a vehicle
 * of their own (the claim). Uploads run one at a time per tag (the row is locked while applied), so of two claims of
 * one tag the second always meets the first's owner here and is refused with words its device can show. Sending
 * one's own claim again is accepted.
 */
export const qr_tags = {
  columns: { target_id: ref('vehicles'), target_path: text(100) },
  isRowId: isTagHash,
  madeOnDevice: null,
  serverColumns: (actor, creating): Record<string, PgValue> => (creating ? { created_by: actor.userId } : {}),
  forOthersThanAdmins: async (w, actor, lookups) => {
    const hash = str(w.current?.id ?? w.next?.id) ?? '';
    if (w.current === null) return { code: 'not_found', message: `There is no tag ${hash}` };
    if (w.kind === 'DELETE' && !mayManageTags(actor)) return deny('Only an administrator can delete tags');
    const target = str(w.next?.target_id);
    const claimed = str(w.current.target_id);
    if (claimed !== null) {
      if (claimed === target && mayClaimTag(actor, await lookups.vehicleOwner(claimed))) return null;
      return deny(`Tag ${hash} was claimed by someone else first`);
    }
    if (target === null) return deny('A claim must name a vehicle');
    // A replaced tag is no free tag: an old sticker never hands its car's page to a stranger (migration 0030).
    if (w.current.replaced_at !== null && w.current.replaced_at !== undefined) return deny(`Tag ${hash} was replaced: it opens nothing now`);
    if (!mayClaimTag(actor, await lookups.vehicleOwner(target))) return VEHICLE_NOT_YOURS;
    const path = w.next?.target_path;
    if (path !== null && path !== undefined && path !== '/vehicle') return deny('A claimed tag opens the vehicle page');
    return null;
  },
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
