import { describe, expect, it } from 'vitest';
import { availabilityText, pickLocalTag, tagAvailability, tagCode } from '../../src/features/register/availability.js';

const V = 'AbCdEfGhIjKlMnOpQrStUv';

describe('the QR tag assignment row', () => {
  it("trusts the device's own row first: a pending claim here shows as linked", () => {
    expect(tagAvailability({ loaded: true, row: { target_id: V } }, { status: 'unclaimed', hash: 'ABCD1234' })).toEqual({ kind: 'linked', vehicleId: V });
    expect(tagAvailability({ loaded: true, row: { target_id: null } }, null)).toEqual({ kind: 'available' });
  });

  it("waits for the device, then for the server's answer", () => {
    expect(tagAvailability({ loaded: false, row: null }, null)).toEqual({ kind: 'checking' });
    expect(tagAvailability({ loaded: true, row: null }, null)).toEqual({ kind: 'checking' });
  });

  it.each([
    [{ status: 'unclaimed', hash: 'ABCD1234' } as const, 'available', 'Tag #ABCD1234 is Available.'],
    [{ status: 'private-vehicle' } as const, 'private-vehicle', 'Tag #ABCD1234 is Unavailable.'],
    [{ status: 'replaced' } as const, 'replaced', 'Tag #ABCD1234 is Unavailable.'],
    [{ status: 'not-found' } as const, 'no-such-tag', 'Tag #ABCD1234 is Unavailable.'],
    [{ status: 'unreachable' } as const, 'unchecked', "Tag #ABCD1234 can't be checked while offline."],
    [{ status: 'vehicle', vehicleId: V, targetPath: '/vehicle', hash: 'ABCD1234' } as const, 'linked', 'Tag #ABCD1234 is Unavailable.'],
  ])('server says %o → %s', (remote, kind, text) => {
    const availability = tagAvailability({ loaded: true, row: null }, remote);
    expect(availability.kind).toBe(kind);
    expect(availabilityText('ABCD1234', availability)).toBe(text);
  });
});

describe('the code a typed code names', () => {
  it('takes the exact tag, else a single read-alike, never one of two', () => {
    expect(pickLocalTag([{ id: 'AbCd1234' }], 'AbCd1234')).toEqual({ id: 'AbCd1234' });
    expect(pickLocalTag([{ id: 'AbCd1234' }], 'abcd1234')).toEqual({ id: 'AbCd1234' });
    expect(pickLocalTag([{ id: 'AB0D1234' }, { id: 'ABOD1234' }], 'ABOD1234')).toBeNull();
    expect(pickLocalTag([{ id: 'ABOD1234' }, { id: 'AB0D1234' }], 'ABOD1234')).toEqual({ id: 'ABOD1234' });
    expect(pickLocalTag([], 'ABCD1234')).toBeNull();
  });

  it("is the tag's own code once found, here or by the server; the typed one until then", () => {
    expect(tagCode('abcd1234', { id: 'AbCd1234' }, null)).toBe('AbCd1234');
    expect(tagCode('abcd1234', null, { status: 'unclaimed', hash: 'AbCd1234' })).toBe('AbCd1234');
    expect(tagCode('abcd1234', null, { status: 'not-found' })).toBe('abcd1234');
    expect(tagCode('abcd1234', null, null)).toBe('abcd1234');
  });
});
