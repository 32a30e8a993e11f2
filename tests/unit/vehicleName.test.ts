import { describe, expect, it } from 'vitest';
import { UNNAMED_VEHICLE, vehicleDisplayName } from '../../src/domain/vehicleName.js';

describe('vehicleDisplayName', () => {
  it("shows a vehicle's own name, and 'Unnamed Vehicle' for none or an empty one", () => {
    expect(vehicleDisplayName('Red 911')).toBe('Red 911');
    expect(vehicleDisplayName('')).toBe('Unnamed Vehicle');
    expect(vehicleDisplayName(null)).toBe(UNNAMED_VEHICLE);
    expect(vehicleDisplayName(undefined)).toBe(UNNAMED_VEHICLE);
  });
});
