import { Code, ConnectError } from '@connectrpc/connect';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.js';
import { clearSession, setSession } from '../../src/rpc/session.js';
import { toCurrentUser } from '../../src/rpc/user.js';

const api = vi.hoisted(() => ({
  changePassword: vi.fn(),
  logout: vi.fn(),
  recoverPassword: vi.fn(),
  signInWithEmailLink: vi.fn(),
}));
vi.mock('../../src/rpc/auth.js', () => api);

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ID = 'AbCdEfGhIjKlMnOpQrSt_-';
let container: HTMLElement;
let root: Root;

async function signIn(): Promise<void> {
  await setSession({
    sessionId: 'session-1',
    userId: ID,
    user: { ...toCurrentUser(undefined, ID), displayName: 'Ana Lima', email: 'ana@example.com' },
    serverPublicKey: new Uint8Array(),
  });
}

beforeEach(async () => {
  await clearSession();
  for (const fn of Object.values(api)) fn.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

const q = <T extends Element = HTMLElement>(selector: string) => container.querySelector<T>(selector);
const text = (selector: string) => q(selector)?.textContent ?? null;

async function waitFor(check: () => void): Promise<void> {
  await vi.waitFor(
    async () => {
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      check();
    },
    { timeout: 3000, interval: 10 },
  );
}

async function renderAt(path: string, page: string): Promise<void> {
  window.history.replaceState(null, '', path);
  await act(async () => root.render(<App />));
  await waitFor(() => expect(q(`main [data-page="${page}"]`)).not.toBeNull());
}

async function type(selector: string, value: string): Promise<void> {
  const input = q<HTMLInputElement>(selector)!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(selector: string): Promise<void> {
  await act(async () => q<HTMLElement>(selector)!.click());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('My Account', () => {
  it('shows the signed-in user', async () => {
    await signIn();
    await renderAt('/my-account', 'my-account');
    expect(text('[data-field="display-name"]')).toBe('Ana Lima');
    expect(text('[data-field="email"]')).toBe('ana@example.com');
  });

  it('changes the password, showing a wrong current password under its field', async () => {
    await signIn();
    await renderAt('/my-account', 'my-account');
    const submit = 'form[data-form="change-password"] button[type="submit"]';
    await click(submit);
    expect(text('[data-error-for="currentPassword"]')).toBe('Password is required');
    expect(text('[data-error-for="newPassword"]')).toBe('Password minimun length is 4 characters');

    api.changePassword.mockRejectedValueOnce(new ConnectError('Server error.', Code.PermissionDenied));
    await type('#current-password', 'old');
    await type('#new-password', 'abcd');
    await type('#repeat-new-password', 'abcd');
    await click(submit);
    await waitFor(() => expect(text('[data-error-for="currentPassword"]')).toBe('Access denied, wrong password'));

    api.changePassword.mockResolvedValueOnce(undefined);
    await type('#current-password', 'right');
    await click(submit);
    await waitFor(() => expect(text('[data-status="password-changed"]')).toBe('Your password has been changed.'));
    expect(api.changePassword).toHaveBeenLastCalledWith('right', 'abcd');
    expect(q<HTMLInputElement>('#new-password')?.value).toBe('');
  });

  it.each([
    ['sign-out', false],
    ['sign-out-all', true],
  ])('%s signs out and goes home', async (action, allDevices) => {
    api.logout.mockImplementation(() => clearSession());
    await signIn();
    await renderAt('/my-account', 'my-account');
    await click(`[data-action="${action}"]`);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(api.logout).toHaveBeenCalledWith(allDevices);
    expect(q('.app')?.getAttribute('data-auth')).toBe('signed-out');
  });

  it('says so when signing out of all devices failed, and stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    api.logout.mockRejectedValue(new ConnectError('Server error.', Code.Unavailable));
    await signIn();
    await renderAt('/my-account', 'my-account');
    await click('[data-action="sign-out-all"]');
    await waitFor(() =>
      expect(text('[data-form="sign-out"] [role="alert"]')).toBe('Could not sign out of all devices. Please try again.'),
    );
    expect(window.location.pathname).toBe('/my-account');
  });
});

describe('recover account page', () => {
  const submit = 'form[data-form="recover-password"] button[type="submit"]';

  it('validates the new password like registration', async () => {
    await renderAt('/recover_account/h1/ana%40example.com', 'recover-account');
    expect(text('[data-field="email"]')).toBe('ana@example.com');
    await type('#recover-password', 'abc');
    await click(submit);
    expect(text('[data-error-for="password"]')).toBe('Password minimun length is 4 characters');
    expect(text('[data-error-for="repeatPassword"]')).toBe('Passwords do not match');
    expect(api.recoverPassword).not.toHaveBeenCalled();
  });

  it('sets the password, then offers sign-in with the email prefilled', async () => {
    api.recoverPassword.mockResolvedValue(undefined);
    await renderAt('/recover_account/h1/ana%40example.com', 'recover-account');
    await type('#recover-password', 'new pass');
    await type('#recover-repeat-password', 'new pass');
    await click(submit);
    await waitFor(() => expect(q('[data-status="password-reset"]')).not.toBeNull());
    expect(api.recoverPassword).toHaveBeenCalledWith('h1', 'ana@example.com', 'new pass');
    const link = q('[data-page="recover-account"] a[data-action="open-login"]')!;
    expect(link.textContent).toBe('Sign in');
    expect(link.getAttribute('href')).toBe('/?auth=login&email=ana%40example.com');
    await click('[data-page="recover-account"] a[data-action="open-login"]');
    await waitFor(() => expect(q<HTMLInputElement>('#sign-in-email')?.value).toBe('ana@example.com'));
  });

  it('explains an invalid or used link', async () => {
    api.recoverPassword.mockRejectedValue(new ConnectError('Server error.', Code.PermissionDenied));
    await renderAt('/recover_account/h1/ana%40example.com', 'recover-account');
    await type('#recover-password', 'abcd');
    await type('#recover-repeat-password', 'abcd');
    await click(submit);
    await waitFor(() =>
      expect(text('form[data-form="recover-password"] [role="alert"]')).toBe(
        'This recovery link is invalid, expired or already used.',
      ),
    );
  });
});

describe('email sign-in link page', () => {
  it('redeems the token on request, with the trust choice the link preselected', async () => {
    api.signInWithEmailLink.mockImplementation(() => signIn());
    await renderAt('/my-account/sign-in/tok3n?remember=1', 'email-sign-in');
    expect(api.signInWithEmailLink).not.toHaveBeenCalled();
    expect(q<HTMLInputElement>('input[name="trust"]')?.checked).toBe(true);
    await click('[data-action="redeem-sign-in-link"]');
    await waitFor(() => expect(window.location.pathname).toBe('/my-account'));
    expect(api.signInWithEmailLink).toHaveBeenCalledWith('tok3n', true);
    await waitFor(() => expect(q('[data-page="my-account"]')).not.toBeNull());
  });

  it('explains an invalid link', async () => {
    api.signInWithEmailLink.mockRejectedValue(new ConnectError('Server error.', Code.PermissionDenied));
    await renderAt('/my-account/sign-in/tok3n', 'email-sign-in');
    await click('[data-action="redeem-sign-in-link"]');
    await waitFor(() => expect(text('[data-page="email-sign-in"] [role="alert"]')).toBe(
      'This sign-in link is invalid, expired or already used.',
    ));
  });
});
