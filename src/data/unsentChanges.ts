import { useSyncExternalStore } from 'react';
import { whenDatabaseReady } from './databaseState.js';

/**
 * The local writes that have not reached the server yet: what a person wrote on this device and the upload queue
 * still holds. A record in it is shown as not sent yet, and the sync bar says how many changes wait. One watch of
 * the upload queue serves every screen; it starts with the first reader and stops with the last.
 */
export interface UnsentChanges {
  /** Queued changes (one per write of one row). */
  count: number;
  /** `table/id` of every row with a queued change. */
  rows: ReadonlySet<string>;
}

const NONE: UnsentChanges = { count: 0, rows: new Set() };

let current: UnsentChanges = NONE;
const listeners = new Set<() => void>();
let stop: (() => void) | null = null;

/**
 * Reads the queue as the upload sees it: each entry names its table (`type`) and row (`id`). Grouped per row, so a
 * large offline queue (many changes to few rows) reaches the page as a few rows, not one per change.
 */
const QUEUE_SQL = `SELECT json_extract(data, '$.type') AS type, json_extract(data, '$.id') AS id, count(*) AS n
  FROM ps_crud GROUP BY 1, 2`;

export interface QueuedRow {
  type: string | null;
  id: string | null;
  /** The row's queued changes. */
  n: number;
}

export function unsentFrom(entries: readonly QueuedRow[]): UnsentChanges {
  if (entries.length === 0) return NONE;
  return { count: entries.reduce((sum, e) => sum + e.n, 0), rows: new Set(entries.map((e) => rowKey(e.type ?? '', e.id ?? ''))) };
}

function rowKey(table: string, id: string): string {
  return `${table}/${id}`;
}

function start(): () => void {
  const controller = new AbortController();
  whenDatabaseReady().then(
    (db) => {
      if (controller.signal.aborted) return;
      db.watch(
        QUEUE_SQL,
        [],
        {
          onResult: (result) => {
            if (controller.signal.aborted) return;
            current = unsentFrom((result.rows?._array ?? []) as QueuedRow[]);
            for (const listener of [...listeners]) listener();
          },
          onError: (error) => console.warn('could not read the unsent changes', error),
        },
        { signal: controller.signal, tables: ['ps_crud'], throttleMs: 50 },
      );
    },
    () => undefined,
  );
  return () => controller.abort();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  stop ??= start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
      current = NONE;
    }
  };
}

function snapshot(): UnsentChanges {
  return current;
}

/** How many changes this device holds that the server has not received. */
export function useUnsentCount(): number {
  return useSyncExternalStore(subscribe, () => snapshot().count, () => 0);
}

/** Whether the row `table/id` has a change this device has not sent yet. */
export function useUnsent(table: string, id: string): boolean {
  // A page rendered on the server is an answer from the server: nothing in it is unsent.
  return useSyncExternalStore(subscribe, () => snapshot().rows.has(rowKey(table, id)), () => false);
}
