import { mayAdministerVehicle } from '../../../src/domain/access.js';
import { INFO_TEXT_LIMITS as INFO } from '../../../src/domain/vehicleRecords.js';
import { CATEGORY, int, needed, ref, text } from '../columns.js';
import { deny, NO_SUCH_ROW } from '../refusals.js';
import type { TableWrites } from '../tableWrites.js';

/** A vehicle's Info: administrators only. */
export const vehicles_info = {
  columns: {
    vehicle_id: needed(ref('vehicles'), 'Vehicle info belongs to a vehicle'), category: CATEGORY, vin: text(INFO.vin), make: text(INFO.make),
    model: text(INFO.model), year: int(1, 3000), color: text(INFO.color), state: text(INFO.state), license_plate: text(INFO.license_plate),
    mods: text(INFO.mods), notes: text(INFO.notes), generation: text(INFO.generation), customer_id: ref('customers'),
  },
  madeOnDevice: { column: 'vehicle_id', parent: 'vehicles' },
  forOthersThanAdmins: (_w, actor) => (mayAdministerVehicle(actor) ? null : deny('Only an administrator can edit vehicle info')),
  missingRow: NO_SUCH_ROW,
} satisfies TableWrites;
