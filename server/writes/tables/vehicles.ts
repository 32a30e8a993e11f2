import { mayAdministerVehicle, mayWriteVehicle } from '../../../src/domain/access.js';
import { WEB_ADDRESS_MAX } from '../../../src/domain/socialLinks.js';
import { INFO_TEXT_LIMITS as INFO, VEHICLE_TEXT_LIMITS as VEHICLE } from '../../../src/domain/vehicleRecords.js';
import { CATEGORY, FLAG, kept, ref, text, WEB, type PgValue } from '../columns.js';
import { deny, VEHICLE_NOT_YOURS } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { str } from '../values.js';

/**
 * Vehicles: owners make and edit their own; giving one to someone else (its user_id) and deleting one are for
 * administrators. A new vehicle sent without an owner is its writer's.
 */
export const vehicles = {
  columns: {
    name: text(VEHICLE.name), description: text(VEHICLE.description), category: CATEGORY, type: text(VEHICLE.type), instagram: WEB,
    facebook: WEB, tiktok: WEB, youtube: WEB, website: WEB, cover: text(WEB_ADDRESS_MAX), vin: text(INFO.vin),
    is_public: kept(FLAG, 'A vehicle is either public or private'), user_id: ref('users'),
    contact_off: kept(FLAG, 'Messages through the tag are either on or off'),
  },
  madeOnDevice: null,
  serverColumns: (actor, creating, values): Record<string, PgValue> => (creating && values.user_id === undefined ? { user_id: actor.userId } : {}),
  forOthersThanAdmins: (w, actor) => {
    if (w.kind === 'DELETE' && !mayAdministerVehicle(actor)) return deny('Only an administrator can delete a vehicle');
    if (w.current === null) return mayWriteVehicle(actor, str(w.next?.user_id)) ? null : deny('A new vehicle must belong to you');
    if (!mayWriteVehicle(actor, str(w.current.user_id))) return VEHICLE_NOT_YOURS;
    if (w.changed.has('user_id') && !mayWriteVehicle(actor, str(w.next?.user_id))) {
      return deny('Only an administrator can change who owns a vehicle');
    }
    return null;
  },
  missingRow: VEHICLE_NOT_YOURS,
} satisfies TableWrites;
