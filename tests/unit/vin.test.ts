import { describe, expect, it } from 'vitest';
import { checkVin, normalizeVin, splitVinForDisplay, VIN_MESSAGES, vinCheckDigit } from '../../src/domain/vin.js';
import { makeFromVin, wmiCodeCount } from '../../src/domain/wmi.js';

describe('VIN rules', () => {
  it('computes the position-9 check digit of published examples', () => {
    // The worked example of the North American check-digit calculation (check digit X), and the all-ones VIN.
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(checkVin('1M8GDM9AXKP042788')).toMatchObject({ errors: [], warnings: [], checkDigitValid: true });
  });

  it.each([
    ['WP0AB2A9XKS120418', 'Porsche'],
    ['1FMEE5DP3MLA31867', 'Ford'],
    ['WD4PF4CD5GP211754', 'Mercedes-Benz'],
    ['JT2JA82J0S0021934', 'Toyota'],
    ['ZHWUR1ZF3JLA08625', 'Lamborghini'],
    ['JM1NDAC72H0112738', 'Mazda'],
  ])('%s: valid check digit, made by %s', (vin, make) => {
    expect(checkVin(vin)).toEqual({ vin, errors: [], warnings: [], checkDigitValid: true });
    expect(makeFromVin(vin)).toBe(make);
  });

  it('warns, never blocks, on a wrong check digit, more firmly for North American VINs', () => {
    expect(checkVin('1M8GDM9A1KP042788')).toMatchObject({ errors: [], checkDigitValid: false, warnings: [VIN_MESSAGES.checkDigitNorthAmerica] });
    expect(checkVin('WP0AB2A91KS120418')).toMatchObject({ errors: [], checkDigitValid: false, warnings: [VIN_MESSAGES.checkDigitElsewhere] });
  });

  it('refuses I, O and Q, other characters, and more than 17 characters', () => {
    expect(checkVin('1M8GDM9AXKP04278O').errors).toEqual([VIN_MESSAGES.ioq]);
    expect(checkVin('1M8GDM9AXKP0427Q8').errors).toEqual([VIN_MESSAGES.ioq]);
    expect(checkVin('IM8GDM9AXKP042788').errors).toEqual([VIN_MESSAGES.ioq]);
    expect(checkVin('1M8GDM9AXKP04278*').errors).toEqual([VIN_MESSAGES.characters]);
    expect(checkVin('1M8GDM9AXKP0427881').errors).toEqual([VIN_MESSAGES.tooLong]);
  });

  it('accepts an older, shorter chassis number with a warning, and an empty field without any', () => {
    expect(checkVin('113123456')).toMatchObject({ errors: [], warnings: [VIN_MESSAGES.short], checkDigitValid: null });
    expect(checkVin('')).toEqual({ vin: '', errors: [], warnings: [], checkDigitValid: null });
  });

  it('stores VINs uppercase without the spaces and dashes typed to group them', () => {
    expect(normalizeVin(' wp0ab2a9x-ks1 20418 ')).toBe('WP0AB2A9XKS120418');
    expect(checkVin('wp0ab2a9x ks120418')).toMatchObject({ vin: 'WP0AB2A9XKS120418', checkDigitValid: true });
  });

  it('highlights the last 8 characters', () => {
    expect(splitVinForDisplay('WP0AB2A9XKS120418')).toEqual({ head: 'WP0AB2A9X', tail: 'KS120418' });
    expect(splitVinForDisplay('ABC123')).toEqual({ head: '', tail: 'ABC123' });
  });

  it("suggests no make for codes it does not know, and lists every code for one make only", () => {
    expect(makeFromVin('XXX12345678901234')).toBeNull();
    expect(makeFromVin('WP')).toBeNull();
    const { codes, listed } = wmiCodeCount();
    expect(codes).toBe(listed);
    expect(codes).toBeGreaterThan(150);
  });
});
