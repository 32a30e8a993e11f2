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
  // The row's title alone: a row may also say its vehicle is not sent yet.
  return page.locator('[data-page="my-vehicles"] .vehicle-list li a .ui-list-item__title').allTextContents();
}

/** Resolves once a service worker controls the page (so a reload can be served offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined);
  } catch (err) {
    // Say where the worker's life cycle stopped, so a failure points at install, activation or claiming.
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker?.getRegistration('/');
      if (!r) return 'no registration';
      return `installing: ${r.installing?.state ?? '-'}, waiting: ${r.waiting?.state ?? '-'}, active: ${r.active?.state ?? '-'}`;
    });
    throw new Error(`no service worker controls ${page.url()} (${registration})`, { cause: err });
  }
}
