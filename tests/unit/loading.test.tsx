import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Loading, WAIT_REASON_AFTER_MS } from '../../src/ui/Loading.js';
import { setWaitReason } from '../../src/ui/waitReason.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  setWaitReason(null);
  vi.useRealTimers();
});

const reason = () => container.querySelector('[data-wait-reason]')?.textContent ?? null;

describe('a loading state', () => {
  it('shows its label at once, and once it lasts, what the app waits for, following it as it changes', () => {
    setWaitReason("Opening this device's database…");
    act(() => root.render(<Loading label="Opening tag…" />));
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Opening tag…');
    expect(reason()).toBeNull();
    act(() => vi.advanceTimersByTime(WAIT_REASON_AFTER_MS));
    expect(reason()).toBe("Opening this device's database…");
    act(() => setWaitReason('Connecting to the server…'));
    expect(reason()).toBe('Connecting to the server…');
    act(() => setWaitReason(null));
    expect(reason()).toBeNull();
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Opening tag…');
  });
});
