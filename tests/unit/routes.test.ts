import { describe, expect, it } from 'vitest';
import { matchRoute, recoverAccountPath, sharedReportPath, transferPath } from '../../src/app/routes.js';

// Entry points outside the vehicle and admin areas: home, registration, help, recovery, the tag resolver and the
// not-found fallback. routes.areas.test.ts covers the nested areas and the path builders.

const ID = 'AbCdEfGhIjKlMnOpQrSt_-'; // 22 chars, with both extra url-safe characters
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


describe('matchRoute: the pages a link opens', () => {
  const token = 'demo-history-report-of-the-red-911-00000000';

  it('maps /report/{token} and /transfer/{token}, the paths their builders make', () => {
    expect(matchRoute(sharedReportPath(token))).toEqual({ name: 'shared-report', token });
    expect(matchRoute(transferPath(token))).toEqual({ name: 'transfer', token });
    expect(matchRoute(`/report/${token}/`)).toEqual({ name: 'shared-report', token });
  });

  it('refuses anything but a whole secret, and deeper paths', () => {
    for (const path of ['/report', '/report/short', `/report/${token}x`, `/report/${token.slice(1)}!`, `/transfer/${token}/more`, '/transfer/']) {
      expect(matchRoute(path), path).toEqual(NOT_FOUND);
    }
  });

  it('leaves the vehicle pages of the same names to the vehicle', () => {
    expect(matchRoute('/vehicle/abcdefghijklmnopqrstuv/report')).toEqual({ name: 'vehicle', vehicleId: 'abcdefghijklmnopqrstuv', section: { view: 'report' } });
    expect(matchRoute('/vehicle/abcdefghijklmnopqrstuv/transfer')).toEqual({ name: 'vehicle', vehicleId: 'abcdefghijklmnopqrstuv', section: { view: 'transfer' } });
  });
});
