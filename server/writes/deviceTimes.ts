import { timeProblem } from '../../src/domain/clock.js';
import type { PgValue } from './columns.js';
import type { TableWrites } from './tableWrites.js';
import type { Lookups, Row } from './write.js';

// Times a device writes about what happened on it: when a row was made, when it was completed or removed. Each is
// kept when it could be true (src/domain/clock.ts); when it cannot, it came from a wrong clock, which says nothing
// about when the thing happened, so the server's time of receipt stands in and the write itself is kept. (A work
// record's time is its very content, and is refused instead: tables/worktime.ts.)

const epochMs = (value: unknown): number | null =>
  value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : null;

/**
 * The created_at to store for a new row: the time its device made it, when the table takes one and that time could
 * be true against the row it belongs to. Null when the server's time of receipt stands in (the column's default,
 * also its received_at).
 */
export async function madeAt(table: TableWrites, sent: unknown, row: Row, lookups: Lookups): Promise<string | null> {
  const link = table.madeOnDevice;
  if (link === undefined || typeof sent !== 'string') return null;
  const at = Date.parse(sent);
  const parentId = link === null ? null : row[link.column];
  const parentMadeAt = link !== null && typeof parentId === 'string' ? await lookups.createdAt(link.parent, parentId) : undefined;
  const problem = timeProblem(at, { now: lookups.now().getTime(), parentMadeAt: parentMadeAt?.getTime() ?? null });
  return problem === null ? new Date(at).toISOString() : null;
}

/**
 * The times a write sets of things that happened (columns ruled 'happened': completed, removed), with each that
 * cannot be true — ahead of the server's clock, or before the row itself was made — replaced by the server's time.
 */
export function happenedTimes(table: TableWrites, values: Record<string, PgValue>, rowMadeAt: unknown, now: Date): Record<string, PgValue> {
  const rules = table.columns;
  const bounds = { now: now.getTime(), parentMadeAt: epochMs(rowMadeAt) };
  const out: Record<string, PgValue> = {};
  for (const [column, value] of Object.entries(values)) {
    if (rules[column]?.kind !== 'happened' || typeof value !== 'string') continue;
    out[column] = timeProblem(Date.parse(value), bounds) === null ? value : now.toISOString();
  }
  return out;
}
