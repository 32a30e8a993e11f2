/**
 * COPY's text format (PostgreSQL docs, "COPY", File Formats): one line per row, columns separated by tabs, \N for
 * NULL, and a backslash, tab, newline or carriage return inside a value written as a backslash escape. Pure, so the
 * escaping is unit-tested; server/db/pg-copy.ts sends the result.
 */

export type CopyValue = string | number | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value as COPY text. Most values hold nothing to escape, and then the string itself is returned. */
export function copyValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : value;
}

/**
 * JSON text as JSON.stringify writes it, as COPY text: it never holds a raw tab, newline or carriage return (they
 * are escaped as \t, \n, \r), so only its backslashes need doubling, one native pass. Row data is mostly this, and
 * full of backslashes (it is stored as a JSON string literal): the general path would call back for each of them.
 */
export function copyJson(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

/**
 * Collects rows into one COPY text block, so a batch costs one large buffer rather than an array of objects, a JSON
 * text and PostgreSQL's parse of it.
 */
export class CopyText {
  private readonly lines: string[] = [];

  get rows(): number {
    return this.lines.length;
  }

  add(...values: CopyValue[]): void {
    let line = copyValue(values[0] ?? null);
    for (let i = 1; i < values.length; i++) line += `\t${copyValue(values[i] ?? null)}`;
    this.lines.push(line);
  }

  /** A line already in COPY text (its values escaped with copyValue or copyJson, tab-separated). */
  addLine(line: string): void {
    this.lines.push(line);
  }

  /**
   * The block as UTF-8, each line encoded straight into one buffer: joining first and then encoding cost a copy of
   * the whole text and a pass to measure it, five times the time. A UTF-16 code unit takes at most 3 bytes.
   */
  toBuffer(): Buffer {
    let chars = 0;
    for (const line of this.lines) chars += line.length + 1;
    const buffer = Buffer.allocUnsafe(chars * 3);
    let at = 0;
    for (const line of this.lines) {
      at += buffer.write(line, at, 'utf8');
      buffer[at++] = 0x0a;
    }
    return buffer.subarray(0, at);
  }
}
