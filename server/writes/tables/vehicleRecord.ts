import { mayWriteVehicleRecord, type Actor } from '../../../src/domain/access.js';
import { deny, VEHICLE_NOT_YOURS, type Refusal } from '../refusals.js';
import { str } from '../values.js';
import type { Lookups, Write } from '../write.js';

/**
 * Who may write a record kept on a vehicle (notes, track sessions), for anyone but administrators: the vehicle's
 * owner as themselves, on that vehicle only (mayWriteVehicleRecord). Removing one is a soft delete (deleted_at), so a
 * hard DELETE is refused like for requests. A record stays with its vehicle and its author: whoever owns the vehicle
 * now may change it, but never move it elsewhere.
 */
export async function vehicleRecordPermission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  if (w.kind === 'DELETE') return deny('Only an administrator can delete this; remove it instead');
  if (w.current !== null) {
    if (!mayWriteVehicleRecord(actor, await lookups.vehicleOwner(str(w.current.vehicle_id) ?? ''))) return VEHICLE_NOT_YOURS;
    if (w.next?.vehicle_id !== w.current.vehicle_id) return deny('A record cannot move to another vehicle');
    if (w.next?.user_id !== w.current.user_id) return deny('A record keeps its author');
    return null;
  }
  if (str(w.next?.user_id) !== actor.userId) return deny('You can only write as yourself');
  const vehicleId = str(w.next?.vehicle_id);
  if (vehicleId === null || !mayWriteVehicleRecord(actor, await lookups.vehicleOwner(vehicleId))) return VEHICLE_NOT_YOURS;
  return null;
}
