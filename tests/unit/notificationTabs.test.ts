import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The signed-in person of this tab, as the session module reports it.
let userId: string | null = 'owner-1';
vi.mock('../../src/rpc/session.js', () => ({ getSession: () => (userId === null ? null : { userId }) }));

const { getNotifications, NOTIFICATIONS_CHANNEL, pushNotification, readTabMessage, subscribeNotifications } = await import('../../src/data/notifications.js');

/** Another tab of this browser: its end of the channel the notification list speaks on. */
let otherTab: BroadcastChannel;
let heard: unknown[];
const latest = () => getNotifications()[0];
/** Resolves once the list changes (a message from another tab arrives asynchronously). */
const nextChange = () => new Promise<void>((resolve) => {
  const stop = subscribeNotifications(() => (stop(), resolve()));
});
/** Resolves once the other tab has heard one more message. */
const otherTabHears = () => new Promise<void>((resolve) => otherTab.addEventListener('message', () => resolve(), { once: true }));

beforeEach(() => {
  userId = 'owner-1';
  heard = [];
  otherTab = new BroadcastChannel(NOTIFICATIONS_CHANNEL);
  otherTab.onmessage = (event: MessageEvent) => heard.push(event.data);
});
afterEach(() => otherTab.close());

describe('a refused change, told in every tab of its person', () => {
  it('is sent to the other tabs with whose it is', async () => {
    const hearing = otherTabHears();
    pushNotification({ type: 'rejected', message: 'Vehicle not found or not yours. That change was undone on this device.', details: 'vehicles/v1: Vehicle not found or not yours' });
    await hearing;
    expect(heard).toEqual([
      {
        type: 'notification',
        userId: 'owner-1',
        notification: expect.objectContaining({ type: 'rejected', message: 'Vehicle not found or not yours. That change was undone on this device.', details: 'vehicles/v1: Vehicle not found or not yours' }),
      },
    ]);
  });

  it('raises the bar in a tab that hears of it, as if its own upload had been refused', async () => {
    const changed = nextChange();
    otherTab.postMessage({ type: 'notification', userId: 'owner-1', notification: { type: 'rejected', message: 'Told by another tab', timestamp: 1000 } });
    await changed;
    expect(latest()).toMatchObject({ type: 'rejected', message: 'Told by another tab', timestamp: 1000, show: true, hide: false });
  });

  it('is not passed on again by the tab that heard of it', async () => {
    const changed = nextChange();
    otherTab.postMessage({ type: 'notification', userId: 'owner-1', notification: { type: 'rejected', message: 'Once only', timestamp: 2000 } });
    await changed;
    // A refusal of this tab's own afterwards is heard; the one it was told of never came back.
    const hearing = otherTabHears();
    pushNotification({ type: 'rejected', message: 'Own refusal' });
    await hearing;
    expect(heard).toEqual([expect.objectContaining({ notification: expect.objectContaining({ message: 'Own refusal' }) })]);
  });

  it('keeps failures that are retried (and shown by every tab\'s sync bar) to the tab they happened in', async () => {
    pushNotification({ type: 'upload', message: 'Upload failed: offline' });
    const hearing = otherTabHears();
    pushNotification({ type: 'rejected', message: 'Sent after' });
    await hearing;
    expect(heard.map((m) => (m as { notification: { message: string } }).notification.message)).toEqual(['Sent after']);
  });
});

describe('what a tab accepts from another', () => {
  const message = (over: Record<string, unknown> = {}) => ({
    type: 'notification',
    userId: 'owner-1',
    notification: { type: 'rejected', message: 'Undone', details: 'vehicles/v1: no', timestamp: 5 },
    ...over,
  });

  it('a refusal of the person signed in here', () => {
    expect(readTabMessage(message(), 'owner-1')).toEqual({ type: 'rejected', message: 'Undone', details: 'vehicles/v1: no', timestamp: 5 });
  });

  it('nothing of someone else, nor while nobody is signed in', () => {
    expect(readTabMessage(message(), 'someone-else')).toBeNull();
    expect(readTabMessage(message(), null)).toBeNull();
    expect(readTabMessage(message({ userId: null }), null)).toBeNull();
  });

  it('nothing malformed, and no kind of notification that is not shared', () => {
    for (const bad of [null, 'hello', { type: 'session' }, message({ notification: { type: 'upload', message: 'x', timestamp: 1 } }),
      message({ notification: { type: 'rejected', message: 42, timestamp: 1 } }), message({ notification: { type: 'rejected', message: 'x' } }),
      message({ notification: { type: 'rejected', message: 'x', timestamp: 1, details: 7 } })]) {
      expect(readTabMessage(bad, 'owner-1')).toBeNull();
    }
  });
});
