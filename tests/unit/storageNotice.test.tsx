import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageNotice } from '../../src/app/feedback/StorageNotice.js';
import { askForPersistence, refreshPersistenceNotice } from '../../src/data/persistence.js';
import { NOTICE_AFTER_WAITING_MS, PERSISTENCE_NOTICE } from '../../src/data/persistenceRules.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('StorageNotice', () => {
  let container: HTMLElement;
  let root: Root;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist: async () => false } });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => refreshPersistenceNotice(0));
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const alert = () => container.querySelector('[data-storage-notice]');

  it('tells calmly, in the page, that waiting changes sit on storage the browser may clear, until dismissed', async () => {
    await act(async () => root.render(<StorageNotice />));
    const region = container.querySelector('.storage-notice')!;
    expect(region.getAttribute('role')).toBe('status');
    await act(async () => void (await askForPersistence('sign-in')));
    await act(async () => refreshPersistenceNotice(2));
    expect([region.getAttribute('data-storage-persisted'), region.getAttribute('data-unsent-changes')]).toEqual(['false', '2']);
    expect(alert()).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(NOTICE_AFTER_WAITING_MS)));
    expect(alert()?.textContent).toContain(PERSISTENCE_NOTICE);
    expect(alert()?.className).toContain('ui-alert--info');
    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click());
    expect(alert()).toBeNull();
  });
});
