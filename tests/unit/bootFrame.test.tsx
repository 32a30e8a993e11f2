import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { bootFrameHtml } from '../../src/app/BootFrame.js';
import { AppHeader } from '../../src/app/chrome/AppHeader.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The boot frame as the browser parses it from index.html. */
function parsedFrame(): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = bootFrameHtml();
  return holder.firstElementChild as HTMLElement;
}

describe('the boot frame (index.html before any script runs)', () => {
  it("paints the header the app renders at home before a page names itself, so nothing moves when the app takes over", async () => {
    window.history.replaceState(null, '', '/');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<AppHeader />));
    const appHeader = container.querySelector('header')!.outerHTML;
    act(() => root.unmount());
    container.remove();

    expect(parsedFrame().querySelector('header')!.outerHTML).toBe(appHeader);
  });

  it('shows the loading state in the page area and keeps the bottom bar its place', () => {
    const frame = parsedFrame();
    expect(frame.classList.contains('app')).toBe(true);
    expect(frame.querySelector('main [data-page-loading] [role="status"]')?.textContent).toBe('Loading…');
    // Not a page yet: tests and helpers that wait for `main [data-page]` wait for the app.
    expect(frame.querySelector('[data-page]')).toBeNull();
    expect(frame.querySelector('.app-bottom > .app-bottom-nav[aria-hidden="true"]')).not.toBeNull();
  });
});
