// Copy URL's press rule: a press released before 1000 ms is a short press
// (copy); holding it 1000 ms is a long press (share) and fires at that moment, without waiting for the release.

export const LONG_PRESS_MS = 1000;

export type PressKind = 'short' | 'long';

/** What a press of `heldMs` was, had it been released then. */
export function classifyPress(heldMs: number): PressKind {
  return heldMs >= LONG_PRESS_MS ? 'long' : 'short';
}

export interface PressClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LongPress {
  /** Pointer down (or key down). */
  start(): void;
  /** Pointer up (or key up): a short press fires here; after a long press this does nothing. */
  end(): void;
  /** The pointer left or the press was cancelled: nothing fires. */
  cancel(): void;
}

export function createLongPress(clock: PressClock, onShort: () => void, onLong: () => void): LongPress {
  let startedAt: number | null = null;
  let timer: unknown = null;
  const clear = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  return {
    start() {
      clear();
      startedAt = clock.now();
      timer = clock.setTimeout(() => {
        timer = null;
        startedAt = null;
        onLong();
      }, LONG_PRESS_MS);
    },
    end() {
      if (startedAt === null) return;
      const kind = classifyPress(clock.now() - startedAt);
      clear();
      startedAt = null;
      if (kind === 'short') onShort();
      else onLong();
    },
    cancel() {
      clear();
      startedAt = null;
    },
  };
}
