import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RELOAD_GUARD_MS,
  SW_ERRORS,
  getServiceWorkerStatus,
  precacheGroup,
  resetServiceWorker,
  shouldReload,
  startServiceWorker,
  updateServiceWorker,
  type ServiceWorkerEnv,
} from '../../src/app/serviceWorker.js';

class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(
    public state: ServiceWorkerState,
    private answer: ((message: unknown, port?: MessagePort) => void) | null = null,
  ) {
    super();
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    this.posted.push(message);
    this.answer?.(message, transfer?.[0] as MessagePort | undefined);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  update = vi.fn(async () => {});
  unregister = vi.fn(async () => true);
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  registration: FakeRegistration | undefined = new FakeRegistration();
  register = vi.fn(async () => this.registration!);
  getRegistration = vi.fn(async () => this.registration);
  getRegistrations = vi.fn(async () => (this.registration ? [this.registration] : []));
  get ready() {
    return Promise.resolve(this.registration!);
  }
}

function fakeEnv(container: FakeContainer | undefined, store = new Map<string, string>()) {
  const reload = vi.fn();
  const cacheNames = ['tagbook-old', 'tagbook-new', 'someone-else'];
  const env: ServiceWorkerEnv = {
    container: container as unknown as ServiceWorkerContainer | undefined,
    reload,
    session: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    caches: {
      keys: async () => [...cacheNames],
      delete: async (name) => cacheNames.splice(cacheNames.indexOf(name), 1).length === 1,
    },
    now: () => Date.now(),
  };
  return { env, reload, store, cacheNames };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('updateServiceWorker', () => {
  it("says 'Service Worker not supported' without a container", async () => {
    await expect(updateServiceWorker(fakeEnv(undefined).env)).rejects.toThrow(SW_ERRORS.notSupported);
    expect(SW_ERRORS.notSupported).toBe('Service Worker not supported');
  });

  it("says 'No service worker registration found' before any registration", async () => {
    const container = new FakeContainer();
    container.registration = undefined;
    await expect(updateServiceWorker(fakeEnv(container).env)).rejects.toThrow(
      'No service worker registration found',
    );
  });

  it("says 'Service worker registration lost after update' when the registration vanished", async () => {
    const container = new FakeContainer();
    container.registration!.update.mockImplementation(async () => {
      container.registration = undefined;
    });
    await expect(updateServiceWorker(fakeEnv(container).env)).rejects.toThrow(
      'Service worker registration lost after update',
    );
  });

  it("says 'No waiting service worker found after update check' when already up to date", async () => {
    const container = new FakeContainer();
    const result = updateServiceWorker(fakeEnv(container).env);
    const assertion = expect(result).rejects.toThrow('No waiting service worker found after update check');
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
    expect(container.registration!.update).toHaveBeenCalledOnce();
  });

  it('sends SKIP_WAITING to the waiting worker after the update check and a 500 ms pause', async () => {
    const container = new FakeContainer();
    const waiting = new FakeWorker('installed');
    container.registration!.update.mockImplementation(async () => {
      container.registration!.waiting = waiting;
    });
    const result = updateServiceWorker(fakeEnv(container).env);
    await vi.advanceTimersByTimeAsync(499);
    expect(waiting.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await result;
    expect(waiting.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });
});

describe('shouldReload', () => {
  it('reloads only a page an earlier worker controlled, once per guard window', () => {
    expect(shouldReload(false, null, 1000)).toBe(false);
    expect(shouldReload(true, null, 1000)).toBe(true);
    expect(shouldReload(true, 1000, 1000 + RELOAD_GUARD_MS)).toBe(false);
    expect(shouldReload(true, 1000, 1001 + RELOAD_GUARD_MS)).toBe(true);
  });
});

describe('startServiceWorker', () => {
  it('registers /sw.js at scope / and checks for updates', async () => {
    const container = new FakeContainer();
    container.registration!.active = new FakeWorker('activated');
    const started = startServiceWorker(fakeEnv(container).env);
    await vi.advanceTimersByTimeAsync(500);
    await started;
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    expect(container.registration!.update).toHaveBeenCalledOnce();
    expect(getServiceWorkerStatus()).toBe('active');
  });

  it('asks the active worker to claim a page it does not control yet, and leaves a controlled page alone', async () => {
    const uncontrolled = new FakeContainer();
    const active = new FakeWorker('activated');
    uncontrolled.registration!.active = active;
    const started = startServiceWorker(fakeEnv(uncontrolled).env);
    await vi.advanceTimersByTimeAsync(0);
    await started;
    expect(active.posted).toEqual([{ type: 'CLAIM' }]);

    const controlled = new FakeContainer();
    controlled.controller = new FakeWorker('activated');
    controlled.registration!.active = controlled.controller;
    const again = startServiceWorker(fakeEnv(controlled).env);
    await vi.advanceTimersByTimeAsync(0);
    await again;
    expect(controlled.controller.posted).toEqual([]);
  });

  it('does not reload when the first worker claims an uncontrolled page', async () => {
    const container = new FakeContainer();
    const { env, reload } = fakeEnv(container);
    const started = startServiceWorker(env);
    await vi.advanceTimersByTimeAsync(500);
    await started;
    container.dispatchEvent(new Event('controllerchange'));
    expect(getServiceWorkerStatus()).toBe('controller-changed');
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once when a new worker takes over, and not again right after', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated');
    const store = new Map<string, string>();
    const first = fakeEnv(container, store);
    void startServiceWorker(first.env);
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(first.reload).toHaveBeenCalledOnce();

    // The reloaded page sees another controller change at once: a loop, not an update.
    const again = new FakeContainer();
    again.controller = new FakeWorker('activated');
    const second = fakeEnv(again, store);
    void startServiceWorker(second.env);
    again.dispatchEvent(new Event('controllerchange'));
    expect(second.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
  });

  it('follows a found update: installing, installed, then waiting for the person, without taking over', async () => {
    const container = new FakeContainer();
    container.controller = new FakeWorker('activated');
    const registration = container.registration!;
    registration.active = container.controller;
    const started = startServiceWorker(fakeEnv(container).env);
    await vi.advanceTimersByTimeAsync(500);
    await started;

    const next = new FakeWorker('installing');
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    expect(getServiceWorkerStatus()).toBe('installing');
    registration.installing = null;
    registration.waiting = next;
    next.moveTo('installed');
    expect(getServiceWorkerStatus()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(next.posted).toEqual([]);
    // Reload in the notification bar runs the update flow: check, 500 ms, SKIP_WAITING.
    const applied = updateServiceWorker(fakeEnv(container).env);
    await vi.advanceTimersByTimeAsync(499);
    expect(next.posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await applied;
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('reports a browser without service workers', async () => {
    await startServiceWorker(fakeEnv(undefined).env);
    expect(getServiceWorkerStatus()).toBe('unsupported');
  });
});

describe('precacheGroup', () => {
  it('asks the active worker to add the storage group', async () => {
    const container = new FakeContainer();
    const active = new FakeWorker('activated');
    container.registration!.active = active;
    await precacheGroup('opfs', fakeEnv(container).env);
    expect(active.posted).toEqual([{ type: 'PRECACHE', group: 'opfs' }]);
  });
});

describe('resetServiceWorker', () => {
  it('asks the worker to clear its caches, unregisters, and clears our caches only', async () => {
    const container = new FakeContainer();
    container.registration!.active = new FakeWorker('activated', (message, port) => {
      if ((message as { type: string }).type === 'RESET') port?.postMessage({ type: 'RESET_DONE' });
    });
    const { env, cacheNames } = fakeEnv(container);
    vi.useRealTimers();
    await expect(resetServiceWorker(env)).resolves.toEqual({ registrations: 1, acknowledged: 1, unregistered: 1 });
    expect(cacheNames).toEqual(['someone-else']);
  });

  it('waits at most 1 s for the worker and 3 s for the unregistration', async () => {
    const container = new FakeContainer();
    const silent = new FakeWorker('activated');
    container.registration!.active = silent;
    container.registration!.unregister.mockReturnValue(new Promise<boolean>(() => {}));
    let report: unknown;
    void resetServiceWorker(fakeEnv(container).env).then((r) => (report = r));
    await vi.advanceTimersByTimeAsync(1000);
    expect(silent.posted).toEqual([{ type: 'RESET' }]);
    expect(container.registration!.unregister).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(2999);
    expect(report).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(report).toEqual({ registrations: 1, acknowledged: 0, unregistered: 0 });
  });

  it("says 'Service Worker not supported' without a container", async () => {
    await expect(resetServiceWorker(fakeEnv(undefined).env)).rejects.toThrow('Service Worker not supported');
  });
});
