import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationBar } from '../../src/app/feedback/NotificationBar.js';
import {
  barShowsAt,
  currentNotification,
  isBarVisible,
  nextBarTiming,
  NO_BAR,
  NOTIFICATION_BAR_DELAY_MS,
} from '../../src/app/feedback/notificationRules.js';
import { announceUpdate } from '../../src/app/feedback/updateNotice.js';
import { getNotifications, NOTIFICATION_LIMIT, pushNotification } from '../../src/data/notifications.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const n = (id: string, show: boolean, hide = false) => ({ id, message: id, severity: 'error' as const, show, hide });

describe('notification bar rules', () => {
  it('shows the first notification that is to be shown and not hidden', () => {
    expect(currentNotification([n('a', false), n('b', true, true), n('c', true), n('d', true)])?.id).toBe('c');
    expect(currentNotification([n('a', false), n('b', true, true)])).toBeNull();
  });

  it('appears once the same notification has been current for 1 s', () => {
    expect(NOTIFICATION_BAR_DELAY_MS).toBe(1000);
    const t = nextBarTiming(NO_BAR, 'a', 5000);
    expect(barShowsAt(t)).toBe(6000);
    expect(isBarVisible(t, 5999)).toBe(false);
    expect(isBarVisible(t, 6000)).toBe(true);
    // Still the same one later: the clock does not restart.
    expect(nextBarTiming(t, 'a', 9000)).toBe(t);
    // Another one becomes current: its own second starts.
    const u = nextBarTiming(t, 'b', 9000);
    expect(isBarVisible(u, 9999)).toBe(false);
    expect(isBarVisible(u, 10_000)).toBe(true);
    expect(isBarVisible(nextBarTiming(u, null, 11_000), 20_000)).toBe(false);
  });

  it('keeps at most 5 entries in the list, newest first', () => {
    for (let i = 0; i < 7; i++) pushNotification({ type: 'upload', message: `m${i}` });
    expect(getNotifications()).toHaveLength(NOTIFICATION_LIMIT);
    expect(getNotifications()[0]?.message).toBe('m6');
  });
});

describe('NotificationBar', () => {
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

  const bar = () => container.querySelector('[data-notification]');

  it('raises a refused change after 1 s, with Details and Dismiss; retried failures stay in the list only', async () => {
    await act(async () => root.render(<NotificationBar />));
    await act(async () => void pushNotification({ type: 'upload', message: 'Upload failed: offline' }));
    await act(async () => void vi.advanceTimersByTime(5000));
    expect(bar()).toBeNull();

    await act(async () => void pushNotification({ type: 'rejected', message: 'The server refused 1 change(s)' }));
    await act(async () => void vi.advanceTimersByTime(999));
    expect(bar()).toBeNull();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(bar()?.textContent).toContain('The server refused 1 change(s)');

    await act(async () => container.querySelector<HTMLButtonElement>('[data-action="notification-details"]')!.click());
    expect(document.querySelector('[data-dialog="notifications"]')?.textContent).toContain('Upload failed: offline');
    await act(async () => document.querySelector<HTMLButtonElement>('[data-dialog="notifications"] button[aria-label="Close"]')!.click());

    await act(async () => container.querySelector<HTMLButtonElement>('button[aria-label="Dismiss"]')!.click());
    expect(bar()).toBeNull();
  });

  it("announces 'A new version is ready' with Reload, which runs the update", async () => {
    const apply = vi.fn(async () => {});
    await act(async () => root.render(<NotificationBar />));
    await act(async () => announceUpdate(apply));
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(bar()?.textContent).toContain('A new version is ready');
    await act(async () => container.querySelector<HTMLButtonElement>('[data-action="apply-update"]')!.click());
    expect(apply).toHaveBeenCalledOnce();
  });
});
