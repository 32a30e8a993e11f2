import { vehicleDisplayName } from '../../domain/vehicleName.js';

/**
 * A vehicle as a service request names it: make and model, which tell a shop what it works on,
 * else its name.
 */
export function vehicleLabel(v: { make?: string | null; model?: string | null; name?: string | null; vehicle_name?: string | null }): string {
  const makeModel = [v.make, v.model].map((part) => part?.trim()).filter(Boolean).join(' ');
  return makeModel || vehicleDisplayName(v.name || v.vehicle_name);
}
