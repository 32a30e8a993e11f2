import { describe, expect, it } from 'vitest';
import {
  adminCustomerPath,
  adminPath,
  adminUserPath,
  helpPath,
  matchRoute,
  MY_VEHICLES_PATH,
  recoverAccountPath,
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

describe('matchRoute: public list', () => {
  it('maps / to the public vehicles list', () => {
    expect(matchRoute('/')).toEqual({ name: 'public-vehicles' });
  });

  it('rejects paths that do not start with a slash', () => {
    expect(matchRoute('')).toEqual(NOT_FOUND);
    expect(matchRoute('vehicle/')).toEqual(NOT_FOUND);
  });

  it('rejects empty segments', () => {
    expect(matchRoute('//')).toEqual(NOT_FOUND);
    expect(matchRoute('//abcdefgh')).toEqual(NOT_FOUND);
    expect(matchRoute(`/vehicle//${ID}`)).toEqual(NOT_FOUND);
    expect(matchRoute('/help//faq')).toEqual(NOT_FOUND);
  });
});

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
      '/admin/users',
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

describe('matchRoute: register', () => {
  it('maps /register with and without a trailing slash', () => {
    expect(matchRoute('/register')).toEqual({ name: 'register', hash: null });
    expect(matchRoute('/register/')).toEqual({ name: 'register', hash: null });
  });

  it('accepts hashes of 8 to 16 letters or digits', () => {
    for (const hash of ['abcdEF12', 'A1b2C3d4E5f6', '0123456789abcdef', '12345678']) {
      expect(matchRoute(`/register/${hash}`), hash).toEqual({ name: 'register', hash });
    }
    expect(matchRoute('/register/abcdEF12/')).toEqual({ name: 'register', hash: 'abcdEF12' });
  });

  it('rejects hashes of 7 or 17 chars, other characters and extra segments', () => {
    for (const hash of ['abcdEF1', '0123456789abcdefg', 'abcd-EF12', 'abcd_EF12', 'abcdEF1%21', 'abcdEF12/x']) {
      expect(matchRoute(`/register/${hash}`), hash).toEqual(NOT_FOUND);
    }
  });
});

describe('matchRoute: under construction', () => {
  it.each(['garage', 'networking', 'dealer', 'club', 'experience', 'storage', 'event', 'collection'])(
    'maps /%s (even when it would also be a valid tag hash)',
    (feature) => {
      expect(matchRoute(`/${feature}`)).toEqual({ name: 'under-construction', feature });
      expect(matchRoute(`/${feature}/`)).toEqual({ name: 'under-construction', feature });
    },
  );

  it('does not match deeper paths', () => {
    expect(matchRoute('/garage/x')).toEqual(NOT_FOUND);
    expect(matchRoute('/networking/abc')).toEqual(NOT_FOUND);
  });
});

describe('matchRoute: recover account', () => {
  it('maps hash and email', () => {
    expect(matchRoute('/recover_account/abc123/user@example.com')).toEqual({
      name: 'recover-account',
      hash: 'abc123',
      email: 'user@example.com',
    });
  });

  it('decodes URI components', () => {
    expect(matchRoute('/recover_account/a%2Bb/first.last%2Btag%40example.com/')).toEqual({
      name: 'recover-account',
      hash: 'a+b',
      email: 'first.last+tag@example.com',
    });
    expect(matchRoute('/recover_account/h/a%2Fb%40example.com')).toMatchObject({ email: 'a/b@example.com' });
    expect(matchRoute(`/recover_account/h/${encodeURIComponent('josé@exämple.com')}`)).toMatchObject({
      email: 'josé@exämple.com',
    });
  });

  it('builds paths that round-trip through matchRoute', () => {
    expect(matchRoute(recoverAccountPath('h/1?', 'a b+c@example.com'))).toEqual({
      name: 'recover-account',
      hash: 'h/1?',
      email: 'a b+c@example.com',
    });
  });

  it('rejects missing, empty, blank or malformed parts', () => {
    for (const path of [
      '/recover_account',
      '/recover_account/',
      '/recover_account/abc',
      '/recover_account/abc/',
      '/recover_account//user@example.com',
      '/recover_account/%20/user@example.com',
      '/recover_account/abc/%20',
      '/recover_account/abc/user%E0%A4%A@example.com',
      '/recover_account/%/user@example.com',
      '/recover_account/abc/user@example.com/extra',
    ]) {
      expect(matchRoute(path), path).toEqual(NOT_FOUND);
    }
  });
});

describe('matchRoute: help', () => {
  it('maps help and its topics', () => {
    expect(matchRoute('/help')).toEqual({ name: 'help', topic: 'index' });
    expect(matchRoute('/help/')).toEqual({ name: 'help', topic: 'index' });
    expect(matchRoute('/help/faq')).toEqual({ name: 'help', topic: 'faq' });
    expect(matchRoute('/help/about-us/')).toEqual({ name: 'help', topic: 'about-us' });
  });

  it('rejects unknown topics', () => {
    expect(matchRoute('/help/contact')).toEqual(NOT_FOUND);
    expect(matchRoute('/help/faq/1')).toEqual(NOT_FOUND);
    expect(matchRoute('/help/index')).toEqual(NOT_FOUND);
  });
});

describe('matchRoute: QR tag resolver', () => {
  it('accepts 8 and 16 letters or digits', () => {
    for (const hash of ['abcdefgh', 'ABCDEFGH', '12345678', 'aB3dE6gH', 'a1B2c3D4e5F6g7H8', 'A1b2C3d4E5f6']) {
      expect(matchRoute(`/${hash}`), hash).toEqual({ name: 'tag', hash });
    }
  });

  it('tolerates a trailing slash', () => {
    expect(matchRoute('/abcdEF12/')).toEqual({ name: 'tag', hash: 'abcdEF12' });
  });

  it('rejects 7 and 17 characters', () => {
    expect(matchRoute('/abcdEF1')).toEqual(NOT_FOUND);
    expect(matchRoute('/a1B2c3D4e5F6g7H8i')).toEqual(NOT_FOUND);
  });

  it('rejects non-alphanumeric characters', () => {
    for (const hash of ['abcd-EF12', 'abcd_EF12', 'abcd.EF12', 'abcdé123', 'abcd%20EF12', 'abcd EF12', 'abc+EF12']) {
      expect(matchRoute(`/${hash}`), hash).toEqual(NOT_FOUND);
    }
  });

  it('rejects a hash followed by more segments', () => {
    expect(matchRoute('/abcdEF12/info')).toEqual(NOT_FOUND);
  });

  it('lets fixed routes that look like hashes win', () => {
    expect(matchRoute('/register')).toEqual({ name: 'register', hash: null });
    expect(matchRoute('/networking')).toEqual({ name: 'under-construction', feature: 'networking' });
  });

  it('is case sensitive for fixed routes', () => {
    expect(matchRoute('/Register')).toEqual({ name: 'tag', hash: 'Register' });
    expect(matchRoute('/HELP')).toEqual(NOT_FOUND);
  });
});

describe('matchRoute: everything else', () => {
  it.each(['/x', '/vehicles/x', '/vehicle-x', '/a/b/c', '/help-me', '/.well-known', '/index.html'])('%s', (path) => {
    expect(matchRoute(path)).toEqual(NOT_FOUND);
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
