import type { BrowserContext, Page } from 'playwright-core';

const FLAG = 'tagbook.test.offline';

/**
 * Headless Chromium's offline emulation cuts the network but leaves navigator.onLine true and fires no events,
 * unlike a phone losing its signal. Pages of a context prepared here read navigator.onLine from a flag that
 * `setBrowserOffline` sets together with the emulation, and receive the 'offline' and 'online' events a real browser
 * would send. The flag lives in localStorage, so it is shared by every tab of the device (as the real signal is) and
 * survives the reloads offline tests make.
 */
export async function emulateOnlineFlag(context: BrowserContext): Promise<void> {
  await context.addInitScript((flag) => {
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get: () => localStorage.getItem(flag) !== '1',
    });
  }, FLAG);
}

/** Cuts or restores the device's network, and tells every open tab as a browser would. */
export async function setBrowserOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  await context.setOffline(offline);
  await page.evaluate(
    ([flag, off]) => {
      if (off) localStorage.setItem(flag, '1');
      else localStorage.removeItem(flag);
    },
    [FLAG, offline] as const,
  );
  await Promise.all(
    context.pages().map((tab) => tab.evaluate((off) => window.dispatchEvent(new Event(off ? 'offline' : 'online')), offline)),
  );
}
