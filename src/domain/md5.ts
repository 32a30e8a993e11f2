/**
 * MD5 (RFC 1321), incremental, for the upload digests the Upload service checks (upload.proto). Written out here
 * because the browser's WebCrypto has no MD5 and the hashing worker must stream a large file in slices; the server
 * checks the same digests with node:crypto, and the unit tests hold both to the RFC's test suite.
 * MD5 is an integrity check against broken transfers here, never a security boundary: the server keys stored blobs
 * by a SHA-256 it computes itself.
 */

// Per-round left rotations and the constants floor(abs(sin(i + 1)) * 2^32).
const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = new Int32Array(64);
for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0;

export class Md5 {
  private readonly state = new Int32Array([0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476]);
  private readonly block = new Uint8Array(64);
  private readonly words = new Int32Array(16);
  private blockLength = 0;
  private total = 0;

  update(data: Uint8Array): this {
    let offset = 0;
    this.total += data.length;
    if (this.blockLength > 0) {
      const take = Math.min(64 - this.blockLength, data.length);
      this.block.set(data.subarray(0, take), this.blockLength);
      this.blockLength += take;
      offset = take;
      if (this.blockLength < 64) return this;
      this.compress(this.block, 0);
      this.blockLength = 0;
    }
    for (; offset + 64 <= data.length; offset += 64) this.compress(data, offset);
    if (offset < data.length) {
      this.block.set(data.subarray(offset), 0);
      this.blockLength = data.length - offset;
    }
    return this;
  }

  /** The digest as 32 lowercase hex digits. The instance must not be used afterwards. */
  hex(): string {
    const bits = this.total * 8;
    const tail = new Uint8Array(this.blockLength < 56 ? 64 - this.blockLength : 128 - this.blockLength);
    tail[0] = 0x80;
    // Length in bits, little-endian 64-bit (files stay far below 2^53 bits).
    const n = tail.length - 8;
    for (let i = 0; i < 8; i++) tail[n + i] = Math.floor(bits / 2 ** (8 * i)) & 0xff;
    this.total -= tail.length; // the padding is not message length
    this.update(tail);
    let out = '';
    for (const word of this.state) for (let i = 0; i < 4; i++) out += ((word >>> (8 * i)) & 0xff).toString(16).padStart(2, '0');
    return out;
  }

  private compress(data: Uint8Array, at: number): void {
    const w = this.words;
    for (let i = 0; i < 16; i++) {
      const j = at + i * 4;
      w[i] = data[j]! | (data[j + 1]! << 8) | (data[j + 2]! << 16) | (data[j + 3]! << 24);
    }
    let a = this.state[0]!;
    let b = this.state[1]!;
    let c = this.state[2]!;
    let d = this.state[3]!;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const s = S[(i >> 4) * 4 + (i & 3)]!;
      const sum = (a + f + K[i]! + w[g]!) | 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
    }
    this.state[0] = (this.state[0]! + a) | 0;
    this.state[1] = (this.state[1]! + b) | 0;
    this.state[2] = (this.state[2]! + c) | 0;
    this.state[3] = (this.state[3]! + d) | 0;
  }
}

export function md5Hex(data: Uint8Array): string {
  return new Md5().update(data).hex();
}

/** UTF-8 bytes of a string (the domain has no TextEncoder: it runs where neither DOM nor Node types exist). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

export function md5OfText(text: string): string {
  return md5Hex(utf8(text));
}
