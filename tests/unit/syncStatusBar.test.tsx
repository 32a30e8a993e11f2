import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncStatusBar, SyncStatusView } from '../../src/app/SyncStatusBar.js';
import type { SyncViewModel } from '../../src/data/syncStatus/presentation.js';
import { PRESENTATION } from '../../src/data/syncStatus/presentation.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

function view(state: SyncViewModel['state'], over: Partial<SyncViewModel> = {}): SyncViewModel {
  return {
    state,
    ...PRESENTATION[state],
    progressPercent: null,
    showRefresh: false,
    showReconnect: false,
    toast: null,
    ...over,
  };
}

function render(model: SyncViewModel, handlers = { onRefresh: vi.fn(), onReconnect: vi.fn() }, waiting = 0) {
  act(() => root.render(<SyncStatusView view={model} waiting={waiting} {...handlers} />));
  return handlers;
}

const q = (selector: string) => container.querySelector(selector);

describe('SyncStatusView', () => {
  it('while idle: root with data-sync-state, an empty live region, nothing else', () => {
    render(view('idle'));
    expect(q('[data-sync-state]')?.getAttribute('data-sync-state')).toBe('idle');
    expect(q('[role="status"]')?.textContent).toBe('');
    expect(q('svg')).toBeNull();
    expect(q('button')).toBeNull();
    expect(q('[data-sync-toast]')).toBeNull();
  });

  it('says how many changes wait to be sent while it shows, and nothing of them while idle', () => {
    render(view('disconnected'), undefined, 3);
    expect(q('[data-sync-waiting]')?.textContent).toBe('3 changes not sent yet');
    render(view('disconnected'), undefined, 1);
    expect(q('[data-sync-waiting]')?.textContent).toBe('1 change not sent yet');
    render(view('disconnected'), undefined, 0);
    expect(q('[data-sync-waiting]')).toBeNull();
    render(view('idle'), undefined, 3);
    expect(q('[data-sync-waiting]')).toBeNull();
  });

  it('a state: its label in a polite live region, its icon and colour', () => {
    render(view('error'));
    const status = q('[role="status"]');
    expect(status?.textContent).toBe('Sync error');
    expect(status?.getAttribute('aria-live')).toBe('polite');
    expect(q('[data-sync-state="error"] .sync-status__bar')?.getAttribute('data-color')).toBe('secondary');
    expect(q('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('a progress bar with the rounded percentage', () => {
    render(view('initial-sync', { progressPercent: 43 }));
    const bar = q('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('43');
    expect((bar?.firstElementChild as HTMLElement).style.width).toBe('43%');
    expect(container.textContent).toContain('43%');
  });

  it('no progress bar without a percentage', () => {
    render(view('syncing'));
    expect(q('[role="progressbar"]')).toBeNull();
  });

  it('Refresh and Reconnect buttons call their actions', () => {
    const handlers = render(view('disconnected', { showRefresh: true, showReconnect: true }));
    act(() => (q('[data-action="sync-refresh"]') as HTMLButtonElement).click());
    expect(handlers.onRefresh).toHaveBeenCalledTimes(1);
    act(() => (q('[data-action="sync-reconnect"]') as HTMLButtonElement).click());
    expect(handlers.onReconnect).toHaveBeenCalledTimes(1);
    expect(q('[data-action="sync-refresh"]')?.textContent).toBe('Refresh');
    expect(q('[data-action="sync-reconnect"]')?.textContent).toBe('Reconnect');
  });

  it('the toast is an alert, and shows even when the strip is hidden', () => {
    render(view('idle', { toast: 'Upload error: Upload rejected' }));
    const toast = q('[data-sync-toast]');
    expect(toast?.getAttribute('role')).toBe('alert');
    expect(toast?.textContent).toBe('Upload error: Upload rejected');
  });
});

describe('SyncStatusBar', () => {
  it('renders hidden before the local database exists', () => {
    act(() => root.render(<SyncStatusBar />));
    expect(q('[data-sync-state]')?.getAttribute('data-sync-state')).toBe('idle');
  });
});
