import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  askForPersistence,
  dismissPersistenceNotice,
  getPersistenceNotice,
  PERSIST_REQUEST_TIMEOUT_MS,
  refreshPersistenceNotice,
} from '../../src/data/persistence.js';
import {
  ASK_AGAIN_AFTER_MS,
  NOTICE_AFTER_WAITING_MS,
  shouldAskForPersistence,
  showsPersistenceNotice,
  type PersistenceRecord,
} from '../../src/data/persistenceRules.js';

const NOW = 1_760_000_000_000;
const refused = (askedAt: number): PersistenceRecord => ({ askedAt, granted: false });
const granted = (askedAt: number): PersistenceRecord => ({ askedAt, granted: true });
const ask = (over: Partial<Parameters<typeof shouldAskForPersistence>[0]>) =>
  shouldAskForPersistence({ supported: true, persisted: false, trigger: 'writes-waiting', last: null, now: NOW, ...over });

describe('when to ask the browser to keep this device\'s data', () => {
  it('never asks once the storage is persisted, or where the browser cannot be asked', () => {
    for (const trigger of ['first-start', 'sign-in', 'writes-waiting'] as const) {
      expect(ask({ trigger, persisted: true })).toBe(false);
      expect(ask({ trigger, supported: false })).toBe(false);
    }
  });

  it('asks at the first start and at every sign-in, the moments a device takes on a person\'s data', () => {
    expect(ask({ trigger: 'first-start' })).toBe(true);
    expect(ask({ trigger: 'sign-in', last: refused(NOW - 1000) })).toBe(true);
  });

  it('asks when writes wait unsent and it was never asked', () => {
    expect(ask({ last: null })).toBe(true);
  });

  it('does not nag: after a refusal, waiting writes ask again only a day later', () => {
    expect(ask({ last: refused(NOW - ASK_AGAIN_AFTER_MS + 1) })).toBe(false);
    expect(ask({ last: refused(NOW - ASK_AGAIN_AFTER_MS) })).toBe(true);
    expect(ASK_AGAIN_AFTER_MS).toBe(24 * 60 * 60 * 1000);
  });

  it('asks again at once when storage granted earlier is no longer persisted (the person took it back)', () => {
    expect(ask({ last: granted(NOW - 1000) })).toBe(true);
  });
});

describe('the notice that unsent changes sit on storage the browser may clear', () => {
  const waited = NOW - NOTICE_AFTER_WAITING_MS;
  const notice = (over: Partial<Parameters<typeof showsPersistenceNotice>[0]>) =>
    showsPersistenceNotice({ persisted: false, last: refused(NOW - 60_000), waitingSince: waited, dismissedAt: null, now: NOW, ...over });

  it('shows when the browser refused and changes have waited to be sent for a while', () => {
    expect(notice({})).toBe(true);
    expect(NOTICE_AFTER_WAITING_MS).toBe(10_000);
  });

  it('does not flash while a change is only on its way: online, uploads take a moment', () => {
    expect(notice({ waitingSince: waited + 1 })).toBe(false);
  });

  it('stays away when the storage is persisted, whatever was answered before', () => {
    expect(notice({ persisted: true })).toBe(false);
    expect(notice({ persisted: true, last: granted(NOW) })).toBe(false);
  });

  it('stays away when nothing waits: everything else comes back from the server', () => {
    expect(notice({ waitingSince: null })).toBe(false);
  });

  it('says nothing until the browser was asked and said no', () => {
    expect(notice({ last: null })).toBe(false);
    expect(notice({ last: granted(NOW - 1000) })).toBe(false);
  });

  it('once dismissed, returns only after a later refusal', () => {
    expect(notice({ last: refused(NOW - 1000), dismissedAt: NOW - 500 })).toBe(false);
    expect(notice({ last: refused(NOW), dismissedAt: NOW - 500 })).toBe(true);
  });
});

describe('asking the browser, and keeping its answer', () => {
  const storage = {
    persisted: vi.fn(async () => false),
    persist: vi.fn(async () => false),
  };
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('navigator', { storage });
    storage.persisted.mockReset().mockResolvedValue(false);
    storage.persist.mockReset().mockResolvedValue(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks at a sign-in, keeps the refusal, and shows the notice once changes have waited a while', async () => {
    vi.useFakeTimers();
    await expect(askForPersistence('sign-in')).resolves.toBe(false);
    expect(storage.persist).toHaveBeenCalledOnce();
    await refreshPersistenceNotice(0);
    expect(getPersistenceNotice()).toEqual({ persisted: false, unsentChanges: 0, visible: false });
    await refreshPersistenceNotice(3);
    expect(getPersistenceNotice()).toEqual({ persisted: false, unsentChanges: 3, visible: false });
    // Nothing else happens: the notice comes once the changes have waited long enough.
    await vi.advanceTimersByTimeAsync(NOTICE_AFTER_WAITING_MS);
    expect(getPersistenceNotice()).toEqual({ persisted: false, unsentChanges: 3, visible: true });
    // Sent: it goes at once, and a new wait starts from nothing.
    await refreshPersistenceNotice(0);
    expect(getPersistenceNotice().visible).toBe(false);
    await refreshPersistenceNotice(1);
    await vi.advanceTimersByTimeAsync(NOTICE_AFTER_WAITING_MS - 1);
    expect(getPersistenceNotice().visible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(getPersistenceNotice().visible).toBe(true);
    await refreshPersistenceNotice(0);
  });

  it('does not ask again for waiting writes the same day, and a dismissal lasts until the next refusal', async () => {
    vi.useFakeTimers();
    await askForPersistence('writes-waiting');
    await askForPersistence('writes-waiting');
    expect(storage.persist).toHaveBeenCalledOnce();
    await refreshPersistenceNotice(1);
    await vi.advanceTimersByTimeAsync(NOTICE_AFTER_WAITING_MS);
    expect(getPersistenceNotice().visible).toBe(true);
    dismissPersistenceNotice();
    expect(getPersistenceNotice().visible).toBe(false);
    await refreshPersistenceNotice(2);
    expect(getPersistenceNotice().visible).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await askForPersistence('sign-in');
    await refreshPersistenceNotice(2);
    expect(getPersistenceNotice().visible).toBe(true);
    await refreshPersistenceNotice(0);
  });

  it('never shows the notice once the storage is persisted, and asks nothing more', async () => {
    storage.persisted.mockResolvedValue(true);
    await expect(askForPersistence('sign-in')).resolves.toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
    vi.useFakeTimers();
    await refreshPersistenceNotice(5);
    await vi.advanceTimersByTimeAsync(NOTICE_AFTER_WAITING_MS);
    expect(getPersistenceNotice()).toEqual({ persisted: true, unsentChanges: 5, visible: false });
    await refreshPersistenceNotice(0);
  });

  it('keeps an answer that comes after the wait has given up (a prompt answered late)', async () => {
    vi.useFakeTimers();
    let answer: (granted: boolean) => void = () => {};
    storage.persist.mockReturnValueOnce(new Promise<boolean>((resolve) => (answer = resolve)));
    const asked = askForPersistence('first-start');
    await vi.advanceTimersByTimeAsync(PERSIST_REQUEST_TIMEOUT_MS);
    await expect(asked).resolves.toBe(false);
    expect(localStorage.getItem('tagbook.persistence')).toBeNull();
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.parse(localStorage.getItem('tagbook.persistence')!)).toMatchObject({ granted: true });
  });
});
