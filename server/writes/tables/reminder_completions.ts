import { REMINDER_LIMITS } from '../../../src/domain/reminders.js';
import { DATE, HAPPENED, needed, ref, text } from '../columns.js';
import { NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';
import { vehicleRecordPermission } from './vehicleRecord.js';

/**
 * Each time a reminder was marked done, by the vehicle's owner (vehicleRecord.ts). The database holds the reminder
 * and the reading to the completion's own vehicle (migration 0027).
 */
export const reminder_completions = {
  columns: {
    reminder_id: needed(ref('vehicle_reminders'), 'A completion is of a reminder'),
    vehicle_id: needed(ref('vehicles'), 'A completion belongs to a vehicle'), user_id: needed(ref('users'), 'A completion names who did it'),
    done_on: needed(DATE, 'A completion needs its day'), reading_id: ref('odometer_readings'),
    note: text(REMINDER_LIMITS.note), deleted_at: HAPPENED,
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: vehicleRecordPermission,
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
