import type { Page } from 'playwright-core';

/** Signs in through the drawer, as a person would. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/?auth=login`);
  const drawer = page.locator('[data-auth-drawer]');
  await drawer.locator('form[data-form="sign-in"]').waitFor();
  await drawer.getByLabel('Email').fill(email);
  await drawer.getByLabel('Password', { exact: true }).fill(password);
  await drawer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.locator('.app[data-auth="signed-in"]').waitFor();
}

/** The names My Vehicles lists, in order. */
export async function myVehicleNames(page: Page): Promise<string[]> {
  return page.locator('[data-page="my-vehicles"] .vehicle-list li a').allTextContents();
}

/** Resolves once a service worker controls the page (so a reload can be served offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined);
}
