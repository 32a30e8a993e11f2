import { NOTE_BODY_MAX } from '../../../src/domain/vehicleRecords.js';
import { FLAG, HAPPENED, kept, needed, ref, text } from '../columns.js';
import { NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { vehicleRecordPermission } from './vehicleRecord.js';

/** Notes on a vehicle, written by its owner (vehicleRecord.ts). */
export const vehicle_notes = {
  columns: {
    vehicle_id: needed(ref('vehicles'), 'A note belongs to a vehicle'), user_id: needed(ref('users'), 'A note names who wrote it'),
    body: needed(text(NOTE_BODY_MAX), 'A note needs some text'), is_public: kept(FLAG, 'A note is either public or private'), deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: vehicleRecordPermission,
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
