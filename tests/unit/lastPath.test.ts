import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_PATH_KEY,
  isRememberable,
  pathToRestore,
  rememberLastPath,
  restoreLastPath,
  type StartFacts,
} from '../../src/app/lastPath.js';
import { navigate } from '../../src/ui/navigation.js';

const start: StartFacts = { pathname: '/', search: '', hash: '', standalone: true, stored: '/vehicle/' };

describe('pathToRestore (standalone at the root goes to the last path)', () => {
  it('redirects an installed app opened at its start URL', () => {
    expect(pathToRestore(start)).toBe('/vehicle/');
  });

  it('stays in a browser tab', () => {
    expect(pathToRestore({ ...start, standalone: false })).toBeNull();
  });

  it('stays when opened anywhere but a bare root (a link or a query means where it says)', () => {
    expect(pathToRestore({ ...start, pathname: '/help' })).toBeNull();
    expect(pathToRestore({ ...start, search: '?auth=login' })).toBeNull();
    expect(pathToRestore({ ...start, hash: '#top' })).toBeNull();
  });

  it('stays with nothing, the root, or something odd stored', () => {
    for (const stored of [null, '', '/', 'vehicle/', '//evil.example/x', '/no/such/page']) {
      expect(pathToRestore({ ...start, stored })).toBeNull();
    }
  });

  it('never reopens an account-recovery link', () => {
    expect(isRememberable('/recover_account/abcdef/a@b.c')).toBe(false);
    expect(pathToRestore({ ...start, stored: '/recover_account/abcdef/a@b.c' })).toBeNull();
  });
});

describe('remembering and restoring in the page', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    stop?.();
    vi.unstubAllGlobals();
  });

  it('stores every path the app navigates to, except the ones not worth reopening', () => {
    stop = rememberLastPath();
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/');
    navigate('/help/faq?x=1');
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/help/faq');
    navigate('/recover_account/abcdef/a@b.c');
    expect(localStorage.getItem(LAST_PATH_KEY)).toBe('/help/faq');
  });

  it('replaces the start URL before the first render in standalone mode', () => {
    localStorage.setItem(LAST_PATH_KEY, '/help/faq');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    const length = window.history.length;
    restoreLastPath();
    expect(window.location.pathname).toBe('/help/faq');
    expect(window.history.length).toBe(length);
  });

  it('leaves a browser tab at the root', () => {
    localStorage.setItem(LAST_PATH_KEY, '/help/faq');
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    restoreLastPath();
    expect(window.location.pathname).toBe('/');
  });
});
