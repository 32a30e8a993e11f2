// The connection lifecycle (connect at start; reconnect on a user change, going offline and back), with every
// effect injected so the rules can be tested with fake timers.
import { Backoff, RETRY_SCHEDULE } from '../domain/backoff.js';

export const USER_CHANGE_PAUSE_MS = 1000;
export const OFFLINE_DISCONNECT_CAP_MS = 1000;
export const RECONNECT_DISCONNECT_TIMEOUT_MS = 2000;
export const RECONNECT_PAUSE_MS = 100;
/**
 * The SDK's connect() can stay pending while there is no network (it keeps retrying inside). Waiting for it longer
 * than this would hold every later transition — the "back online" reconnect above all — behind a connection that
 * may never come; past it the queue moves on and the SDK goes on trying.
 */
export const CONNECT_SETTLE_MS = 3000;
/**
 * The SDK's own retry of a failed connection: longer than any wait of the back-off (a minute at most), so the
 * lifecycle's reconnect always comes first and this only catches a failure that went unnoticed.
 */
export const SDK_RETRY_FALLBACK_MS = 2 * RETRY_SCHEDULE.capMs;

export interface ConnectionEffects {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  /** Disconnects and deletes the synced data of the previous user. */
  disconnectAndClear(): Promise<void>;
  /** True while local writes wait to be uploaded. */
  hasPendingWrites(): Promise<boolean>;
  /** Survives reloads: whose unsent writes the local database holds after their session ended (null: nobody's). */
  keptFor: { get(): string | null; set(userId: string | null): void };
  /** Closes the local database (bounded by its own time-out) and opens a fresh one. */
  recreateDatabase(): Promise<void>;
  sleep(ms: number): Promise<void>;
  /** What the browser says about the network (navigator.onLine). */
  isOnline(): boolean;
  /** Calls back after ms; returns the cancel. */
  setTimer(callback: () => void, ms: number): () => void;
  /** The failure the lifecycle is backing off from, for the sync bar to keep showing between attempts; null: none. */
  reportFailure(message: string | null): void;
  /** A reason to try at once (back online, the Reconnect button, another user): uploads waiting to retry go too. */
  startOver(): void;
  log?(message: string, err?: unknown): void;
}

/** What the lifecycle reads of the sync engine's status to tell when an attempt to connect has failed. */
export interface EngineStatus {
  connected: boolean;
  connecting: boolean;
  /** What ended the last attempt; absent when nothing did, or when it was a disconnect the app asked for. */
  error?: string;
}

class TimeoutError extends Error {}

function within<T>(promise: Promise<T>, ms: number, sleep: (ms: number) => Promise<void>): Promise<T> {
  return Promise.race([
    promise,
    sleep(ms).then(() => {
      throw new TimeoutError(`did not finish within ${ms} ms`);
    }),
  ]);
}

/**
 * Serialises every transition: events (sign-in, offline, online, Reconnect button) arrive in any order and any
 * number, but the database only ever sees one connect or disconnect sequence at a time, in arrival order.
 *
 * It also owns retries. The SDK would retry a failed connection after one fixed delay, forever (one request a
 * second against a server that stopped answering); here each failed attempt is followed by a reconnect after the
 * app's back-off (domain/backoff.ts), which a connection, the browser's 'online' event, the Reconnect button and a
 * user change start over. The SDK's own retry is set far beyond any of these waits (sync.ts), a safety net only.
 */
export class ConnectionLifecycle {
  private queue: Promise<void> = Promise.resolve();
  private userId: string | null | undefined = undefined;
  /** The lifecycle means to be connected: its last step connected (not offline, not holding another's writes). */
  private wanted = false;
  /** An attempt has started (connecting or connected) whose end has not been handled yet. */
  private armed = false;
  private cancelRetry: (() => void) | null = null;

  constructor(
    private readonly fx: ConnectionEffects,
    private readonly backoff = new Backoff(),
  ) {}

  /** The sync engine's status, on every change: a failed attempt schedules the next one after the back-off. */
  statusChanged(status: EngineStatus): void {
    if (status.connected || status.connecting) {
      this.armed = true;
      if (status.connected) this.endStreak();
      // An attempt under way stands for the one this tab was waiting to make: tabs share one sync worker, and each
      // hears of the others' attempts; without this, every open tab would add its own.
      else this.stopRetry();
      return;
    }
    // Only the end of an attempt under way counts: an old connection's last status after a disconnect does not.
    if (status.error === undefined || !this.armed || !this.wanted) return;
    this.armed = false;
    const delay = this.backoff.failed();
    this.fx.reportFailure(status.error);
    this.stopRetry();
    this.cancelRetry = this.fx.setTimer(() => {
      this.cancelRetry = null;
      // Steps queued before it may have let go of the connection (offline, a session ended with writes kept).
      void this.enqueue(async () => {
        if (this.wanted) await this.reconnectNow();
      });
    }, delay);
  }

  /** A connection, or a reason to try at once: the next failure waits a short time again. */
  private endStreak(): void {
    this.backoff.reset();
    this.stopRetry();
    this.fx.reportFailure(null);
  }

  private stopRetry(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  /** The lifecycle lets go of the connection (offline, another user's writes kept): nothing to retry. */
  private letGo(): void {
    this.wanted = false;
    this.endStreak();
  }

  /**
   * While the browser reports no network, no connection is attempted at all: the SDK would retry every second,
   * fetching credentials that cannot arrive and flipping the bar between connecting and offline. The device stays
   * quietly offline until the 'online' event, which reconnects at once (wentOnline).
   */
  private async connect(): Promise<void> {
    if (!this.fx.isOnline()) {
      this.letGo();
      return;
    }
    this.wanted = true;
    await within(this.fx.connect(), CONNECT_SETTLE_MS, this.fx.sleep).catch((err: unknown) => {
      if (!(err instanceof TimeoutError)) throw err;
      this.fx.log?.('connect has not settled yet; carrying on while the SDK keeps trying');
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const run = this.queue.then(step).catch((err: unknown) => this.fx.log?.('sync connection step failed', err));
    this.queue = run;
    return run;
  }

  /**
   * Connect once at start, as the user the session names (null: anonymous, public data only). While another user's
   * unsent writes wait on this device, a visitor does not sync at all: the writes would be uploaded without a session.
   */
  start(userId: string | null): Promise<void> {
    return this.enqueue(async () => {
      this.userId = userId;
      this.endStreak();
      this.fx.startOver();
      const kept = this.fx.keptFor.get();
      if (kept !== null && userId === null) return this.letGo();
      if (kept !== null && userId !== kept) {
        this.fx.keptFor.set(null);
        await this.fx.disconnectAndClear();
      } else if (kept !== null) {
        this.fx.keptFor.set(null);
      }
      // A shared sync worker may still be retrying a connection another page of this device started: stop it.
      if (!this.fx.isOnline()) {
        this.letGo();
        return this.disconnectBriefly();
      }
      await this.connect();
    });
  }

  /**
   * A different signed-in user must never see the last one's data: clear, pause, reconnect with a fresh token.
   * One exception keeps "nothing written is lost": when a session ends (expired, or signed out from another device)
   * with writes still queued, the data is kept, unsynced, until someone signs in — the same user uploads them, anyone
   * else gets a cleared database.
   */
  userChanged(userId: string | null): Promise<void> {
    return this.enqueue(async () => {
      if (this.userId === undefined || userId === this.userId) return;
      const previous = this.userId;
      this.userId = userId;
      this.endStreak();
      this.fx.startOver();
      if (userId === null && previous !== null && (await this.fx.hasPendingWrites())) {
        this.fx.keptFor.set(previous);
        this.letGo();
        await this.fx.disconnect();
        return;
      }
      if (userId !== null && userId === this.fx.keptFor.get()) {
        this.fx.keptFor.set(null);
        await this.connect();
        return;
      }
      this.fx.keptFor.set(null);
      await this.fx.disconnectAndClear();
      await this.fx.sleep(USER_CHANGE_PAUSE_MS);
      await this.connect();
    });
  }

  /** Offline: stop the stream, but never wait on a network that is gone for more than a second. */
  wentOffline(): Promise<void> {
    this.letGo();
    return this.enqueue(() => this.disconnectBriefly());
  }

  private async disconnectBriefly(): Promise<void> {
    await within(this.fx.disconnect(), OFFLINE_DISCONNECT_CAP_MS, this.fx.sleep).catch((err: unknown) =>
      this.fx.log?.('disconnect on offline was cut short', err),
    );
  }

  wentOnline(): Promise<void> {
    return this.reconnect();
  }

  /** The Reconnect button and the 'online' event: try at once, and start the back-off over. */
  reconnect(): Promise<void> {
    this.endStreak();
    this.fx.startOver();
    return this.enqueue(() => this.reconnectNow());
  }

  /** A disconnect that hangs means a wedged worker: replace the database rather than wait on it forever. */
  private async reconnectNow(): Promise<void> {
    try {
      await within(this.fx.disconnect(), RECONNECT_DISCONNECT_TIMEOUT_MS, this.fx.sleep);
    } catch (err) {
      this.fx.log?.('disconnect failed; recreating the local database', err);
      await this.fx.recreateDatabase();
    }
    await this.fx.sleep(RECONNECT_PAUSE_MS);
    await this.connect();
  }

  /** Resolves when every queued transition has run (tests, and callers that must wait). */
  idle(): Promise<void> {
    return this.queue;
  }
}
