import { LAP_TIME_MAX_MS } from '../../../src/domain/lapTime.js';
import { TRACK_CONDITIONS, TRACK_LIMITS } from '../../../src/domain/vehicleRecords.js';
import { DATE, HAPPENED, int, needed, real, ref, text } from '../columns.js';
import { NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { vehicleRecordPermission } from './vehicleRecord.js';

const PRESSURE = real(TRACK_LIMITS.pressure.min, TRACK_LIMITS.pressure.max);

/** Track sessions logged on a vehicle, by its owner (vehicleRecord.ts). */
export const track_sessions = {
  columns: {
    vehicle_id: needed(ref('vehicles'), 'A track session belongs to a vehicle'), user_id: needed(ref('users'), 'A track session names who logged it'),
    held_on: needed(DATE, 'A track session needs its day'), circuit: needed(text(TRACK_LIMITS.circuit), 'A track session needs its circuit'),
    laps: int(TRACK_LIMITS.laps.min, TRACK_LIMITS.laps.max), best_lap_ms: int(1, LAP_TIME_MAX_MS),
    conditions: { kind: 'choice', values: TRACK_CONDITIONS.map((c) => c.value) }, tire_pressure_front: PRESSURE, tire_pressure_rear: PRESSURE,
    tires: text(TRACK_LIMITS.tires), notes: text(TRACK_LIMITS.notes), deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: vehicleRecordPermission,
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
