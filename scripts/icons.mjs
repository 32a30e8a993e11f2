// Draws the PNG app icons from the same shapes as public/icons/icon.svg, with nothing but node:zlib. Run it after
// changing the logo (`node scripts/icons.mjs`) and commit the PNGs: install prompts need PNGs at 192 and 512 px,
// and a maskable one whose logo stays inside the 80 % safe zone launchers may crop to.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const DARK = [0x2b, 0x2b, 0x2b, 255];
const WHITE = [255, 255, 255, 255];
const RED = [0xd3, 0x2f, 0x2f, 255];
const CLEAR = [0, 0, 0, 0];

// The logo in the SVG's 512-unit space, painted in order (later shapes cover earlier ones).
const LOGO = [
  { rect: [96, 96, 128, 128], r: 12, color: WHITE },
  { rect: [288, 96, 128, 128], r: 12, color: WHITE },
  { rect: [96, 288, 128, 128], r: 12, color: WHITE },
  { rect: [288, 288, 48, 48], r: 0, color: WHITE },
  { rect: [368, 288, 48, 48], r: 0, color: WHITE },
  { rect: [288, 368, 48, 48], r: 0, color: WHITE },
  { rect: [368, 368, 48, 48], r: 0, color: WHITE },
  { rect: [128, 128, 64, 64], r: 0, color: DARK },
  { rect: [320, 128, 64, 64], r: 0, color: DARK },
  { rect: [128, 320, 64, 64], r: 0, color: DARK },
  { circle: [352, 352, 28], color: RED },
];

function insideRoundedRect(x, y, [left, top, width, height], r) {
  if (x < left || y < top || x > left + width || y > top + height) return false;
  const cx = Math.min(Math.max(x, left + r), left + width - r);
  const cy = Math.min(Math.max(y, top + r), top + height - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function inside(shape, x, y) {
  if (shape.circle) {
    const [cx, cy, r] = shape.circle;
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  }
  return insideRoundedRect(x, y, shape.rect, shape.r);
}

/** Colour at a point of the 512 space: background (rounded or full-bleed), then the logo scaled about the centre. */
function colourAt(x, y, { maskable }) {
  let colour = maskable || insideRoundedRect(x, y, [0, 0, 512, 512], 96) ? DARK : CLEAR;
  const scale = maskable ? 0.8 : 1;
  const lx = 256 + (x - 256) / scale;
  const ly = 256 + (y - 256) / scale;
  for (const shape of LOGO) if (inside(shape, lx, ly)) colour = shape.color;
  return colour;
}

/** RGBA pixels, 4×4 samples per pixel so edges and the dot are smooth. */
function render(size, options) {
  const SAMPLES = 4;
  const pixels = Buffer.alloc(size * size * 4);
  const unit = 512 / size;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const c = colourAt((px + (sx + 0.5) / SAMPLES) * unit, (py + (sy + 0.5) / SAMPLES) * unit, options);
          // Premultiplied, so transparent samples do not darken the edge colour.
          for (let k = 0; k < 3; k++) sum[k] += c[k] * c[3];
          sum[3] += c[3];
        }
      }
      const o = (py * size + px) * 4;
      const alpha = sum[3] / (SAMPLES * SAMPLES);
      for (let k = 0; k < 3; k++) pixels[o + k] = sum[3] === 0 ? 0 : Math.round(sum[k] / sum[3]);
      pixels[o + 3] = Math.round(alpha);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A minimal PNG: 8-bit RGBA, no interlace, every row with filter type 0. */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
]) {
  const png = encodePng(size, render(size, { maskable }));
  writeFileSync(join(dir, name), png);
  console.log(`icons: ${name} ${png.length} bytes`);
}
