import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { OptionalPart } from '../../src/app/feedback/OptionalPart.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('OptionalPart', () => {
  it('leaves a failing part out and keeps the rest of the page', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () =>
      root.render(
        <>
          <OptionalPart name="banner">
            <Broken />
          </OptionalPart>
          <p>the page</p>
        </>,
      ),
    );
    expect(host.innerHTML).toBe('<p>the page</p>');
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
    root.unmount();
    const healthy = createRoot(host);
    await act(async () =>
      healthy.render(
        <OptionalPart name="banner">
          <span>fine</span>
        </OptionalPart>,
      ),
    );
    expect(host.textContent).toBe('fine');
    healthy.unmount();
  });
});
