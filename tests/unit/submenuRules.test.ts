import { describe, expect, it } from 'vitest';
import { navigationEntries } from '../../src/app/submenu/navigationEntries.js';
import { isAllowedWorkspace, resolveWorkspace, workspaceChoices } from '../../src/app/submenu/workspace.js';
import { toCurrentUser, type CurrentUser } from '../../src/rpc/user.js';

const HIDDEN = ['/dealer', '/club', '/experience', '/storage', '/event', '/collection'];

describe('navigation entries', () => {
  const paths = (isAdmin: boolean, production: boolean) => navigationEntries({ isAdmin, production }).map((e) => e.path);

  it('lists Admin for admins only', () => {
    expect(paths(true, true)).toContain('/admin');
    expect(paths(false, true)).not.toContain('/admin');
  });

  it('always lists My Account and Help', () => {
    for (const admin of [true, false]) expect(paths(admin, true)).toEqual(expect.arrayContaining(['/my-account', '/help']));
  });

  it('shows the hidden areas only outside production builds', () => {
    expect(paths(false, false)).toEqual(expect.arrayContaining(HIDDEN));
    for (const path of HIDDEN) expect(paths(true, true)).not.toContain(path);
  });
});

function user(companies: Array<[string, string | null]>): CurrentUser {
  return {
    ...toCurrentUser(undefined, 'user-1'),
    email: 'ana@example.com',
    companyEmployees: companies.map(([companyId, name], i) => ({
      id: `link-${i}`,
      companyId,
      type: 'worker',
      company: name === null ? null : { id: companyId, name, shortInfo: '' },
    })),
  };
}

describe('workspace', () => {
  const ana = user([
    ['c1', 'Garage One'],
    ['c2', 'Body Shop'],
    ['c3', null],
  ]);

  it("reads '-' as personal, absent as unselected for someone with several companies", () => {
    expect(resolveWorkspace('-', ana)).toEqual({ kind: 'personal' });
    expect(resolveWorkspace(undefined, ana)).toEqual({ kind: 'unselected' });
    expect(resolveWorkspace('', ana)).toEqual({ kind: 'unselected' });
  });

  it('reads a company id the user works for as that company', () => {
    expect(resolveWorkspace('c2', ana)).toEqual({ kind: 'company', companyId: 'c2', name: 'Body Shop' });
  });

  it('puts someone without a choice where there is nothing to choose: no company, personal; one company, that one', () => {
    const nobody = user([]);
    expect(resolveWorkspace(undefined, nobody)).toEqual({ kind: 'personal' });
    expect(resolveWorkspace('c9', nobody)).toEqual({ kind: 'personal' });
    const one = user([['c1', 'Garage One']]);
    expect(resolveWorkspace(undefined, one)).toEqual({ kind: 'company', companyId: 'c1', name: 'Garage One' });
    expect(resolveWorkspace('c9', one)).toEqual({ kind: 'company', companyId: 'c1', name: 'Garage One' });
    // A choice made stands: personal stays personal even with one company.
    expect(resolveWorkspace('-', one)).toEqual({ kind: 'personal' });
  });

  it('never reads a company the user does not (or no longer) work for as a workspace', () => {
    expect(resolveWorkspace('c9', ana)).toEqual({ kind: 'unselected' });
    expect(resolveWorkspace('c3', ana)).toEqual({ kind: 'unselected' });
    expect(isAllowedWorkspace('c9', ana)).toBe(false);
    expect(isAllowedWorkspace('c1', ana)).toBe(true);
    expect(isAllowedWorkspace('-', ana)).toBe(true);
  });

  it('offers personal first, then each company once', () => {
    const twice = user([
      ['c1', 'Garage One'],
      ['c1', 'Garage One'],
    ]);
    expect(workspaceChoices(twice).map((c) => c.value)).toEqual(['-', 'c1']);
    expect(workspaceChoices(ana).map((c) => c.label)).toEqual(['Personal', 'Garage One', 'Body Shop']);
  });
});
