import { advance, dismiss, EMPTY_SNACKBARS, enqueue, hideAt } from './queue.js';
import type { SnackbarMessage, SnackbarState } from './queue.js';

export interface SnackbarClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SnackbarStore {
  show(message: SnackbarMessage): void;
  /** Closes the one showing (its close button); the next queued one follows. */
  close(): void;
  get(): SnackbarState;
  subscribe(listener: () => void): () => void;
}

/** The queue of queue.ts driven by one timer for the current message's end. */
export function createSnackbarStore(clock: SnackbarClock): SnackbarStore {
  let state: SnackbarState = EMPTY_SNACKBARS;
  let timer: unknown = null;
  let nextId = 1;
  const listeners = new Set<() => void>();

  const set = (next: SnackbarState) => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    state = next;
    const due = hideAt(state);
    if (due !== null) timer = clock.setTimeout(() => set(advance(state, clock.now())), Math.max(0, due - clock.now()));
    for (const listener of [...listeners]) listener();
  };

  return {
    show: (message) => set(enqueue(state, { ...message, id: nextId++ }, clock.now())),
    close: () => set(dismiss(state, clock.now())),
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const store = createSnackbarStore({
  now: () => Date.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

/** Tells the person something happened: `showSnackbar({ severity: 'success', message: 'Saved' })`. */
export function showSnackbar(message: SnackbarMessage): void {
  store.show(message);
}

export const snackbarStore: SnackbarStore = store;
