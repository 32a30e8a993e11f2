// What a device holds, table by table, and every way two devices' copies differ.
import { createHash } from 'node:crypto';

/** Every row of every table, keyed by id, all columns as SQLite returns them. */
export async function dump(db, tables) {
  const out = new Map();
  for (const table of tables) {
    const rows = await db.getAll(`select * from "${table}" order by id`);
    out.set(table, new Map(rows.map((row) => [String(row.id), row])));
  }
  return out;
}

const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/;

/** Milliseconds since the epoch of a UTC timestamp in either engine's format, or null for anything else. */
export function timestampMs(value) {
  if (typeof value !== 'string') return null;
  const m = TIME.exec(value);
  if (!m) return null;
  const ms = Date.parse(`${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * One difference per column per row, or per row held by one side only. `kind` is 'format' when both sides hold the
 * same instant to the millisecond written differently, 'value' for any other difference of a column, 'row' for a
 * row one side lacks.
 */
export function diff(left, right) {
  const out = [];
  for (const [table, leftRows] of left) {
    const rightRows = right.get(table) ?? new Map();
    const ids = [...new Set([...leftRows.keys(), ...rightRows.keys()])].sort();
    for (const id of ids) {
      const a = leftRows.get(id);
      const b = rightRows.get(id);
      if (!a || !b) {
        out.push({ table, id, kind: 'row', column: null, left: a ?? null, right: b ?? null });
        continue;
      }
      const columns = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const column of columns) {
        const x = a[column] ?? null;
        const y = b[column] ?? null;
        if (x === y) continue;
        const tx = timestampMs(x);
        const kind = tx !== null && tx === timestampMs(y) ? 'format' : 'value';
        out.push({ table, id, kind, column, left: x, right: y });
      }
    }
  }
  return out;
}

function show(value, max = 160) {
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line per difference, naming the role, table, id and column, with each side's value. */
export function formatDifference(role, d, names) {
  const where = `[${role}] ${d.table} ${d.id}`;
  if (d.kind === 'row') {
    const [holder, row] = d.left ? [names.left, d.left] : [names.right, d.right];
    const other = d.left ? names.right : names.left;
    return `${where}: only on ${holder} (missing on ${other}): ${show(row, 400)}`;
  }
  const note = d.kind === 'format' ? '  (same instant, other format)' : '';
  return `${where} ${d.column}: ${names.left} ${show(d.left)} | ${names.right} ${show(d.right)}${note}`;
}

/** "12 differences (10 format, 2 value)" or "same". */
export function countLine(differences) {
  if (differences.length === 0) return 'same';
  const kinds = { format: 0, value: 0, row: 0 };
  for (const d of differences) kinds[d.kind]++;
  const parts = [];
  if (kinds.format) parts.push(`${kinds.format} timestamp format`);
  if (kinds.value) parts.push(`${kinds.value} value`);
  if (kinds.row) parts.push(`${kinds.row} missing row`);
  return `${differences.length} difference${differences.length === 1 ? '' : 's'} (${parts.join(', ')})`;
}

/** A row as text with its columns in name order, so two copies of equal rows read the same. */
function rowText(row) {
  return JSON.stringify(Object.keys(row).sort().map((column) => [column, row[column] ?? null]));
}

/** Per table: its row count and a digest (SHA-256, first 16 hex digits) of all its rows in id order. */
export function digests(tables) {
  const out = new Map();
  for (const [table, rows] of tables) {
    const hash = createHash('sha256');
    for (const id of [...rows.keys()].sort()) hash.update(`${rowText(rows.get(id))}\n`);
    out.set(table, { rows: rows.size, digest: hash.digest('hex').slice(0, 16) });
  }
  return out;
}

/**
 * For tables of tens of thousands of rows: one line per role with each table's row count on both sides and whether
 * their digests agree, and the differences of the tables that do not (at most `limit` lines per table, then how
 * many more). Returns the differences, the tables whose digests differ, the lines to print and the rows held.
 */
export function compareAtScale(role, left, right, names, limit = 20) {
  const a = digests(left);
  const b = digests(right);
  const tables = [];
  const unequal = [];
  for (const [table, x] of a) {
    const y = b.get(table) ?? { rows: 0, digest: '' };
    if (x.rows === 0 && y.rows === 0) continue;
    const same = x.digest === y.digest;
    tables.push(`${table} ${x.rows}/${y.rows}${same ? '' : ` DIFFERENT (${x.digest} | ${y.digest})`}`);
    if (!same) unequal.push(table);
  }
  const lines = [`[${role}] rows per table (${names.left}/${names.right}): ${tables.join(', ') || 'none'}; ${unequal.length === 0 ? 'every table\'s digest the same' : `${unequal.length} table(s) differ`}`];
  const differences = [];
  for (const table of unequal) {
    const found = diff(new Map([[table, left.get(table)]]), new Map([[table, right.get(table) ?? new Map()]]));
    differences.push(...found);
    const ordered = [...found.filter((d) => d.kind !== 'format'), ...found.filter((d) => d.kind === 'format')];
    for (const d of ordered.slice(0, limit)) lines.push(formatDifference(role, d, names));
    if (ordered.length > limit) lines.push(`[${role}] ${table}: …and ${ordered.length - limit} more difference(s) in this table`);
  }
  const total = (d) => [...d.values()].reduce((n, t) => n + t.rows, 0);
  return { differences, unequal, lines, held: `${total(a)}/${total(b)}` };
}
