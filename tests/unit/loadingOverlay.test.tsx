import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOverlayShown, LOADING_OVERLAY_MS, overlayDueAt } from '../../src/app/feedback/overlayTiming.js';
import { beginLoading, getLoadingStarts } from '../../src/ui/loadingTracker.js';
import { Loading } from '../../src/ui/Loading.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The local database does not open under happy-dom; its state is driven by hand here.
const db = vi.hoisted(() => {
  let state: { status: string } = { status: 'ready' };
  const listeners = new Set<() => void>();
  return {
    getDatabaseState: () => state,
    subscribeDatabaseState: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set(status: string) {
      state = { status };
      for (const listener of [...listeners]) listener();
    },
  };
});
vi.mock('../../src/data/databaseState.js', () => ({
  getDatabaseState: db.getDatabaseState,
  subscribeDatabaseState: db.subscribeDatabaseState,
}));

describe('loading overlay rule', () => {
  it('is due 5000 ms after the oldest loading state started', () => {
    expect(LOADING_OVERLAY_MS).toBe(5000);
    expect(overlayDueAt([])).toBeNull();
    expect(overlayDueAt([3000, 1000, 2000])).toBe(6000);
    expect(isOverlayShown([1000], 5999, null)).toBe(false);
    expect(isOverlayShown([1000], 6000, null)).toBe(true);
    expect(isOverlayShown([], 1e9, null)).toBe(false);
  });

  it('after "keep waiting", only loading that started later brings it back', () => {
    expect(isOverlayShown([1000], 20_000, 7000)).toBe(false);
    expect(isOverlayShown([1000, 8000], 12_999, 7000)).toBe(false);
    expect(isOverlayShown([1000, 8000], 13_000, 7000)).toBe(true);
  });
});

describe('loading states', () => {
  let container: HTMLElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it('every spinner on screen counts while it is shown', () => {
    const before = getLoadingStarts().length;
    act(() => root.render(<Loading />));
    expect(getLoadingStarts().length).toBe(before + 1);
    act(() => root.render(<p>done</p>));
    expect(getLoadingStarts().length).toBe(before);
  });

  it('ending twice ends once', () => {
    const before = getLoadingStarts().length;
    const end = beginLoading(0);
    beginLoading(1)();
    end();
    end();
    expect(getLoadingStarts().length).toBe(before);
  });
});

describe('LoadingOverlay', () => {
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
    vi.useRealTimers();
  });

  it("says 'Oh no... It's taking too long...' after 5000 ms of loading, and Keep waiting hides it", async () => {
    const { LoadingOverlay } = await import('../../src/app/feedback/LoadingOverlay.js');
    await act(async () => root.render(<><LoadingOverlay /><Loading /></>));
    await act(async () => void vi.advanceTimersByTime(4999));
    expect(container.querySelector('[data-loading-overlay]')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(container.querySelector('[data-loading-overlay]')?.textContent).toContain("Oh no... It's taking too long...");
    expect(container.querySelector('[data-action="reset-app"]')).not.toBeNull();
    await act(async () => container.querySelector<HTMLButtonElement>('[data-action="keep-waiting"]')!.click());
    await act(async () => void vi.advanceTimersByTime(60_000));
    expect(container.querySelector('[data-loading-overlay]')).toBeNull();
  });

  it('counts the local database opening as loading', async () => {
    const { LoadingOverlay } = await import('../../src/app/feedback/LoadingOverlay.js');
    await act(async () => db.set('opening'));
    await act(async () => root.render(<LoadingOverlay />));
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(container.querySelector('[data-loading-overlay]')).not.toBeNull();
    await act(async () => db.set('ready'));
    expect(container.querySelector('[data-loading-overlay]')).toBeNull();
  });

  it('never shows when loading ends in time', async () => {
    const { LoadingOverlay } = await import('../../src/app/feedback/LoadingOverlay.js');
    await act(async () => root.render(<><LoadingOverlay /><Loading /></>));
    await act(async () => void vi.advanceTimersByTime(4000));
    await act(async () => root.render(<LoadingOverlay />));
    await act(async () => void vi.advanceTimersByTime(10_000));
    expect(container.querySelector('[data-loading-overlay]')).toBeNull();
  });
});
