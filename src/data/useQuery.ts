import { useEffect, useState } from 'react';
import { whenDatabaseReady } from './databaseState.js';

export type QueryState<T> =
  | { status: 'loading'; rows: readonly T[] }
  | { status: 'ready'; rows: readonly T[] }
  | { status: 'error'; rows: readonly T[]; error: string };

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
        { signal: controller.signal },
      );
    }, fail);
    return () => controller.abort();
  }, [sql, key]);
  return state;
}
