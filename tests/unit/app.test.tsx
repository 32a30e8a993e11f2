import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.js';
import { parentPath } from '../../src/app/chrome/AppHeader.js';
import { navigate } from '../../src/ui/navigation.js';
import { tagRedirectPath } from '../../src/features/tags/tagRedirect.js';
import { clearSession, setSession } from '../../src/rpc/session.js';
import { toCurrentUser } from '../../src/rpc/user.js';

const lookupTag = vi.hoisted(() => vi.fn());
// Tags the device does not hold are asked of the server; here it always answers "unclaimed".
vi.mock('../../src/data/tags.js', () => ({
  lookupTag,
  resolveTagPatiently: async (hash: string) => ({ status: 'unclaimed', hash }),
  useLocalTag: () => ({ status: 'loading', rows: [] }),
  // These pages came without a first answer (src/data/firstAnswer.ts).
  firstRemoteTag: () => null,
  claimTag: vi.fn(),
  createTags: vi.fn(),
  randomTagHash: vi.fn(),
}));
// The local database (wa-sqlite in a worker) does not run under happy-dom; these tests are about the shell, and the
// vehicle pages' real queries are exercised in the browser suite. The vehicle is someone else's public one; access
// follows the signed-in user by the real rules.
vi.mock('../../src/features/vehicles/data/useVehicleArea.js', async () => {
  const { vehicleAccess } = await vi.importActual<typeof import('../../src/features/vehicles/access.js')>('../../src/features/vehicles/access.js');
  const { useCurrentUser } = await vi.importActual<typeof import('../../src/rpc/session.js')>('../../src/rpc/session.js');
  return {
    useVehicleArea: (id: string) => {
      const user = useCurrentUser();
      const vehicle = { id, name: 'Test car', description: null, is_public: 1, user_id: 'someone-else', created_at: '', updated_at: '' };
      return { status: 'ready', vehicle, access: vehicleAccess(user && { userId: user.id, isAdmin: user.isAdmin, companyIds: new Set() }, vehicle, null), source: 'server', snapshot: null, tags: [], userId: user?.id ?? null };
    },
  };
});
// The admin and company areas ask the server, which this test has not: their calls stay pending, and the page around
// them is what is checked here.
vi.mock('../../src/rpc/adminClients.js', () => {
  const pending = () => new Proxy({}, { get: () => () => new Promise(() => {}) });
  return { adminClient: pending, companyClient: pending };
});
vi.mock('../../src/features/vehicles/data/profileContents.js', () => ({ useProfileItems: () => ({ status: 'ready', items: [] }) }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ID = 'AbCdEfGhIjKlMnOpQrSt_-';

let container: HTMLElement;
let root: Root;

async function signIn(isAdmin = false): Promise<void> {
  await setSession({
    sessionId: 'session-1',
    userId: ID,
    user: { ...toCurrentUser(undefined, ID), displayName: 'Ana', email: 'ana@example.com', isAdmin },
    serverPublicKey: new Uint8Array(),
  });
}

beforeEach(async () => {
  await clearSession();
  lookupTag.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** Renders App at `path` and lets lazy chunks and effects settle. */
async function renderAt(path: string): Promise<void> {
  window.history.replaceState(null, '', path);
  await act(async () => root.render(<App />));
  await settle();
}

/** Lazy chunks take a module transform on first use, so wait for a page (not the loading text) to show. */
async function settle(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await vi.waitFor(
    async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
      if (!container.querySelector('main [data-page]')) throw new Error('page still loading');
    },
    { timeout: 5000, interval: 10 },
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

function page(): string | null | undefined {
  return container.querySelector('main [data-page]')?.getAttribute('data-page');
}

function headerTitle(): string | null | undefined {
  return container.querySelector('.app-header-title')?.textContent;
}

describe('App', () => {
  it('renders the chrome around the page, with Register and Sign In for visitors', async () => {
    await renderAt('/');
    expect(container.querySelector('header')).not.toBeNull();
    expect(container.querySelector('main')).not.toBeNull();
    expect(container.querySelector('.app')?.getAttribute('data-auth')).toBe('signed-out');
    expect(container.querySelector('nav[aria-label="Bottom navigation"]')).toBeNull();
    const guest = container.querySelector('nav[aria-label="Account"]');
    expect([...guest!.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Register', '/?auth=register'],
      ['Sign In', '/?auth=login'],
    ]);
    expect(container.querySelector('.app-bottom [data-sync-state]')?.getAttribute('data-sync-state')).toBe('idle');
    expect(page()).toBe('public-vehicles');
    expect(container.querySelector('h1')?.textContent).toBe('Latest vehicles');
    expect(headerTitle()).toBe('Tagbook');
  });

  it('gives signed-in users the four bottom-bar buttons', async () => {
    await signIn();
    await renderAt('/');
    expect(container.querySelector('.app')?.getAttribute('data-auth')).toBe('signed-in');
    expect(container.querySelector('nav[aria-label="Account"]')).toBeNull();
    const nav = container.querySelector('nav[aria-label="Bottom navigation"]');
    expect([...nav!.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Navigation menu',
      'Workspace menu',
      'QR scanner',
      'Actions menu',
    ]);
  });

  it.each([
    ['/vehicle/', 'restricted-access'],
    [`/vehicle/${ID}`, 'vehicle'],
    // A page of the owner's: a visitor is asked to sign in, without learning more.
    [`/vehicle/${ID}/logbook`, 'restricted-access'],
    [`/vehicle/${ID}/admin/ownership`, 'restricted-access'],
    ['/admin', 'restricted-access'],
    ['/admin/customers', 'restricted-access'],
    ['/admin/nope', 'restricted-access'],
    ['/company', 'restricted-access'],
    ['/register/abcdEF12', 'register'],
    ['/garage', 'under-construction'],
    ['/my-account', 'restricted-access'],
    ['/my-account/sign-in/tok3n', 'email-sign-in'],
    ['/my-account/nope', 'not-found'],
    ['/recover_account/h1/a%40b.c', 'recover-account'],
    ['/help', 'help'],
    ['/help/faq', 'help-faq'],
    ['/help/about-us', 'help-about-us'],
    ['/no/such/page', 'not-found'],
    ['/abc', 'not-found'],
  ])('renders %s as %s', async (path, expected) => {
    await renderAt(path);
    expect(page()).toBe(expected);
    expect(document.title).toBe(`${headerTitle()} · Tagbook`);
  });

  it.each([
    ['/vehicle/', false, 'my-vehicles'],
    ['/my-account', false, 'my-account'],
    ['/admin', false, 'access-denied'],
    ['/admin/customers', false, 'access-denied'],
    ['/admin/nope', false, 'access-denied'],
    ['/admin', true, 'admin'],
    ['/admin/customers', true, 'admin'],
    ['/admin/nope', true, 'not-found'],
  ])('renders %s signed in (admin: %s) as %s', async (path, isAdmin, expected) => {
    await signIn(isAdmin);
    await renderAt(path);
    expect(page()).toBe(expected);
  });

  it('says why My Vehicles is restricted, and offers sign-in and registration', async () => {
    await renderAt('/vehicle/');
    const main = container.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Restricted Access');
    expect(main.textContent).toContain("Oops, I couldn't identify you, to list your vehicles you must sign in.");
    expect(main.querySelector('[data-action="open-login"]')?.getAttribute('href')).toBe('/vehicle/?auth=login');
    expect(main.querySelector('[data-action="open-register"]')?.getAttribute('href')).toBe('/vehicle/?auth=register');
  });

  it('denies the admin area to signed-in users who are not admins', async () => {
    await signIn(false);
    await renderAt('/admin');
    const main = container.querySelector('main')!;
    expect(main.querySelector('h1')?.textContent).toBe('Permission denied');
    expect(main.textContent).toContain("Oops, you don't have privileges to access this page.");
  });

  it('shows the real not-found page', async () => {
    await renderAt(`/vehicle/${ID}/edit`);
    expect(page()).toBe('not-found');
    expect(container.querySelector('h1')?.textContent).toBe('Page not found');
    expect(container.querySelector('main a')?.getAttribute('href')).toBe('/');
  });

  it('shows the vehicle sub-route and the hash being registered', async () => {
    await signIn(true);
    await renderAt(`/vehicle/${ID}/request-services/${ID}`);
    expect(container.querySelector('[data-page="vehicle"]')?.getAttribute('data-section')).toBe('service-request');
    await act(async () => navigate('/register/abcdEF12'));
    await settle();
    expect(container.querySelector('main')?.textContent).toContain('abcdEF12');
  });

  async function clickBack(): Promise<void> {
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Back"]')!.click());
    await settle();
  }

  it('back button goes up a level on a deep link and is hidden at home', async () => {
    await renderAt('/help/faq');
    await clickBack();
    expect(window.location.pathname).toBe('/help');
    await renderAt('/');
    expect(container.querySelector('button[aria-label="Back"]')).toBeNull();
  });

  it('back from a vehicle profile goes to / for anyone who is neither its owner nor an admin', async () => {
    await renderAt(`/vehicle/${ID}`);
    await clickBack();
    expect(window.location.pathname).toBe('/');
    await signIn(false);
    await renderAt(`/vehicle/${ID}`);
    await clickBack();
    expect(window.location.pathname).toBe('/');
  });

  it('back from a vehicle page goes up a level for an admin', async () => {
    await signIn(true);
    await renderAt(`/vehicle/${ID}/info`);
    await clickBack();
    expect(window.location.pathname).toBe(`/vehicle/${ID}`);
  });
});

describe('tag resolver', () => {
  it('shows a progress text while looking up', async () => {
    lookupTag.mockReturnValue(new Promise(() => {}));
    await renderAt('/abcdEF12');
    expect(page()).toBe('tag-resolver');
    expect(container.textContent).toContain('Opening tag…');
    expect(lookupTag).toHaveBeenCalledWith('abcdEF12');
  });

  it('replaces the tag URL with its target', async () => {
    lookupTag.mockResolvedValue({ targetId: ID, targetPath: null });
    const length = window.history.length;
    await renderAt('/abcdEF12');
    expect(window.location.pathname).toBe(`/vehicle/${ID}`);
    expect(window.history.length).toBe(length);
    expect(page()).toBe('vehicle');
  });

  it('sends unknown and unclaimed tags to registration', async () => {
    lookupTag.mockResolvedValue(null);
    await renderAt('/abcdEF12');
    expect(window.location.pathname).toBe('/register/abcdEF12');
    expect(page()).toBe('register');
    lookupTag.mockResolvedValue({ targetId: null, targetPath: null });
    await act(async () => navigate('/zyxWVU98'));
    await settle();
    expect(window.location.pathname).toBe('/register/zyxWVU98');
  });

  it('does not offer registration when the lookup fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    lookupTag.mockRejectedValueOnce(new Error('database not ready'));
    await renderAt('/abcdEF12');
    expect(window.location.pathname).toBe('/abcdEF12');
    expect(container.textContent).toContain("Couldn't open this tag");
    lookupTag.mockResolvedValue(null);
    await act(async () => container.querySelector<HTMLButtonElement>('main button')!.click());
    await settle();
    expect(window.location.pathname).toBe('/register/abcdEF12');
  });
});

describe('tagRedirectPath', () => {
  it('follows targetPath and targetId', () => {
    expect(tagRedirectPath('abcdEF12', { targetId: ID, targetPath: '/vehicle' })).toBe(`/vehicle/${ID}`);
    expect(tagRedirectPath('abcdEF12', { targetId: ID, targetPath: '/vehicle/' })).toBe(`/vehicle/${ID}`);
    expect(tagRedirectPath('abcdEF12', { targetId: ID, targetPath: '/company' })).toBe(`/company/${ID}`);
  });

  it('defaults targetPath to /vehicle', () => {
    expect(tagRedirectPath('abcdEF12', { targetId: ID, targetPath: null })).toBe(`/vehicle/${ID}`);
  });

  it('never leaves the site', () => {
    for (const targetPath of ['https://evil.example', '//evil.example', 'vehicle', '/\\evil.example']) {
      expect(tagRedirectPath('abcdEF12', { targetId: ID, targetPath })).toBe(`/vehicle/${ID}`);
    }
  });

  it('registers unknown or unclaimed tags', () => {
    expect(tagRedirectPath('abcdEF12', null)).toBe('/register/abcdEF12');
    expect(tagRedirectPath('abcdEF12', { targetId: null, targetPath: '/vehicle' })).toBe('/register/abcdEF12');
    expect(tagRedirectPath('abcdEF12', { targetId: '', targetPath: null })).toBe('/register/abcdEF12');
  });
});

describe('parentPath', () => {
  it('drops the last segment', () => {
    expect(parentPath(`/vehicle/${ID}/info`)).toBe(`/vehicle/${ID}`);
    expect(parentPath(`/vehicle/${ID}/`)).toBe('/vehicle');
    expect(parentPath('/help')).toBe('/');
    expect(parentPath('/')).toBe('/');
  });
});
