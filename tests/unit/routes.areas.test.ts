import { describe, expect, it } from 'vitest';
import {
  adminCustomerPath,
  adminPath,
  adminUserPath,
  helpPath,
  matchRoute,
  MY_VEHICLES_PATH,
  registerPath,
  serviceRequestPath,
  tagPath,
  vehiclePath,
  vehicleSectionPath,
} from '../../src/app/routes.js';
import type { VehicleView } from '../../src/app/routes.js';

const ID = 'AbCdEfGhIjKlMnOpQrSt_-'; // 22 chars, with both extra url-safe characters
const ID2 = '0123456789abcdefghijkl';
const NOT_FOUND = { name: 'not-found' };

describe('matchRoute: vehicles', () => {
  it('maps /vehicle and /vehicle/ to My Vehicles', () => {
    expect(matchRoute('/vehicle/')).toEqual({ name: 'my-vehicles' });
    expect(matchRoute('/vehicle')).toEqual({ name: 'my-vehicles' });
  });

  it('maps a 22-char id to the vehicle profile, with or without trailing slash', () => {
    const expected = { name: 'vehicle', vehicleId: ID, section: { view: 'profile' } };
    expect(matchRoute(`/vehicle/${ID}`)).toEqual(expected);
    expect(matchRoute(`/vehicle/${ID}/`)).toEqual(expected);
  });

  it('accepts ids made only of - and _', () => {
    expect(matchRoute(`/vehicle/${'-'.repeat(22)}`)).toMatchObject({ name: 'vehicle', vehicleId: '-'.repeat(22) });
    expect(matchRoute(`/vehicle/${'_'.repeat(22)}`)).toMatchObject({ name: 'vehicle', vehicleId: '_'.repeat(22) });
  });

  it('rejects ids of 21 or 23 chars and ids with other characters', () => {
    expect(matchRoute(`/vehicle/${ID.slice(1)}`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID}x`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID.slice(1)}.`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID.slice(1)}~`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID.slice(3)}%20`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID.slice(1)}=`)).toEqual(NOT_FOUND);
  });

  it.each<[string, VehicleView]>([
    ['info', 'info'],
    ['request-services', 'request-services'],
    ['notes', 'notes'],
    ['all-notes', 'all-notes'],
    ['logbook', 'logbook'],
    ['track-support', 'track-support'],
    ['admin/ownership', 'ownership'],
  ])('maps the sub-route %s', (sub, view) => {
    const expected = { name: 'vehicle', vehicleId: ID, section: { view } };
    expect(matchRoute(`/vehicle/${ID}/${sub}`)).toEqual(expected);
    expect(matchRoute(`/vehicle/${ID}/${sub}/`)).toEqual(expected);
  });

  it('maps a service request detail when its id is a 22-char id', () => {
    expect(matchRoute(`/vehicle/${ID}/request-services/${ID2}`)).toEqual({
      name: 'vehicle',
      vehicleId: ID,
      section: { view: 'service-request', serviceRequestId: ID2 },
    });
    expect(matchRoute(`/vehicle/${ID}/request-services/${ID2}/`)).toMatchObject({
      section: { view: 'service-request', serviceRequestId: ID2 },
    });
  });

  it('rejects malformed service request ids', () => {
    expect(matchRoute(`/vehicle/${ID}/request-services/${ID2.slice(1)}`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID}/request-services/${ID2}0`)).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle/${ID}/request-services/${ID2.slice(1)}!`)).toEqual(NOT_FOUND);
  });

  it('rejects unknown and over-long sub-paths', () => {
    for (const sub of [
      'edit',
      'Info',
      'profile',
      'admin',
      'admin/other',
      'ownership',
      'notes/extra',
      'info/edit',
      `request-services/${ID2}/edit`,
      'admin/ownership/x',
      'request-service',
    ]) {
      expect(matchRoute(`/vehicle/${ID}/${sub}`), sub).toEqual(NOT_FOUND);
    }
  });

  it('rejects a sub-route under an invalid vehicle id', () => {
    expect(matchRoute(`/vehicle/${ID.slice(1)}/info`)).toEqual(NOT_FOUND);
  });
});

describe('matchRoute: admin', () => {
  it('maps the dashboard and its lists', () => {
    expect(matchRoute('/admin')).toEqual({ name: 'admin', section: { view: 'dashboard' } });
    expect(matchRoute('/admin/')).toEqual({ name: 'admin', section: { view: 'dashboard' } });
    expect(matchRoute('/admin/service-request')).toEqual({ name: 'admin', section: { view: 'service-request' } });
    expect(matchRoute('/admin/vehicles/')).toEqual({ name: 'admin', section: { view: 'vehicles' } });
    expect(matchRoute('/admin/customers')).toEqual({ name: 'admin', section: { view: 'customers' } });
    expect(matchRoute('/admin/users')).toEqual({ name: 'admin', section: { view: 'users' } });
  });

  it('maps customer and user detail pages', () => {
    expect(matchRoute(`/admin/customers/${ID}`)).toEqual({
      name: 'admin',
      section: { view: 'customer', customerId: ID },
    });
    expect(matchRoute(`/admin/users/${ID2}/`)).toEqual({ name: 'admin', section: { view: 'user', userId: ID2 } });
  });

  it('keeps unknown admin paths inside the admin area as not-found', () => {
    const adminNotFound = { name: 'admin', section: { view: 'not-found' } };
    for (const path of [
      '/admin/unknown',
      '/admin/service-requests',
      `/admin/customers/${ID.slice(1)}`,
      `/admin/users/${ID}x`,
      `/admin/vehicles/${ID}`,
      `/admin/customers/${ID}/edit`,
      '/admin/dashboard',
    ]) {
      expect(matchRoute(path), path).toEqual(adminNotFound);
    }
  });

  it('leaves look-alike words of 8 to 16 letters to the tag resolver', () => {
    expect(matchRoute('/vehicles')).toEqual({ name: 'tag', hash: 'vehicles' });
  });

  it('does not treat /administrator as admin', () => {
    expect(matchRoute('/administrator')).toEqual({ name: 'tag', hash: 'administrator' });
    expect(matchRoute('/admin-x')).toEqual(NOT_FOUND);
  });
});

describe('matchRoute: company and account areas', () => {
  it('maps /company/* with the sub-path', () => {
    expect(matchRoute('/company')).toEqual({ name: 'company', subPath: '' });
    expect(matchRoute('/company/')).toEqual({ name: 'company', subPath: '' });
    expect(matchRoute('/company/a/b')).toEqual({ name: 'company', subPath: 'a/b' });
  });

  it('maps /my-account/* with the sub-path', () => {
    expect(matchRoute('/my-account')).toEqual({ name: 'my-account', subPath: '' });
    expect(matchRoute('/my-account/password/')).toEqual({ name: 'my-account', subPath: 'password' });
  });
});


describe('path builders', () => {
  it('build the expected strings', () => {
    expect(MY_VEHICLES_PATH).toBe('/vehicle/');
    expect(vehiclePath(ID)).toBe(`/vehicle/${ID}`);
    expect(vehiclePath(ID, 'ownership')).toBe(`/vehicle/${ID}/admin/ownership`);
    expect(serviceRequestPath(ID, ID2)).toBe(`/vehicle/${ID}/request-services/${ID2}`);
    expect(registerPath()).toBe('/register');
    expect(registerPath('abcdEF12')).toBe('/register/abcdEF12');
    expect(tagPath('abcdEF12')).toBe('/abcdEF12');
    expect(adminPath()).toBe('/admin');
    expect(adminPath('service-request')).toBe('/admin/service-request');
    expect(adminCustomerPath(ID)).toBe(`/admin/customers/${ID}`);
    expect(adminUserPath(ID)).toBe(`/admin/users/${ID}`);
    expect(helpPath()).toBe('/help');
    expect(helpPath('about-us')).toBe('/help/about-us');
  });

  it('round-trip through matchRoute', () => {
    expect(matchRoute(MY_VEHICLES_PATH)).toEqual({ name: 'my-vehicles' });
    const views: VehicleView[] = [
      'profile',
      'info',
      'request-services',
      'notes',
      'all-notes',
      'logbook',
      'track-support',
      'ownership',
    ];
    for (const view of views) {
      expect(matchRoute(vehiclePath(ID, view)), view).toEqual({ name: 'vehicle', vehicleId: ID, section: { view } });
    }
    const detail = { view: 'service-request', serviceRequestId: ID2 } as const;
    expect(matchRoute(vehicleSectionPath(ID, detail))).toEqual({ name: 'vehicle', vehicleId: ID, section: detail });
    expect(matchRoute(vehicleSectionPath(ID, { view: 'notes' }))).toMatchObject({ section: { view: 'notes' } });
    expect(matchRoute(registerPath('abcdEF12'))).toEqual({ name: 'register', hash: 'abcdEF12' });
    expect(matchRoute(tagPath('abcdEF12'))).toEqual({ name: 'tag', hash: 'abcdEF12' });
    expect(matchRoute(adminPath('customers'))).toEqual({ name: 'admin', section: { view: 'customers' } });
    expect(matchRoute(adminCustomerPath(ID))).toEqual({ name: 'admin', section: { view: 'customer', customerId: ID } });
    expect(matchRoute(adminUserPath(ID))).toEqual({ name: 'admin', section: { view: 'user', userId: ID } });
    expect(matchRoute(helpPath('faq'))).toEqual({ name: 'help', topic: 'faq' });
  });

  it('encode hostile values so they cannot reach another route', () => {
    expect(matchRoute(vehiclePath('../admin'))).toEqual(NOT_FOUND);
    expect(matchRoute(registerPath('abc/defgh'))).toEqual(NOT_FOUND);
    expect(matchRoute(adminUserPath('x/../../y'))).toEqual({ name: 'admin', section: { view: 'not-found' } });
  });
});
