import { Code, ConnectError } from '@connectrpc/connect';
import { useEffect, useState } from 'react';
import { isOfflineError } from './interceptors.js';

/**
 * What a page that exists only on the server (one a link opens) has to show: still asking, the answer, or why there
 * is none — the server does not know it (`not_found`), the device is offline (asked again when the network comes
 * back), or something failed.
 */
export type ServerAnswer<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; value: T }
  | { kind: 'unknown' }
  | { kind: 'offline' }
  | { kind: 'failed' };

/**
 * Asks `load` for `key`, again whenever the key or `round` changes (a page that follows changes counts rounds) or the
 * device comes back online. The last answer stays shown while the next one is on its way.
 */
export function useServerAnswer<T>(load: (key: string) => Promise<T>, key: string, round = 0): ServerAnswer<T> {
  const [state, setState] = useState<ServerAnswer<T>>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load(key).then(
      (value) => live && setState({ kind: 'ready', value }),
      (error: unknown) => {
        if (!live) return;
        if (isOfflineError(error)) setState({ kind: 'offline' });
        else if (error instanceof ConnectError && error.code === Code.NotFound) setState({ kind: 'unknown' });
        else setState({ kind: 'failed' });
      },
    );
    const retry = () => setAttempt((n) => n + 1);
    window.addEventListener('online', retry);
    return () => {
      live = false;
      window.removeEventListener('online', retry);
    };
  }, [load, key, attempt, round]);
  return state;
}
