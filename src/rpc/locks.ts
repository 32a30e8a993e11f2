// Read-modify-write of shared values (the request counter, the device key) must be serial across every tab of the
// origin. The Web Locks API gives exactly that; where it is missing, a per-tab queue keeps at least one tab's own
// requests in order.

const queues = new Map<string, Promise<unknown>>();

function webLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : null;
}

export function hasWebLocks(): boolean {
  return webLocks() !== null;
}

export function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  // The callback returns a promise; the lock is held until it settles and request() resolves with its value.
  if (locks) return locks.request(name, () => task()) as Promise<unknown> as Promise<T>;
  const previous = queues.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  queues.set(
    name,
    run.catch(() => undefined),
  );
  return run;
}
