import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { ROOT } from './server.js';

const DECODER_ORIGIN = 'https://qr-decoder.test';
const SCANNER_DIR = join(ROOT, 'node_modules/qr-scanner');
export const RASTER_DPI = 150;

/** Every page of a PDF as PNG bytes, rasterised by poppler's pdftoppm (Debian package poppler-utils). */
export function rasterisePdf(pdf: Buffer, dpi = RASTER_DPI): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'tagbook-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } catch (error) {
    throw new Error(`pdftoppm failed (install Debian's poppler-utils): ${(error as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Region {
  x: number;
  y: number;
  size: number;
}

/**
 * Decodes the QR code in each region of a PNG with qr-scanner (the library the app scans with) in a page of its
 * own, served by the test (no network): one result per region, null where nothing decodes.
 */
export async function decodeRegions(context: BrowserContext, png: Buffer, regions: readonly Region[]): Promise<(string | null)[]> {
  await context.route(`${DECODER_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>decoder</title>' });
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(SCANNER_DIR, path.slice(1))) });
  });
  const page = await context.newPage();
  try {
    await page.goto(`${DECODER_ORIGIN}/`);
    // A module script of the page's own (an import() written here would be rewritten by the test runner).
    await page.addScriptTag({ type: 'module', content: "import QrScanner from '/qr-scanner.min.js'; window.QrScanner = QrScanner;" });
    await page.waitForFunction(() => 'QrScanner' in window);
    return await page.evaluate(
      async ({ dataUrl, regions }) => {
        const QrScanner = (window as unknown as {
          QrScanner: { scanImage(source: HTMLCanvasElement, options: { returnDetailedScanResult: true }): Promise<{ data: string }> };
        }).QrScanner;
        const image = new Image();
        image.src = dataUrl;
        await image.decode();
        const out: (string | null)[] = [];
        for (const r of regions) {
          const canvas = document.createElement('canvas');
          canvas.width = r.size;
          canvas.height = r.size;
          canvas.getContext('2d')!.drawImage(image, r.x, r.y, r.size, r.size, 0, 0, r.size, r.size);
          // qr-scanner gives up after its own 10 s ('timeout') on a loaded machine: that is no answer, so ask again;
          // anything else it rejects with means no code was found.
          let decoded: string | null | undefined;
          while (decoded === undefined) {
            decoded = await QrScanner.scanImage(canvas, { returnDetailedScanResult: true }).then(
              (res) => res.data,
              (error: unknown) => (String(error).includes('timeout') ? undefined : null),
            );
          }
          out.push(decoded);
        }
        return out;
      },
      { dataUrl: `data:image/png;base64,${png.toString('base64')}`, regions },
    );
  } finally {
    await page.close();
  }
}
