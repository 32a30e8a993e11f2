import { describe, expect, it } from 'vitest';
import { actorFromLinks, needsServerRead, sectionGate, SECTION_ACCESS, vehicleAccess, vehicleMenu, type Access } from '../../src/features/vehicles/access.js';

const person = (userId: string, isAdmin = false) => ({ userId, isAdmin, companyIds: new Set<string>() });
const OWNER = person('owner');
const ADMIN = person('admin', true);
const OTHER = person('other');
const car = { user_id: 'owner' };

describe('vehicle access', () => {
  it('admins see every vehicle as admins, owners theirs; the server tells an employee of the customer company', () => {
    expect(vehicleAccess(ADMIN, car, null)).toBe('admin');
    expect(vehicleAccess(OWNER, car, null)).toBe('owner');
    expect(vehicleAccess(OTHER, car, null)).toBe('public');
    expect(vehicleAccess(OTHER, car, 'company')).toBe('company');
    // The server cannot make a caller more than that: only the session's own flags make an owner or admin.
    expect(vehicleAccess(OTHER, car, 'admin')).toBe('public');
    expect(vehicleAccess(null, car, null)).toBe('public');
    expect(vehicleAccess(OWNER, null, null)).toBe('none');
  });

  it("a current employee of the customer's company sees it as 'company' from the device's own rows, offline too", () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    const link = (company_id: string, start_date: string | null, end_date: string | null) => ({ company_id, start_date, end_date });
    const worker = (...links: ReturnType<typeof link>[]) => actorFromLinks({ id: 'other', isAdmin: false }, links, now);
    const employee = worker(link('garage', '2026-01-01T00:00:00Z', null));
    expect(vehicleAccess(employee, car, null, ['garage'])).toBe('company');
    expect(vehicleAccess(null, car, null, ['garage'])).toBe('public');
    expect(vehicleAccess({ ...OWNER, companyIds: new Set(['garage']) }, car, null, ['garage'])).toBe('owner');
    // Another company's customer, a link that has ended, or one that has not started yet: not theirs.
    expect(vehicleAccess(worker(link('garage', null, null)), car, null, ['other'])).toBe('public');
    expect(vehicleAccess(worker(link('garage', '2026-01-01T00:00:00Z', '2026-05-31T00:00:00Z')), car, null, ['garage'])).toBe('public');
    expect(vehicleAccess(worker(link('garage', '2026-07-01T00:00:00Z', null)), car, null, ['garage'])).toBe('public');
    expect(vehicleAccess(worker(link('garage', null, null)), car, null, [])).toBe('public');
  });

  it('the menu: SPEC order (Maintenance, Messages, History report and Transfer added before Ownership), Show QR Code only with a tag, Transfer only for the owner, Ownership only for admins, nothing for those who cannot edit', () => {
    const labels = (access: Access, hasTag: boolean, ownsIt?: boolean) => vehicleMenu(access, hasTag, ownsIt).map((e) => e.label);
    const added = ['Maintenance', 'Messages', 'History report'];
    expect(labels('owner', true)).toEqual(['Profile', 'Info', 'Show QR Code', 'Services', 'Notes', 'Track Support', ...added, 'Transfer']);
    expect(labels('owner', false)).toEqual(['Profile', 'Info', 'Services', 'Notes', 'Track Support', ...added, 'Transfer']);
    expect(labels('admin', true)).toEqual(['Profile', 'Info', 'Show QR Code', 'Services', 'Notes', 'Track Support', ...added, 'Ownership']);
    expect(labels('admin', false)).toEqual(['Profile', 'Info', 'Services', 'Notes', 'Track Support', ...added, 'Ownership']);
    // An administrator's own vehicle: they hand it over like any owner.
    expect(labels('admin', false, true)).toEqual(['Profile', 'Info', 'Services', 'Notes', 'Track Support', ...added, 'Transfer', 'Ownership']);
    for (const access of ['none', 'public', 'company'] as const) expect(labels(access, true), access).toEqual([]);
  });

  it('every page, for every role: shown, sign in first, or not found (an admin page never shows itself)', () => {
    const table = Object.fromEntries(
      (Object.keys(SECTION_ACCESS) as Array<keyof typeof SECTION_ACCESS>).map((view) => [
        view,
        (['public', 'company', 'owner', 'admin'] as const).map((access) => sectionGate(view, access, true)).join(' '),
      ]),
    );
    expect(table).toEqual({
      profile: 'show show show show',
      info: 'not-found show show show',
      'request-services': 'not-found show show show',
      'service-request': 'not-found show show show',
      notes: 'not-found not-found show show',
      'all-notes': 'not-found not-found show show',
      logbook: 'not-found not-found show show',
      'track-support': 'not-found not-found show show',
      maintenance: 'not-found not-found show show',
      messages: 'not-found not-found show show',
      report: 'not-found not-found show show',
      transfer: 'not-found not-found show show',
      ownership: 'not-found not-found not-found show',
    });
    expect(sectionGate('notes', 'public', false)).toBe('sign-in');
    expect(sectionGate('ownership', 'public', false)).toBe('sign-in');
    expect(sectionGate('maintenance', 'public', false)).toBe('sign-in');
    expect(sectionGate('profile', 'none', false)).toBe('not-found');
  });

  it('asks the server unless the device holds what the page shows', () => {
    const base = { hasLocalVehicle: true, isOwnerLocally: false, isAdmin: false, signedIn: false, view: 'profile' as const };
    expect(needsServerRead({ ...base, isOwnerLocally: true, view: 'notes' })).toBe(false);
    expect(needsServerRead(base)).toBe(false);
    expect(needsServerRead({ ...base, hasLocalVehicle: false })).toBe(true);
    expect(needsServerRead({ ...base, isAdmin: true, signedIn: true })).toBe(true);
    expect(needsServerRead({ ...base, signedIn: true, view: 'request-services' })).toBe(true);
  });
});
