import { describe, expect, it } from 'vitest';
import { isEmployedAt } from '../../src/domain/employment.js';
import { adminCompanyGuess, mayClock, mayHandle, mayStopOthers, openAs, type Viewer } from '../../src/features/services/access.js';
import { vehicleLabel } from '../../src/entities/vehicle/label.js';
import { fromLocalInput, toLocalInput } from '../../src/features/services/format.js';

const C1 = 'company-1';
const viewer = (over: Partial<Viewer> = {}): Viewer => ({ userId: 'me', isAdmin: false, companyIds: new Set(), workspaceCompanyId: null, ...over });
const employee = viewer({ companyIds: new Set([C1]) });
const customersVehicle = { user_id: 'owner', customer_company_id: C1 };

describe('services: what the app offers to whom', () => {
  it.each<[string, Viewer, { user_id: string | null; customer_company_id: string | null }, ReturnType<typeof openAs>]>([
    ['the owner', viewer(), { user_id: 'me', customer_company_id: null }, { kind: 'owner' }],
    ['an admin', viewer({ isAdmin: true }), customersVehicle, { kind: 'admin' }],
    ["an employee in the customer's company workspace", viewer({ companyIds: new Set([C1]), workspaceCompanyId: C1 }), customersVehicle, { kind: 'employee', companyId: C1 }],
    ['an employee in their personal workspace', employee, customersVehicle, { kind: 'none', switchTo: C1 }],
    ["an employee of another company", viewer({ companyIds: new Set(['c2']), workspaceCompanyId: 'c2' }), customersVehicle, { kind: 'none', switchTo: null }],
    ['a stranger', viewer(), customersVehicle, { kind: 'none', switchTo: null }],
  ])('opening a request: %s', (_who, v, vehicle, expected) => {
    expect(openAs(v, vehicle)).toEqual(expected);
  });

  it.each<[string, Parameters<typeof adminCompanyGuess>[0], string | null]>([
    ["the customer's company, held on the device", { customerCompanyId: C1, serverCustomerCompanyId: null, newestRequestCompanyId: 'c2' }, C1],
    ["the customer's company, as the server says", { customerCompanyId: null, serverCustomerCompanyId: C1, newestRequestCompanyId: 'c2' }, C1],
    ["the newest request's company, the customer unknown", { customerCompanyId: null, serverCustomerCompanyId: null, newestRequestCompanyId: 'c2' }, 'c2'],
    ['no company, nothing known', { customerCompanyId: null, serverCustomerCompanyId: null, newestRequestCompanyId: null }, null],
  ])("an admin's new request starts with %s", (_what, known, expected) => {
    expect(adminCompanyGuess(known)).toBe(expected);
  });

  it('lets the owner, admins and the request company\'s employees handle it; only employees and admins clock', () => {
    const request = { company_id: C1 };
    expect(mayHandle(viewer(), { user_id: 'me', customer_company_id: null }, request)).toBe(true);
    expect(mayHandle(employee, customersVehicle, request)).toBe(true);
    expect(mayHandle(viewer(), customersVehicle, request)).toBe(false);
    expect(mayHandle(employee, customersVehicle, { company_id: null })).toBe(false);
    expect(mayClock(employee, request)).toBe(true);
    expect(mayClock(viewer(), request)).toBe(false);
    expect(mayClock(viewer({ isAdmin: true }), { company_id: null })).toBe(true);
    expect(mayStopOthers(employee)).toBe(false);
    expect(mayStopOthers(viewer({ isAdmin: true }))).toBe(true);
  });
});

describe('services: formats', () => {
  it('names a vehicle by make and model, else by its name', () => {
    expect(vehicleLabel({ make: 'Ford', model: 'Bronco', name: 'Trail' })).toBe('Ford Bronco');
    expect(vehicleLabel({ make: ' ', model: null, vehicle_name: 'Trail' })).toBe('Trail');
    expect(vehicleLabel({})).toBe('Unnamed Vehicle');
  });

  it('reads back a datetime-local value it wrote, to the minute', () => {
    const at = Date.parse('2026-03-02T09:41:37.250Z');
    const written = toLocalInput(at);
    expect(written).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(fromLocalInput(written)).toBe(Math.floor(at / 60_000) * 60_000);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
  });

  it('counts a link as employment from its start until its end', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    expect(isEmployedAt(null, null, now)).toBe(true);
    expect(isEmployedAt('2026-03-01T00:00:00Z', null, now)).toBe(true);
    expect(isEmployedAt('2026-03-03T00:00:00Z', null, now)).toBe(false);
    expect(isEmployedAt(null, '2026-03-02T12:00:00Z', now)).toBe(false);
    expect(isEmployedAt(null, '2026-03-02T12:00:01Z', now)).toBe(true);
  });
});
