import { wasDeleted, type RowState } from '../db/softDelete.js';
import { REFERENCED, type ColumnRule, type ReferencedTable } from './columns.js';
import { invalid, type Refusal } from './refusals.js';

/**
 * What the database would refuse about a written row for its own reasons, refused here first in a person's words: a
 * column the row cannot be without (columns.ts `presence`) and an id naming a row that does not exist (`references`).
 * And one rule the database does not hold: nothing new is put on a soft-deleted row (server/db/softDelete.ts).
 * Checked after permission, so a refusal here tells a caller nothing about rows that are not theirs.
 */

/** The facts these rules need about other rows. */
export interface RowFacts {
  /** Whether the table holds a row with this id, and whether it was soft-deleted. */
  rowState(table: ReferencedTable, id: string): Promise<RowState>;
}

interface Written {
  current: Record<string, unknown> | null;
  next: Record<string, unknown> | null;
}

/** A table's writable columns with their rules. */
type Columns = Readonly<Record<string, ColumnRule>>;

/** The first column the row would be without, as its rule says it; null when the row is whole. */
export function missingValue(columns: Columns, w: Written): Refusal | null {
  if (w.next === null) return null;
  const creating = w.current === null;
  for (const [column, rule] of Object.entries(columns)) {
    const presence = rule.presence;
    if (!presence) continue;
    const value = w.next[column];
    const absent = value === null || (creating && presence.always && value === undefined);
    const blank = presence.always && rule.kind === 'text' && typeof value === 'string' && value.trim() === '';
    if (absent || blank) return invalid(presence.message);
  }
  return null;
}

/**
 * The first id the write puts in the row — on a new row, or one differing from the stored row's, whether sent or
 * filled in by the server — that names no row of the table its column points at, or a soft-deleted one. An id kept as
 * it is stored is no new link, and is not asked about again.
 */
export async function deadReference(columns: Columns, w: Written, facts: RowFacts): Promise<Refusal | null> {
  if (w.next === null) return null;
  for (const [column, rule] of Object.entries(columns)) {
    if (rule.kind !== 'id' || !rule.references) continue;
    const id = w.next[column];
    if (typeof id !== 'string' || id === w.current?.[column]) continue;
    const state = await facts.rowState(rule.references, id);
    if (state === 'missing') return invalid(`This names a ${REFERENCED[rule.references]} that does not exist`);
    if (state === 'deleted') return invalid(wasDeleted(REFERENCED[rule.references]));
  }
  return null;
}
