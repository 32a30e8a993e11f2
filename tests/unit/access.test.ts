import { describe, expect, it } from 'vitest';
import {
  mayAdministerVehicle,
  mayClaimTag,
  mayClock,
  mayEditVehicle,
  mayHandleRequest,
  mayManageCompany,
  mayManageTags,
  mayOpenRequest,
  mayUseBucket,
  mayWorkInCompany,
  mayWriteVehicle,
  vehicleReader,
  worksFor,
  type Actor,
} from '../../src/domain/access.js';

// The rules of who may do what as pure functions, each with an allowed and a refused side. The same rules are held
// against the server's answers and the sync rules in tests/server/access-rules.test.ts.

const person = (userId: string, companies: string[] = [], isAdmin = false): Actor => ({ userId, isAdmin, companyIds: new Set(companies) });
const owner = person('owner');
const admin = person('admin', [], true);
const worker = person('worker', ['garage']);
const stranger = person('stranger', ['elsewhere']);
const car = { ownerId: 'owner', isPublic: false, servicingCompanyIds: ['garage'] };

describe('who may do what', () => {
  it('reads a vehicle: admins whole, owners theirs, the servicing company as a shop, anyone a public one, nobody else', () => {
    expect(vehicleReader(admin, car)).toBe('admin');
    expect(vehicleReader(owner, car)).toBe('owner');
    expect(vehicleReader(worker, car)).toBe('company');
    expect(vehicleReader(stranger, car)).toBe('none');
    expect(vehicleReader(null, car)).toBe('none');
    expect(vehicleReader(stranger, { ...car, isPublic: true })).toBe('public');
    expect(vehicleReader(null, { ...car, isPublic: true })).toBe('public');
    // An owner who also works for the servicing company still reads it as its owner.
    expect(vehicleReader(person('owner', ['garage']), car)).toBe('owner');
  });

  it('edits a vehicle: its owner and admins, also when only the owner id is known; an unowned vehicle only admins', () => {
    expect(['admin', 'owner', 'company', 'public', 'none'].map((a) => mayEditVehicle(a as never))).toEqual([true, true, false, false, false]);
    expect(mayWriteVehicle(owner, 'owner')).toBe(true);
    expect(mayWriteVehicle(admin, 'owner')).toBe(true);
    expect(mayWriteVehicle(worker, 'owner')).toBe(false);
    expect(mayWriteVehicle(owner, null)).toBe(false);
    expect(mayWriteVehicle(null, 'owner')).toBe(false);
    expect(mayAdministerVehicle(admin)).toBe(true);
    expect(mayAdministerVehicle(owner)).toBe(false);
  });

  it("opens a request: the owner for any company or none, admins, the customer's company's staff for that company only", () => {
    const vehicle = { ownerId: 'owner', customerCompanyId: 'garage' };
    expect(mayOpenRequest(owner, vehicle, null)).toBe(true);
    expect(mayOpenRequest(owner, vehicle, 'elsewhere')).toBe(true);
    expect(mayOpenRequest(admin, vehicle, 'elsewhere')).toBe(true);
    expect(mayOpenRequest(worker, vehicle, 'garage')).toBe(true);
    expect(mayOpenRequest(worker, vehicle, null)).toBe(false);
    expect(mayOpenRequest(worker, { ...vehicle, customerCompanyId: null }, 'garage')).toBe(false);
    expect(mayOpenRequest(stranger, vehicle, 'elsewhere')).toBe(false);
    expect(mayOpenRequest(null, vehicle, 'garage')).toBe(false);
  });

  it("handles a request: the vehicle's owner, admins, the request's company's staff; clocks: staff and admins", () => {
    expect(mayHandleRequest(owner, 'owner', 'garage')).toBe(true);
    expect(mayHandleRequest(worker, 'owner', 'garage')).toBe(true);
    expect(mayHandleRequest(stranger, 'owner', 'garage')).toBe(false);
    expect(mayHandleRequest(worker, 'owner', null)).toBe(false);
    expect(mayClock(worker, 'garage')).toBe(true);
    expect(mayClock(admin, null)).toBe(true);
    expect(mayClock(owner, 'garage')).toBe(false);
    expect(mayClock(null, 'garage')).toBe(false);
  });

  it("works in a company's area: its staff and admins; manages it: admins and staff of a managing type", () => {
    expect(worksFor(worker, 'garage')).toBe(true);
    expect(worksFor(worker, 42)).toBe(false);
    expect(mayWorkInCompany(worker, 'garage')).toBe(true);
    expect(mayWorkInCompany(stranger, 'garage')).toBe(false);
    expect(mayManageCompany(worker, ['manager'])).toBe(true);
    expect(mayManageCompany(worker, ['mechanic'])).toBe(false);
    expect(mayManageCompany(admin, [])).toBe(true);
    expect(mayManageCompany(null, ['owner'])).toBe(false);
  });

  it('tags: anyone claims one for a vehicle of their own; only admins create or change them', () => {
    expect(mayClaimTag(owner, 'owner')).toBe(true);
    expect(mayClaimTag(stranger, 'owner')).toBe(false);
    expect(mayClaimTag(owner, null)).toBe(false);
    expect(mayManageTags(admin)).toBe(true);
    expect(mayManageTags(owner)).toBe(false);
    expect(mayManageTags(null)).toBe(false);
  });

  it('upload buckets: the person who made one, and admins', () => {
    expect(mayUseBucket(owner, 'owner')).toBe(true);
    expect(mayUseBucket(admin, 'owner')).toBe(true);
    expect(mayUseBucket(stranger, 'owner')).toBe(false);
    expect(mayUseBucket(null, null)).toBe(false);
  });
});
