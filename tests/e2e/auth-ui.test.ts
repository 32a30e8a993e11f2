import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { lastLinkTo } from '../helpers/auth-db.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';

// The account journey of issue 3 through the real UI, against the real server: the drawer's forms, the signed
// session header on every call, the recovery mail from the outbox, and sign-out reaching every tab.
describe('accounts in Chromium', () => {
  let server: TestServer;
  let device: Device;
  let page: Page;
  const email = `ana.${Date.now()}@example.com`;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    device = await launchDevice();
    page = device.page;
    page.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await device?.close();
    await server?.stop();
  });

  const drawer = () => page.locator('[data-auth-drawer]');
  const signedIn = () => page.locator('.app[data-auth="signed-in"]').waitFor();
  const signedOut = () => page.locator('.app[data-auth="signed-out"]').waitFor();

  async function signInWith(password: string): Promise<void> {
    await drawer().getByLabel('Password', { exact: true }).fill(password);
    await drawer().getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  it('registers from the drawer and is signed in', async () => {
    await page.goto(server.url + '/');
    await signedOut();
    await page.locator('nav[aria-label="Account"]').getByRole('link', { name: 'Register' }).click();
    await drawer().locator('form[data-form="register"]').waitFor();
    await drawer().getByLabel('Email').fill(email);
    await drawer().getByLabel('Password', { exact: true }).fill('abc');
    await drawer().getByLabel('Repeat password').fill('abcd');
    await drawer().getByRole('button', { name: 'Register' }).click();
    await expect(drawer().locator('[data-error-for="password"]').textContent()).resolves.toBe(
      'Password minimun length is 4 characters',
    );
    await drawer().getByLabel('Password', { exact: true }).fill('abcd');
    await drawer().getByRole('button', { name: 'Register' }).click();
    await signedIn();
    await drawer().waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });

  it('stays signed in across a reload, and the account page shows the user', async () => {
    await page.reload();
    await signedIn();
    await page.goto(server.url + '/my-account');
    await expect(page.locator('[data-field="email"]').textContent()).resolves.toBe(email);
  });

  it('makes signed calls the server accepts: change password, wrong current password refused', async () => {
    const form = page.locator('form[data-form="change-password"]');
    await form.getByLabel('Current password').fill('wrong');
    await form.getByLabel('New password').fill('efgh');
    await form.getByLabel('Repeat password').fill('efgh');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.locator('[data-error-for="currentPassword"]').textContent()).resolves.toBe(
      'Access denied, wrong password',
    );
    await form.getByLabel('Current password').fill('abcd');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.locator('[data-status="password-changed"]').waitFor();
    // Still signed in: a refusal is not a lost session.
    await signedIn();
  });

  it('signs out in every tab', async () => {
    const other = await device.context.newPage();
    await other.goto(server.url + '/help');
    await other.locator('.app[data-auth="signed-in"]').waitFor();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signedOut();
    await other.locator('.app[data-auth="signed-out"]').waitFor();
    await other.close();
    await page.waitForURL(server.url + '/');
  });

  it('refuses a wrong password, then signs in', async () => {
    await page.locator('nav[aria-label="Account"]').getByRole('link', { name: 'Sign In' }).click();
    await drawer().locator('form[data-form="sign-in"]').waitFor();
    await drawer().getByLabel('Email').fill(email);
    await signInWith('abcd');
    await expect(drawer().locator('[data-error-for="password"]').textContent()).resolves.toBe(
      'Access denied, wrong password',
    );
    await drawer().getByLabel('Trust this device').check();
    await signInWith('efgh');
    await signedIn();
    await page.goto(server.url + '/my-account');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await signedOut();
  });

  it('recovers the account with the emailed link and signs in with the new password', async () => {
    await page.goto(server.url + '/?auth=login');
    await drawer().getByRole('button', { name: 'Recover password' }).click();
    // No email yet: focus goes to the email field and nothing is sent.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('sign-in-email');
    await drawer().getByLabel('Email').fill(email);
    await drawer().getByRole('button', { name: 'Recover password' }).click();
    await expect(drawer().locator('[data-status="recovery-sent"]').textContent()).resolves.toBe(
      'Recovery email sent. Please check your inbox.',
    );

    const link = new URL(await lastLinkTo(server, email, '/recover_account/'));
    await page.goto(server.url + link.pathname);
    const form = page.locator('form[data-form="recover-password"]');
    await form.getByLabel('New password').fill('ijkl');
    await form.getByLabel('Repeat password').fill('ijkl');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await page.locator('[data-status="password-reset"]').waitFor();
    await page.locator('[data-page="recover-account"]').getByRole('link', { name: 'Sign in' }).click();
    await expect(drawer().getByLabel('Email').inputValue()).resolves.toBe(email);
    await signInWith('ijkl');
    await signedIn();
    expect(pageErrors).toEqual([]);
  });
});
