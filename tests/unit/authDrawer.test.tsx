import { Code, ConnectError } from '@connectrpc/connect';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.js';
import { navigate } from '../../src/ui/navigation.js';
import { CreateAccountError } from '../../src/gen/tagbook/v1/auth_pb.js';
import { clearSession, getSession, setSession } from '../../src/rpc/session.js';
import { toCurrentUser } from '../../src/rpc/user.js';

// The forms' calls are replaced; what is under test is the drawer and the forms' behaviour around them.
const api = vi.hoisted(() => ({
  register: vi.fn(),
  signIn: vi.fn(),
  requestRecovery: vi.fn(),
}));
vi.mock('../../src/rpc/auth.js', () => api);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(async () => {
  await clearSession();
  api.register.mockReset();
  api.signIn.mockReset();
  api.requestRecovery.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

const drawer = () => container.querySelector<HTMLElement>('[data-auth-drawer]');
const q = <T extends Element = HTMLElement>(selector: string) => container.querySelector<T>(selector);
const text = (selector: string) => q(selector)?.textContent ?? null;

async function flush(): Promise<void> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Lazy chunks need a module transform on first use: wait for the drawer (or its absence) to settle. */
async function waitFor(check: () => void): Promise<void> {
  await vi.waitFor(
    async () => {
      await flush();
      check();
    },
    { timeout: 3000, interval: 10 },
  );
}

async function renderAt(path: string): Promise<void> {
  window.history.replaceState(null, '', path);
  await act(async () => root.render(<App />));
  await waitFor(() => expect(q('main [data-page]')).not.toBeNull());
}

async function openAt(path: string): Promise<void> {
  await renderAt(path);
  await waitFor(() => expect(drawer()).not.toBeNull());
}

/** Types like a user: React only sees changes made through the native setter plus an input event. */
async function type(selector: string, value: string): Promise<void> {
  const input = q<HTMLInputElement>(selector)!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(selector: string): Promise<void> {
  await act(async () => q<HTMLElement>(selector)!.click());
  await flush();
}

const searchParams = () => new URLSearchParams(window.location.search);

describe('auth drawer and the auth parameter', () => {
  it('opens with ?auth=login on the Sign in tab, focused on the email', async () => {
    await openAt('/help?auth=login');
    expect(drawer()?.getAttribute('data-auth-drawer')).toBe('login');
    expect(drawer()?.getAttribute('role')).toBe('dialog');
    expect(q('[role="tab"][aria-selected="true"]')?.textContent).toBe('Sign in');
    expect(q('form[data-form="sign-in"]')).not.toBeNull();
    expect(document.activeElement?.id).toBe('sign-in-email');
    // The page underneath stays the page.
    expect(q('main [data-page]')?.getAttribute('data-page')).toBe('help');
  });

  it('switching tabs updates the parameter without adding history', async () => {
    await openAt('/help?auth=login&x=1');
    const length = window.history.length;
    await click('[data-auth-tab="register"]');
    expect(searchParams().get('auth')).toBe('register');
    expect(searchParams().get('x')).toBe('1');
    expect(window.history.length).toBe(length);
    await waitFor(() => expect(q('form[data-form="register"]')).not.toBeNull());
    expect(q('[role="tab"][aria-selected="true"]')?.textContent).toBe('Registration');
    await click('[data-auth-tab="login"]');
    expect(searchParams().get('auth')).toBe('login');
    await waitFor(() => expect(q('form[data-form="sign-in"]')).not.toBeNull());
  });

  it('follows the parameter: changed, removed, or invalid', async () => {
    await openAt('/?auth=register');
    expect(drawer()?.getAttribute('data-auth-drawer')).toBe('register');
    await act(async () => navigate('/?auth=login'));
    await waitFor(() => expect(drawer()?.getAttribute('data-auth-drawer')).toBe('login'));
    await act(async () => navigate('/'));
    await waitFor(() => expect(drawer()).toBeNull());
    await act(async () => navigate('/?auth=nonsense'));
    await flush();
    expect(drawer()).toBeNull();
  });

  it('the bottom bar buttons open it', async () => {
    await renderAt('/help');
    await click('nav[aria-label="Account"] [data-action="open-register"]');
    expect(searchParams().get('auth')).toBe('register');
    await waitFor(() => expect(drawer()?.getAttribute('data-auth-drawer')).toBe('register'));
  });

  it.each([
    ['Escape', async () => act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })))],
    ['the close button', () => click('button[aria-label="Close"]')],
    ['the backdrop', () => click('.auth-drawer-backdrop')],
  ])('closes with %s, removing the parameter', async (_how, close) => {
    await openAt('/help?auth=login&email=a%40b.c&x=1');
    await close();
    expect(window.location.pathname + window.location.search).toBe('/help?x=1');
    await waitFor(() => expect(drawer()).toBeNull());
  });

  it('is not shown to a signed-in user', async () => {
    await setSession({
      sessionId: 's',
      userId: 'u',
      user: toCurrentUser(undefined, 'u'),
      serverPublicKey: new Uint8Array(),
    });
    await renderAt('/?auth=login');
    await flush();
    expect(drawer()).toBeNull();
  });
});

describe('registration form', () => {
  it('shows every problem under its field, in the words of the validation rules, and clears them on edit', async () => {
    await openAt('/?auth=register');
    await click('form[data-form="register"] button[type="submit"]');
    expect(text('[data-error-for="email"]')).toBe('Email is required');
    expect(text('[data-error-for="password"]')).toBe('Password minimun length is 4 characters');
    const email = q<HTMLInputElement>('#register-email')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('register-email-error');
    expect(document.activeElement).toBe(email);
    expect(api.register).not.toHaveBeenCalled();

    await type('#register-email', 'nope');
    expect(q('[data-error-for]')).toBeNull();
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    await type('#register-password', 'abcd');
    await click('form[data-form="register"] button[type="submit"]');
    expect(text('[data-error-for="email"]')).toBe('Invalid email address');
    expect(text('[data-error-for="repeatPassword"]')).toBe('Passwords do not match');
    expect(q('[data-error-for="password"]')).toBeNull();
  });

  it('shows "Email is taken" from the server', async () => {
    api.register.mockResolvedValue({ ok: false, errors: [CreateAccountError.EMAIL_IN_USE] });
    await openAt('/?auth=register');
    await type('#register-email', ' ana@example.com ');
    await type('#register-password', 'abcd');
    await type('#register-repeat-password', 'abcd');
    await click('form[data-form="register"] button[type="submit"]');
    await waitFor(() => expect(text('[data-error-for="email"]')).toBe('Email is taken'));
    expect(api.register).toHaveBeenCalledWith('ana@example.com', 'abcd', false);
  });

  it('marks any other failure as unexpected', async () => {
    api.register.mockRejectedValue(new ConnectError('Server error.', Code.Internal));
    await openAt('/?auth=register');
    await type('#register-email', 'ana@example.com');
    await type('#register-password', 'abcd');
    await type('#register-repeat-password', 'abcd');
    await click('form[data-form="register"] button[type="submit"]');
    await waitFor(() => expect(text('form[data-form="register"] [role="alert"]')).toBe('Unexpected error'));
  });

  it('hides the drawer on success', async () => {
    api.register.mockResolvedValue({ ok: true });
    await openAt('/help?auth=register');
    await type('#register-email', 'ana@example.com');
    await type('#register-password', 'abcd');
    await type('#register-repeat-password', 'abcd');
    await click('form[data-form="register"] button[type="submit"]');
    await waitFor(() => expect(drawer()).toBeNull());
    expect(searchParams().has('auth')).toBe(false);
  });

  it('keeps the email when switching tabs', async () => {
    await openAt('/?auth=register');
    await type('#register-email', 'ana@example.com');
    await click('[data-auth-tab="login"]');
    await waitFor(() => expect(q<HTMLInputElement>('#sign-in-email')?.value).toBe('ana@example.com'));
  });
});

describe('sign-in form', () => {
  async function fill(email: string, password: string): Promise<void> {
    await type('#sign-in-email', email);
    await type('#sign-in-password', password);
  }
  const submit = () => click('form[data-form="sign-in"] button[type="submit"]');

  it('requires email and password', async () => {
    await openAt('/?auth=login');
    await submit();
    expect(text('[data-error-for="email"]')).toBe('Email is required');
    expect(text('[data-error-for="password"]')).toBe('Password is required');
    expect(api.signIn).not.toHaveBeenCalled();
  });

  it('shows "Access denied, wrong password" when the server refuses the credentials', async () => {
    api.signIn.mockRejectedValue(new ConnectError('Server error.', Code.PermissionDenied));
    await openAt('/?auth=login');
    await fill('ana@example.com', 'wrong');
    await submit();
    await waitFor(() => expect(text('[data-error-for="password"]')).toBe('Access denied, wrong password'));
    expect(q('#sign-in-password')?.getAttribute('aria-invalid')).toBe('true');
    await type('#sign-in-password', 'wrong2');
    expect(q('[data-error-for="password"]')).toBeNull();
  });

  it("shows the server's message after too many attempts", async () => {
    const original = new ConnectError('Too many attempts. Try again in 60 seconds.', Code.ResourceExhausted);
    api.signIn.mockRejectedValue(new ConnectError('Server error.', Code.ResourceExhausted, undefined, undefined, original));
    await openAt('/?auth=login');
    await fill('ana@example.com', 'x');
    await submit();
    await waitFor(() =>
      expect(text('form[data-form="sign-in"] [role="alert"]')).toBe('Too many attempts. Try again in 60 seconds.'),
    );
  });

  it('signs in with the sanitised email, the password as typed and the trust choice, then hides', async () => {
    api.signIn.mockImplementation(async () => {
      await setSession({ sessionId: 's', userId: 'u', user: toCurrentUser(undefined, 'u'), serverPublicKey: new Uint8Array() });
    });
    await openAt('/help?auth=login');
    await fill('  ana@example.com ', ' secret ');
    await click('input[name="trust"]');
    await submit();
    await waitFor(() => expect(drawer()).toBeNull());
    expect(api.signIn).toHaveBeenCalledWith('ana@example.com', ' secret ', true);
    expect(getSession()).not.toBeNull();
    expect(searchParams().has('auth')).toBe(false);
    expect(q('.app')?.getAttribute('data-auth')).toBe('signed-in');
  });

  it('prefills the email from the link', async () => {
    await openAt('/?auth=login&email=ana%40example.com');
    expect(q<HTMLInputElement>('#sign-in-email')?.value).toBe('ana@example.com');
  });

  describe('recover password', () => {
    const recover = () => click('[data-action="recover-password"]');

    it('focuses the email field when it is empty, without a request', async () => {
      await openAt('/?auth=login');
      (q<HTMLInputElement>('#sign-in-password')!).focus();
      await recover();
      expect(document.activeElement?.id).toBe('sign-in-email');
      expect(api.requestRecovery).not.toHaveBeenCalled();
    });

    it('sends the request and says so', async () => {
      api.requestRecovery.mockResolvedValue(undefined);
      await openAt('/?auth=login');
      await type('#sign-in-email', ' ana@example.com ');
      await recover();
      await waitFor(() =>
        expect(text('[data-status="recovery-sent"]')).toBe('Recovery email sent. Please check your inbox.'),
      );
      expect(api.requestRecovery).toHaveBeenCalledWith('ana@example.com');
    });

    it('marks the email invalid when the request fails', async () => {
      api.requestRecovery.mockRejectedValue(new ConnectError('Server error.', Code.InvalidArgument));
      await openAt('/?auth=login');
      await type('#sign-in-email', 'ana@example.com');
      await recover();
      await waitFor(() => expect(text('[data-error-for="email"]')).toBe('Invalid email address'));
      expect(q('[data-status="recovery-sent"]')).toBeNull();
    });
  });
});
