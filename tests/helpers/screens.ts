import type { Page } from 'playwright-core';

/** Opens `path` and waits until its page has rendered and nothing in it is still loading. */
export async function openScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settledScreen(page);
}

/** Waits for the page in <main> to be there and done loading (no spinner, no pending list). */
export async function settledScreen(page: Page): Promise<void> {
  await page.locator('main [data-page]').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('main .ui-loading, main [data-state="loading"], main [aria-busy="true"]'),
  );
}
