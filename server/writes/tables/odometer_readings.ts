import { DISTANCE_UNITS, ODOMETER_LIMITS } from '../../../src/domain/odometer.js';
import { DATE, HAPPENED, int, needed, ref, text } from '../columns.js';
import { NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { vehicleRecordPermission } from './vehicleRecord.js';

/** What a vehicle's odometer showed on a day, written by its owner (vehicleRecord.ts). */
export const odometer_readings = {
  columns: {
    vehicle_id: needed(ref('vehicles'), 'A reading belongs to a vehicle'), user_id: needed(ref('users'), 'A reading names who took it'),
    read_on: needed(DATE, 'A reading needs its day'),
    value: needed(int(ODOMETER_LIMITS.value.min, ODOMETER_LIMITS.value.max), 'A reading needs the distance shown'),
    unit: needed({ kind: 'choice', values: DISTANCE_UNITS.map((u) => u.value) }, 'A reading needs its unit'),
    note: text(ODOMETER_LIMITS.note), deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: vehicleRecordPermission,
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
