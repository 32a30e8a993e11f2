/**
 * COPY's binary format (PostgreSQL docs, "COPY", Binary Format): a fixed header, then per row a 16-bit field count
 * and per field a 32-bit byte length (-1 for NULL) followed by the value in the type's binary form; a 16-bit -1
 * ends the data. Text is its UTF-8 bytes, bigint 8 bytes big-endian, jsonb a version byte (1) and the JSON text.
 *
 * Why not the text format: every value would be escaped for COPY (row data is a JSON string literal, full of
 * backslashes to double), each row built as one string first, and PostgreSQL would scan every byte for escapes.
 * Here each value is written straight into one growing buffer and read back by length. Pure, so the encoding is
 * unit-tested; server/db/pg-copy.ts sends the result.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, 32-bit flags (no OIDs), 32-bit header-extension length (none). */
const HEADER_BYTES = SIGNATURE.length + 8;
const JSONB_VERSION = 1;

export class CopyBinary {
  private buffer: Buffer;
  private at = 0;
  private count = 0;

  constructor(expectedBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(Math.max(expectedBytes, HEADER_BYTES + 2));
    SIGNATURE.copy(this.buffer, 0);
    this.buffer.writeUInt32BE(0, SIGNATURE.length);
    this.buffer.writeUInt32BE(0, SIGNATURE.length + 4);
    this.at = HEADER_BYTES;
  }

  get rows(): number {
    return this.count;
  }

  /** Starts a row of `fields` values; the caller then writes exactly that many, in the table's column order. */
  row(fields: number): this {
    this.reserve(2);
    this.buffer.writeInt16BE(fields, this.at);
    this.at += 2;
    this.count++;
    return this;
  }

  /** A text value (any text-like column: text, varchar). */
  text(value: string | null): this {
    if (value === null) return this.null();
    // A UTF-16 code unit takes at most 3 bytes of UTF-8; the length goes in front once it is known.
    this.reserve(4 + value.length * 3);
    const written = this.buffer.write(value, this.at + 4, 'utf8');
    this.buffer.writeInt32BE(written, this.at);
    this.at += 4 + written;
    return this;
  }

  /** A text value already encoded as UTF-8. */
  utf8(bytes: Buffer): this {
    this.reserve(4 + bytes.length);
    this.buffer.writeInt32BE(bytes.length, this.at);
    bytes.copy(this.buffer, this.at + 4);
    this.at += 4 + bytes.length;
    return this;
  }

  /** A bigint column, from a safe integer. */
  int8(value: number): this {
    this.reserve(12);
    const buffer = this.buffer;
    buffer.writeInt32BE(8, this.at);
    // Two 32-bit halves: exact for every safe integer, negative ones too (the high half floors).
    buffer.writeInt32BE(Math.floor(value / 4294967296), this.at + 4);
    buffer.writeUInt32BE(value >>> 0, this.at + 8);
    this.at += 12;
    return this;
  }

  /** A jsonb column, from JSON text. */
  jsonb(json: string): this {
    this.reserve(5 + json.length * 3);
    const written = this.buffer.write(json, this.at + 5, 'utf8');
    this.buffer.writeInt32BE(written + 1, this.at);
    this.buffer[this.at + 4] = JSONB_VERSION;
    this.at += 5 + written;
    return this;
  }

  null(): this {
    this.reserve(4);
    this.buffer.writeInt32BE(-1, this.at);
    this.at += 4;
    return this;
  }

  /** The whole block, trailer included. The encoder must not be used afterwards. */
  toBuffer(): Buffer {
    this.reserve(2);
    this.buffer.writeInt16BE(-1, this.at);
    return this.buffer.subarray(0, this.at + 2);
  }

  private reserve(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(grown, 0, 0, this.at);
    this.buffer = grown;
  }
}
