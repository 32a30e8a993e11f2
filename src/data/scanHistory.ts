import { newId } from '../domain/ids.js';
import { whenDatabaseReady } from './databaseState.js';
import type { ScanHistoryRow } from './schema.js';
import { useWatchedQuery } from './useQuery.js';

/** The newest 20 scans by scanned_at are kept; older ones are deleted. */
export const SCAN_HISTORY_LIMIT = 20;

export type ScanHistoryEntry = Pick<ScanHistoryRow, 'id' | 'content' | 'scanned_at'>;

/**
 * The slice of a PowerSync database this module writes through. Both the web SDK and @powersync/node satisfy it,
 * which is what lets the same SQL be tested against a real SQLite in Node.
 */
export interface ScanHistoryTransaction {
  execute(sql: string, params?: unknown[]): Promise<unknown>;
  getOptional<T>(sql: string, params?: unknown[]): Promise<T | null>;
}
export interface ScanHistoryStore {
  writeTransaction<T>(callback: (tx: ScanHistoryTransaction) => Promise<T>): Promise<T>;
}

/**
 * Saves a scan and returns its history id. One write transaction for the lookup, the write and the trim: the SDK
 * runs write transactions one at a time, so two scans of the same content at once see each other and the second
 * only moves scanned_at (local-only tables are views, so a UNIQUE index is not available to do this instead).
 */
export async function recordScanIn(
  store: ScanHistoryStore,
  content: string,
  scannedAt: Date = new Date(),
): Promise<string> {
  if (content === '') throw new Error('A scan without content cannot be saved.');
  const at = scannedAt.toISOString();
  return store.writeTransaction(async (tx) => {
    const existing = await tx.getOptional<{ id: string }>(
      'SELECT id FROM local_qr_scan_history WHERE content = ? LIMIT 1',
      [content],
    );
    const id = existing?.id ?? newId();
    if (existing) {
      await tx.execute('UPDATE local_qr_scan_history SET scanned_at = ? WHERE id = ?', [at, id]);
    } else {
      await tx.execute('INSERT INTO local_qr_scan_history (id, content, scanned_at) VALUES (?, ?, ?)', [id, content, at]);
    }
    // Ties on scanned_at (two scans in one millisecond) are broken by id so the kept set is deterministic.
    await tx.execute(
      `DELETE FROM local_qr_scan_history WHERE id NOT IN (
         SELECT id FROM local_qr_scan_history ORDER BY scanned_at DESC, id DESC LIMIT ?)`,
      [SCAN_HISTORY_LIMIT],
    );
    return id;
  });
}

/** Saves a scan to the local history (a repeat scan only updates scanned_at and returns the existing id). */
export async function recordScan(content: string): Promise<string> {
  return recordScanIn(await whenDatabaseReady(), content);
}

export const SCAN_HISTORY_QUERY = `SELECT id, content, scanned_at FROM local_qr_scan_history
  ORDER BY scanned_at DESC, id DESC LIMIT ?`;

/** The scanner's history list, newest first, live as scans are recorded. */
export function useScanHistory() {
  return useWatchedQuery<ScanHistoryEntry>(SCAN_HISTORY_QUERY, [SCAN_HISTORY_LIMIT]);
}
