import { describe, expect, it } from 'vitest';
import type { InfoData } from '../../src/features/vehicles/data/types.js';
import { changedInfo, fromForm, showsChanges, toForm } from '../../src/features/vehicles/info/infoForm.js';
import { changedProfile, fromProfileForm, toProfileForm } from '../../src/features/vehicles/profile/profileForm.js';
import { emptyTrackForm, parseTrackForm } from '../../src/features/vehicles/track/trackForm.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const info: InfoData = {
  id: 'i', vehicle_id: 'v', category: 1, vin: 'WP0AB2A9XKS120418', make: 'Porsche', model: '911 Carrera S', year: 2019, color: 'Guards Red',
  state: 'CA', license_plate: '8TAG911', mods: 'Sport exhaust', notes: null, generation: '991.2', customer_id: null, created_at: null, updated_at: null,
};

describe('the info form', () => {
  it('saves nothing when no field changed, however the form was touched', () => {
    const form = toForm(info, 'en-US');
    expect(changedInfo(info, fromForm(form, NOW).values)).toEqual({});
    expect(changedInfo(info, fromForm({ ...form, vin: ' wp0ab2a9x ks120418 ', make: ' Porsche ' }, NOW).values)).toEqual({});
  });

  it('names exactly the changed fields; empty text is no value', () => {
    const form = toForm(info, 'en-US');
    const { values } = fromForm({ ...form, color: 'Black', mods: '', notes: 'Ceramic brakes\nSecond line' }, NOW);
    expect(changedInfo(info, values)).toEqual({ color: 'Black', mods: null, notes: 'Ceramic brakes\nSecond line' });
  });

  it('tells when the read info carries saved changes, so the form leaves only then', () => {
    const changes = { color: 'Black', mods: null };
    expect(showsChanges(info, changes)).toBe(false);
    expect(showsChanges({ ...info, color: 'Black' }, changes)).toBe(false);
    expect(showsChanges({ ...info, color: 'Black', mods: '' }, changes)).toBe(true);
    expect(showsChanges(null, { color: 'Black' })).toBe(false);
    expect(showsChanges(info, {})).toBe(true);
  });

  it('stores a year of 0 (or empty) as null, and refuses years no car has', () => {
    const form = toForm(info, 'en-US');
    expect(fromForm({ ...form, year: '0' }, NOW).values.year).toBeNull();
    expect(fromForm({ ...form, year: '' }, NOW).values.year).toBeNull();
    expect(fromForm({ ...form, year: '1 995' }, NOW).values.year).toBe(1995);
    expect(fromForm({ ...form, year: '19' }, NOW).errors.year).toBeDefined();
    expect(fromForm({ ...form, year: '2029' }, NOW).errors.year).toBeDefined();
    expect(fromForm({ ...form, year: '2028' }, NOW).errors.year).toBeUndefined();
  });

  it('refuses a VIN no vehicle can have, but keeps one that only warns', () => {
    const form = toForm(info, 'en-US');
    expect(fromForm({ ...form, vin: 'WP0AB2A9XKS12041O' }, NOW).errors.vin).toHaveLength(1);
    expect(fromForm({ ...form, vin: 'WP0AB2A91KS120418' }, NOW)).toMatchObject({ errors: {}, values: { vin: 'WP0AB2A91KS120418' } });
  });

  it("category: the prompt is no category; one customer, the last picked", () => {
    const form = toForm(info, 'en-US');
    expect(changedInfo(info, fromForm({ ...form, category: '' }, NOW).values)).toEqual({ category: null });
    const picked = { ...form, customer: { id: 'c2', name: 'Jordan Reyes' } };
    expect(changedInfo(info, fromForm(picked, NOW).values)).toEqual({ customer_id: 'c2' });
  });

  it('starts from nothing for a vehicle without info', () => {
    expect(toForm(null)).toMatchObject({ category: '', vin: '', year: '', customer: null });
    expect(changedInfo(null, fromForm(toForm(null), NOW).values)).toEqual({});
  });
});

describe('the profile form', () => {
  const vehicle = {
    id: 'v', name: 'Red 911', description: null, category: null, type: null, instagram: null, facebook: null, tiktok: null,
    youtube: null, website: null, cover: null, vin: null, is_public: 1, user_id: 'o', contact_off: 0, created_at: null, updated_at: null,
  };

  it('stores links as full addresses and saves only what changed', () => {
    const form = toProfileForm(vehicle);
    const parsed = fromProfileForm({ ...form, links: { ...form.links, instagram: '@red911' }, isPublic: false });
    if (!('values' in parsed)) throw new Error('refused');
    expect(changedProfile(vehicle, parsed.values)).toEqual({ instagram: 'https://www.instagram.com/red911', is_public: 0 });
    const same = fromProfileForm(form);
    expect('values' in same && changedProfile(vehicle, same.values)).toEqual({});
  });

  it('refuses a link that is not a web address', () => {
    const form = toProfileForm(vehicle);
    expect(fromProfileForm({ ...form, links: { ...form.links, website: 'javascript:alert(1)' } })).toHaveProperty('errors.website');
  });
});

describe('the track session form', () => {
  it('reads commas as decimal points and empty laps as 0', () => {
    const parsed = parseTrackForm({ ...emptyTrackForm(), heldOn: '2026-05-17', circuit: ' Laguna Seca ', bestLap: '1:42,357', front: '2,1', rear: '' });
    expect(parsed).toEqual({
      values: {
        held_on: '2026-05-17', circuit: 'Laguna Seca', laps: 0, best_lap_ms: 102_357, conditions: null,
        tire_pressure_front: 2.1, tire_pressure_rear: null, tires: null, notes: null,
      },
      odometer: null,
    });
    // The odometer that day, typed with a thousands separator, comes out as a reading.
    expect(parseTrackForm({ ...emptyTrackForm(), heldOn: '2026-05-17', circuit: 'Laguna Seca', odometer: '25,480' })).toMatchObject({ odometer: 25_480 });
  });

  it('says what is missing or wrong', () => {
    const parsed = parseTrackForm({ ...emptyTrackForm(), heldOn: '2026-02-30', circuit: '', laps: '2,5', bestLap: 'fast', front: '1.2.3', odometer: '12.5' });
    expect(Object.keys('errors' in parsed ? parsed.errors : {}).sort()).toEqual(['bestLap', 'circuit', 'front', 'heldOn', 'laps', 'odometer']);
  });
});
