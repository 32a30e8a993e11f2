import { describe, expect, it } from 'vitest';
import { atLeast, type VehicleAccess } from '../../src/domain/vehicleReaders.js';

describe('atLeast', () => {
  it('orders the readers of a vehicle from none to admin, each seeing what a weaker one does', () => {
    const order: VehicleAccess[] = ['none', 'public', 'company', 'owner', 'admin'];
    for (const [i, access] of order.entries()) {
      for (const [j, floor] of order.entries()) expect(atLeast(access, floor), `${access} ≥ ${floor}`).toBe(i >= j);
    }
  });
});
