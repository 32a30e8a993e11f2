import { timeProblem } from '../../../src/domain/clock.js';
import { isMadeOnDevice, MADE_ON_DEVICE, type WritableTable } from './columns.js';
import type { Lookups, Row } from './policy.js';

/**
 * The created_at to store for a new row: the time its device made it, when the table takes one and that time could
 * be true (src/domain/clock.ts, against the row it belongs to). Null when the server's time of receipt stands in
 * (the column's default, also its received_at): a time that cannot be true comes from a wrong clock, which says
 * nothing about when the row was made, and the row itself is kept rather than refused for it.
 */
export async function madeAt(table: WritableTable, sent: unknown, row: Row, lookups: Lookups): Promise<string | null> {
  if (!isMadeOnDevice(table) || typeof sent !== 'string') return null;
  const at = Date.parse(sent);
  const link = MADE_ON_DEVICE[table];
  const parentId = link === null ? null : row[link.column];
  const parentMadeAt = link !== null && typeof parentId === 'string' ? await lookups.createdAt(link.parent, parentId) : undefined;
  const problem = timeProblem(at, { now: lookups.now().getTime(), parentMadeAt: parentMadeAt?.getTime() ?? null });
  return problem === null ? new Date(at).toISOString() : null;
}
