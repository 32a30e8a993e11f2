import { mayReadOdometerAtService, mayWriteVehicleRecord, type Actor } from '../../../src/domain/access.js';
import { DISTANCE_UNITS, ODOMETER_LIMITS } from '../../../src/domain/odometer.js';
import { DATE, HAPPENED, int, needed, ref, text } from '../columns.js';
import { deny, invalid, NO_SUCH_ROW, REQUEST_NOT_YOURS, type Refusal } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { str } from '../values.js';
import type { Lookups, Write } from '../write.js';
import { vehicleRecordPermission } from './vehicleRecord.js';

/**
 * Who may write a reading, for anyone but administrators: the vehicle's owner, as for any record of it
 * (vehicleRecord.ts); or, for a new reading taken at a service request, the owner or whoever may work on that
 * request (mayReadOdometerAtService), as themselves, and only on the request's own vehicle. Once stored, a reading
 * is the owner's to correct or remove, whoever took it.
 */
async function readingPermission(w: Write, actor: Actor, lookups: Lookups): Promise<Refusal | null> {
  const requestId = str(w.next?.service_request_id);
  if (w.current !== null || w.kind === 'DELETE' || requestId === null) return vehicleRecordPermission(w, actor, lookups);
  if (str(w.next?.user_id) !== actor.userId) return deny('You can only write as yourself');
  const request = await lookups.request(requestId);
  if (request === undefined) return REQUEST_NOT_YOURS;
  const vehicleId = str(w.next?.vehicle_id) ?? '';
  const owns = mayWriteVehicleRecord(actor, await lookups.vehicleOwner(vehicleId));
  if (!owns && !mayReadOdometerAtService(actor, request.companyId)) return REQUEST_NOT_YOURS;
  if (request.vehicleId !== vehicleId) return invalid('A reading at a service is of the vehicle serviced');
  return null;
}

/** What a vehicle's odometer showed on a day, written by its owner or by the shop servicing it. */
export const odometer_readings = {
  columns: {
    vehicle_id: needed(ref('vehicles'), 'A reading belongs to a vehicle'), user_id: needed(ref('users'), 'A reading names who took it'),
    read_on: needed(DATE, 'A reading needs its day'),
    value: needed(int(ODOMETER_LIMITS.value.min, ODOMETER_LIMITS.value.max), 'A reading needs the distance shown'),
    unit: needed({ kind: 'choice', values: DISTANCE_UNITS.map((u) => u.value) }, 'A reading needs its unit'),
    note: text(ODOMETER_LIMITS.note), service_request_id: ref('service_requests'), deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: readingPermission,
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
