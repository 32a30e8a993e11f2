import { useEffect, useState } from 'react';
import { whenDatabaseReady } from './databaseState.js';

/**
 * How long a watched query waits after its tables change before it runs again. The SDK's default (30 ms) is paid by
 * every change a person sees: their own write reaching the list, a sync's rows reaching the screen. A synced
 * checkpoint or a local write changes its tables in one transaction, so a short wait still folds each burst into one
 * run, and the SDK never runs one watch twice at once (a change meanwhile queues a single re-run).
 */
const WATCH_THROTTLE_MS = 10;

export type QueryState<T> =
  | { status: 'loading'; rows: readonly T[] }
  | { status: 'ready'; rows: readonly T[] }
  | { status: 'error'; rows: readonly T[]; error: string };

/**
 * Whether any of a screen's queries has yet to answer. A screen built from several waits for all of them: shown on
 * half its facts it flashes wrong content (a clock at zero that is running) and offers actions it should not.
 */
export function anyLoading(...states: readonly { status: QueryState<unknown>['status'] }[]): boolean {
  return states.some((state) => state.status === 'loading');
}

/** Watches a query against the local database: re-runs whenever its tables change (synced or local writes). */
export function useWatchedQuery<T>(sql: string, params: readonly unknown[] = []): QueryState<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', rows: [] });
  const key = JSON.stringify(params);
  useEffect(() => {
    const controller = new AbortController();
    const fail = (err: unknown) => {
      if (!controller.signal.aborted) {
        setState((prev) => ({ status: 'error', rows: prev.rows, error: err instanceof Error ? err.message : String(err) }));
      }
    };
    whenDatabaseReady().then((db) => {
      if (controller.signal.aborted) return;
      db.watch(
        sql,
        JSON.parse(key) as unknown[],
        {
          onResult: (result) => {
            if (!controller.signal.aborted) setState({ status: 'ready', rows: (result.rows?._array ?? []) as T[] });
          },
          onError: fail,
        },
        { signal: controller.signal, throttleMs: WATCH_THROTTLE_MS },
      );
    }, fail);
    return () => controller.abort();
  }, [sql, key]);
  return state;
}
