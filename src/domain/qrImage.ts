/**
 * What a printed or shown QR code encodes, and how: a hash of 6 characters with quartile error correction, 10 with
 * another domain prefix, 12 with medium (the default); a bad input is refused with 'Missing url', 'Invalid hash' or
 * 'Invalid SVG viewBox'. Pure, so the rules are unit-tested apart from drawing.
 */

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H';

/** Letters and digits; 6 is the shortest hash a QR image carries, 16 the longest a tag route accepts. */
const QR_HASH_PATTERN = /^[A-Za-z0-9]{6,16}$/;
/** Empty modules around the code, in modules: the quiet zone scanners need to find it (4 in the QR standard). */
export const QR_QUIET_ZONE = 4;

export interface QrImageSpec {
  /** The text the code holds: `${prefix}/${hash}`. */
  text: string;
  errorCorrection: QrErrorCorrection;
}

export class QrImageError extends Error {}

/**
 * The code for a tag: `url` is the site's origin (the prefix the hash is appended to). A 6-character hash leaves room
 * for quartile error correction in a small code; a 10-character hash is printed under `alternatePrefix` when one is
 * given (a shorter domain kept for such tags), and otherwise under `url`; every other length uses medium.
 */
export function qrImageSpec(url: string, hash: string, alternatePrefix?: string): QrImageSpec {
  if (url.trim() === '') throw new QrImageError('Missing url');
  if (!QR_HASH_PATTERN.test(hash)) throw new QrImageError('Invalid hash');
  const prefix = (hash.length === 10 && alternatePrefix ? alternatePrefix : url).replace(/\/+$/, '');
  return { text: `${prefix}/${hash}`, errorCorrection: hash.length === 6 ? 'Q' : 'M' };
}

/** The square an SVG of `modules` modules plus the quiet zone on each side spans; refused unless whole and positive. */
export function qrViewBox(modules: number, quietZone: number = QR_QUIET_ZONE): string {
  const side = modules + 2 * quietZone;
  if (!Number.isInteger(modules) || modules <= 0 || !Number.isInteger(quietZone) || quietZone < 0) {
    throw new QrImageError('Invalid SVG viewBox');
  }
  return `0 0 ${side} ${side}`;
}

/** One SVG path for all dark modules (one `h1v1h-1z` square each, merged per row run), offset by the quiet zone. */
export function qrPath(modules: number, isDark: (row: number, col: number) => boolean, quietZone: number = QR_QUIET_ZONE): string {
  let d = '';
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!isDark(row, col)) continue;
      let run = 1;
      while (col + run < modules && isDark(row, col + run)) run++;
      d += `M${col + quietZone} ${row + quietZone}h${run}v1h${-run}z`;
      col += run - 1;
    }
  }
  return d;
}
