import { Suspense, act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../../src/app/lazyPage.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** What the first commit shows, before any promise has had a chance to settle. */
function firstCommit(page: ReturnType<typeof lazyPage<{ name: string }>>) {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => flushSync(() => root.render(<Suspense fallback={<i>loading</i>}>{page({ name: 'Ada' })}</Suspense>)));
  return { html: host.innerHTML, root, host };
}

describe('lazyPage', () => {
  it('renders a page whose chunk was preloaded in the first commit, with no fallback', async () => {
    const Page = lazyPage(async () => Greeting);
    await Page.preload();
    const { html, root } = firstCommit(Page);
    expect(html).toBe('<p>Hello Ada</p>');
    root.unmount();
  });

  it('shows the fallback for a page not loaded yet, then the page', async () => {
    const Page = lazyPage(async () => Greeting);
    const { html, root, host } = firstCommit(Page);
    expect(html).toBe('<i>loading</i>');
    await act(async () => {
      await Page.preload();
    });
    expect(host.innerHTML).toBe('<p>Hello Ada</p>');
    root.unmount();
  });

  it('asks again for a chunk whose first load failed', async () => {
    let calls = 0;
    const Page = lazyPage(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(calls).toBe(2);
    const { html, root } = firstCommit(Page);
    expect(html).toBe('<p>Hello Ada</p>');
    root.unmount();
  });
});
