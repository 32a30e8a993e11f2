// When the connector may send an upload again after the server could not take it: the app's back-off
// (domain/backoff.ts), in a wait the connection lifecycle can cut short.
import { Backoff } from '../domain/backoff.js';

/** How a wait ends when the connection is being closed; the sync bar takes an AbortError for no failure. */
function interrupted(): Error {
  return new DOMException('The upload waits for the next connection', 'AbortError');
}

export class UploadRetries {
  /** When the next attempt may go, after the last failure; 0 when it may go now. */
  private retryAt = 0;
  private interruption = new AbortController();

  constructor(private readonly backoff = new Backoff()) {}

  /** The signal of the current connection: interrupt() aborts it. */
  get signal(): AbortSignal {
    return this.interruption.signal;
  }

  /** Resolves when an attempt may go; rejects with an AbortError when the connection closes first. */
  waitForTurn(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(interrupted());
    const ms = this.retryAt - Date.now();
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', stop);
        resolve();
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        reject(interrupted());
      };
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  /** The attempt failed in a way a later one may not: the next waits longer. Returns the wait. */
  failed(): number {
    const delay = this.backoff.failed();
    this.retryAt = Date.now() + delay;
    return delay;
  }

  /** Whether this failure is the first of its streak (worth telling the person once, not at every retry). */
  get firstFailure(): boolean {
    return this.backoff.streak === 1;
  }

  succeeded(): void {
    this.backoff.reset();
    this.retryAt = 0;
  }

  /** The connection is being closed: whatever waits stops now (the wait itself still counts for the next one). */
  interrupt(): void {
    this.interruption.abort();
    this.interruption = new AbortController();
  }

  /** Back online, or the person asked: the next attempt goes at once, and a failure waits a short time again. */
  startOver(): void {
    this.succeeded();
  }
}
