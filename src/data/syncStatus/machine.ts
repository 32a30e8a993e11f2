// The sync bar's transitions: turns the live, jittery engine state into a calm sequence the eye can follow.
// Time comes from an injected clock so every rule can be tested with fake timers.
import { deriveSyncState, isNetworkError, type SyncDisplayState, type SyncInput } from './derive.js';
import { PRESENTATION, PROGRESS_STATES, sameView, toPercent, type SyncViewModel } from './presentation.js';
import {
  ACTIVITY_DELAY_MS,
  CONNECTING_RECONNECT_AFTER_MS,
  DISCONNECT_SETTLE_MS,
  DISCONNECTED_RECONNECT_AFTER_MS,
  DISPLAY_MS,
  ERROR_TOAST_MS,
  PROGRESS_HOLD_MS,
  REFRESH_AFTER_MS,
} from './timing.js';

type TimerHandle = ReturnType<typeof setTimeout>;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

// Looked up on every call, not captured, so fake timers installed after this module loaded still apply.
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/** Shown for exactly their time, then they give way even with nothing queued: they announce, they are not states. */
const FIXED_STATES: ReadonlySet<SyncDisplayState> = new Set(['connected', 'synced']);
const DELAYED_STATES: ReadonlySet<SyncDisplayState> = new Set(['syncing', 'uploading']);

/**
 * How long a state waits before it appears, skipped if the state ended first. Syncing and uploading: 500 ms. A
 * connection that ends while the browser has a network is followed within moments by its error or by the next
 * attempt: 'Offline mode' waits as long for them instead of flashing between the two (without a network: at once).
 */
function delayBeforeShowing(state: SyncDisplayState, input: SyncInput): number {
  if (DELAYED_STATES.has(state)) return ACTIVITY_DELAY_MS;
  if (state === 'disconnected' && input.browserOnline !== false) return DISCONNECT_SETTLE_MS;
  return 0;
}
const ACTIVITY_STATES: ReadonlySet<SyncDisplayState> = new Set(['syncing', 'uploading', 'initial-sync']);

export class SyncDisplayMachine {
  private readonly listeners = new Set<() => void>();
  private current: { state: SyncDisplayState; since: number };
  private queue: SyncDisplayState[] = [];
  /** The latest derived state: where the display is heading. */
  private target: SyncDisplayState = 'idle';
  private pending: { state: SyncDisplayState; readyAt: number } | null = null;
  /** False until the first visible state: "from start" in the connected-before-initial-sync rule. */
  private started = false;
  /** The latest progress of the current download run, kept after it ends so a held state shows where it got to. */
  private runProgress: number | null = null;
  private progressChangedAt = Number.NEGATIVE_INFINITY;
  /** Whether the engine has tried to connect yet: before that, not connecting is no failure worth a Refresh. */
  private attempted = false;
  /** Since when the engine, having tried, has been neither connected nor trying; null while it is either. */
  private notConnectingSince: number | null = null;
  private refreshShown = false;
  private toast: { text: string; until: number } | null = null;
  private lastErrors: { download?: string; upload?: string } = {};
  private timer: TimerHandle | null = null;
  private view: SyncViewModel;

  constructor(private readonly clock: Clock = systemClock) {
    this.current = { state: 'idle', since: clock.now() };
    this.view = this.computeView(clock.now());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The same object until something visible changes, as useSyncExternalStore requires. */
  getView(): SyncViewModel {
    return this.view;
  }

  update(input: SyncInput): void {
    const now = this.clock.now();
    const next = deriveSyncState(input);
    // The same state again may owe no more wait (the browser has just lost its network): it is shown now.
    const waitOver = this.pending?.state === next && delayBeforeShowing(next, input) === 0;
    if (next !== this.target || waitOver) this.retarget(next, input, now);
    this.trackProgress(input.progress, now);
    this.trackConnection(input, next, now);
    this.trackErrors(input, now);
    this.run(now);
  }

  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private trackProgress(progress: number | undefined, now: number): void {
    if (progress === undefined || progress === this.runProgress) return;
    this.runProgress = progress;
    this.progressChangedAt = now;
  }

  private trackConnection(input: SyncInput, next: SyncDisplayState, now: number): void {
    if (input.connected || input.connecting) this.attempted = true;
    if (input.connected) {
      this.notConnectingSince = null;
      this.refreshShown = false;
    } else if (input.connecting && next !== 'unreachable') {
      // Retries against a server that does not answer do not count as connecting: the Refresh comes 4 s into it.
      // Kept once shown: the engine's retries would otherwise make the button blink every few seconds.
      this.notConnectingSince = null;
    } else if (this.attempted) {
      this.notConnectingSince ??= now;
    }
  }

  private trackErrors(input: SyncInput, now: number): void {
    // Upload first so that, when both fail in one update, the download error (the one that stops sync) is the toast.
    const errors = [
      ['upload', 'Upload error', input.uploadError],
      ['download', 'Download error', input.downloadError],
    ] as const;
    for (const [kind, prefix, message] of errors) {
      // The engine repeats a standing error in every status; only a new one deserves a new toast.
      if (message !== undefined && message !== this.lastErrors[kind] && !isNetworkError(message)) {
        this.toast = { text: `${prefix}: ${message}`, until: now + ERROR_TOAST_MS };
      }
      this.lastErrors[kind] = message;
    }
  }

  private retarget(next: SyncDisplayState, input: SyncInput, now: number): void {
    // A new download run must not start from the last run's 100 %.
    if (PROGRESS_STATES.has(next) && !PROGRESS_STATES.has(this.target)) this.runProgress = null;
    this.target = next;
    // A delayed state still waiting has ended before its delay: it is skipped.
    this.pending = null;
    const delay = delayBeforeShowing(next, input);
    if (delay > 0) this.pending = { state: next, readyAt: now + delay };
    else this.enqueue(next);
  }

  private enqueue(next: SyncDisplayState): void {
    const tail = this.queue.at(-1) ?? this.current.state;
    let sequence: SyncDisplayState[] = [next];
    if (next === 'initial-sync' && (tail === 'connecting' || !this.started)) sequence = ['connected', 'initial-sync'];
    else if (next === 'idle' && ACTIVITY_STATES.has(tail)) sequence = ['synced', 'idle'];
    if (next !== 'idle') this.started = true;
    for (const state of sequence) this.push(state);
  }

  /**
   * Drops duplicates by cutting the round trip: a state already showing or queued makes everything queued after it
   * moot, and keeping the last enqueued state equal to the target keeps the display converging on the truth.
   */
  private push(state: SyncDisplayState): void {
    if (state === this.current.state) {
      this.queue.length = 0;
      return;
    }
    const at = this.queue.indexOf(state);
    if (at >= 0) this.queue.length = at + 1;
    else this.queue.push(state);
  }

  private leaveAt(): number {
    const { state, since } = this.current;
    const minimum = since + DISPLAY_MS[state];
    return PROGRESS_STATES.has(state) ? Math.max(minimum, this.progressChangedAt + PROGRESS_HOLD_MS) : minimum;
  }

  private show(state: SyncDisplayState, now: number): void {
    this.current = { state, since: now };
  }

  private settle(now: number): void {
    if (this.pending && now >= this.pending.readyAt) {
      const { state } = this.pending;
      this.pending = null;
      this.enqueue(state);
    }
    while (now >= this.leaveAt()) {
      const next = this.queue.shift();
      if (next !== undefined) this.show(next, now);
      // A target still waiting to appear is not shown yet: idle until then.
      else if (FIXED_STATES.has(this.current.state)) this.show(this.pending ? 'idle' : this.target, now);
      else break;
    }
    if (this.notConnectingSince !== null && now >= this.notConnectingSince + REFRESH_AFTER_MS) this.refreshShown = true;
    if (this.toast && now >= this.toast.until) this.toast = null;
  }

  private run(now: number): void {
    this.settle(now);
    const view = this.computeView(now);
    if (!sameView(view, this.view)) {
      this.view = view;
      for (const listener of [...this.listeners]) listener();
    }
    this.schedule(now);
  }

  private reconnectAt(): number | null {
    const { state, since } = this.current;
    // A server that does not answer is still being connected to: Reconnect shows after 6 s and tries now.
    if (state === 'connecting' || state === 'unreachable') return since + CONNECTING_RECONNECT_AFTER_MS;
    if (state === 'disconnected') return since + DISCONNECTED_RECONNECT_AFTER_MS;
    return null;
  }

  /** One timer for whatever happens next; every update re-plans it. */
  private schedule(now: number): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    const moments = [
      this.pending?.readyAt,
      this.queue.length > 0 || FIXED_STATES.has(this.current.state) ? this.leaveAt() : undefined,
      this.reconnectAt() ?? undefined,
      this.notConnectingSince !== null && !this.refreshShown ? this.notConnectingSince + REFRESH_AFTER_MS : undefined,
      this.toast?.until,
    ].filter((t): t is number => t !== undefined && t > now);
    if (moments.length === 0) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.run(this.clock.now());
    }, Math.min(...moments) - now);
  }

  private computeView(now: number): SyncViewModel {
    const { state } = this.current;
    const visible = state !== 'idle';
    const reconnectAt = this.reconnectAt();
    return {
      state,
      ...PRESENTATION[state],
      progressPercent: PROGRESS_STATES.has(state) && this.runProgress !== null ? toPercent(this.runProgress) : null,
      showRefresh: visible && this.refreshShown,
      showReconnect: reconnectAt !== null && now >= reconnectAt,
      toast: this.toast?.text ?? null,
    };
  }
}
