import { useCallback, useEffect, useRef, useState } from 'react';
import { serverMessage } from './interceptors.js';

/** One server answer as a page shows it: loading, the data, or the server's words for what went wrong. */
export type Remote<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'error'; data: T | null; error: string };

/**
 * Asks the server whenever `key` changes (the last answer wins; a late answer to an older key is dropped), and
 * again on reload(). The admin and company areas read lists that do not live on the device this way.
 */
export function useRemote<T>(key: string, load: () => Promise<T>): Remote<T> & { reload: () => void } {
  const [state, setState] = useState<Remote<T>>({ status: 'loading', data: null, error: null });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let current = true;
    setState((s) => ({ status: 'loading', data: s.data, error: null }));
    loadRef.current().then(
      (data) => current && setState({ status: 'ready', data, error: null }),
      (error: unknown) => current && setState((s) => ({ status: 'error', data: s.data, error: serverMessage(error) })),
    );
    return () => {
      current = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/**
 * A keyset-paged list: the first page for `key`, then more pages appended by loadMore() with the server's cursor.
 */
export function usePaged<T>(key: string, load: (cursor: string) => Promise<{ rows: T[]; next: string }>) {
  const [pages, setPages] = useState<{ key: string; rows: T[]; next: string; loading: boolean; error: string | null }>({
    key, rows: [], next: '', loading: true, error: null,
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setPages({ key, rows: [], next: '', loading: true, error: null });
    loadRef.current('').then(
      (page) => current && setPages({ key, rows: page.rows, next: page.next, loading: false, error: null }),
      (error: unknown) => current && setPages({ key, rows: [], next: '', loading: false, error: serverMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [key, tick]);
  const loadMore = useCallback(() => {
    setPages((p) => {
      if (p.next === '' || p.loading) return p;
      loadRef.current(p.next).then(
        (page) => setPages((q) => (q.key === p.key ? { ...q, rows: [...q.rows, ...page.rows], next: page.next, loading: false } : q)),
        (error: unknown) => setPages((q) => ({ ...q, loading: false, error: serverMessage(error) })),
      );
      return { ...p, loading: true };
    });
  }, []);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...pages, loadMore, reload };
}
