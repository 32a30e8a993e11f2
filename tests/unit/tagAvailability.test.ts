import { describe, expect, it } from 'vitest';
import { availabilityText, tagAvailability } from '../../src/features/register/availability.js';

const V = 'AbCdEfGhIjKlMnOpQrStUv';

describe('the QR tag assignment row', () => {
  it("trusts the device's own row first: a pending claim here shows as linked", () => {
    expect(tagAvailability({ loaded: true, row: { target_id: V } }, { status: 'unclaimed' })).toEqual({ kind: 'linked', vehicleId: V });
    expect(tagAvailability({ loaded: true, row: { target_id: null } }, null)).toEqual({ kind: 'available' });
  });

  it("waits for the device, then for the server's answer", () => {
    expect(tagAvailability({ loaded: false, row: null }, null)).toEqual({ kind: 'checking' });
    expect(tagAvailability({ loaded: true, row: null }, null)).toEqual({ kind: 'checking' });
  });

  it.each([
    [{ status: 'unclaimed' } as const, 'available', 'Tag #ABCD1234 is Available.'],
    [{ status: 'private-vehicle' } as const, 'private-vehicle', 'Tag #ABCD1234 is Unavailable.'],
    [{ status: 'not-found' } as const, 'no-such-tag', 'Tag #ABCD1234 is Unavailable.'],
    [{ status: 'unreachable' } as const, 'unchecked', "Tag #ABCD1234 can't be checked while offline."],
    [{ status: 'vehicle', vehicleId: V, targetPath: '/vehicle' } as const, 'linked', 'Tag #ABCD1234 is Unavailable.'],
  ])('server says %o → %s', (remote, kind, text) => {
    const availability = tagAvailability({ loaded: true, row: null }, remote);
    expect(availability.kind).toBe(kind);
    expect(availabilityText('ABCD1234', availability)).toBe(text);
  });
});
