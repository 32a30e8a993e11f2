import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { labelGaps, LABELS_PER_PAGE, TAG_LABEL_LAYOUT } from '../../src/domain/tagLabels.js';
import { LETTER_INCHES } from '../../src/app/print/printSettings.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { decodeRegions, rasterisePdf, RASTER_DPI, type Region } from '../helpers/qrDecode.js';
import { settledScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

/** Every page's MediaBox in a PDF, in points (Chromium writes them uncompressed). */
function mediaBoxes(pdf: Buffer): number[][] {
  return [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*([\d.\s-]+)\]/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number));
}

/** Where the n-th label of a page lies on a page rasterised at RASTER_DPI. */
function labelRegion(n: number): Region {
  const { labelInches, columns, marginInches } = TAG_LABEL_LAYOUT;
  const gaps = labelGaps(LETTER_INCHES);
  const col = n % columns;
  const row = Math.floor(n / columns);
  return {
    x: Math.round((marginInches + col * (labelInches + gaps.column)) * RASTER_DPI),
    y: Math.round((marginInches + row * (labelInches + gaps.row)) * RASTER_DPI),
    size: Math.round(labelInches * RASTER_DPI),
  };
}

let server: TestServer;
beforeAll(async () => {
  requireBuild();
  server = await startTestServer('pglite');
  await seedDemo(server.db);
});
afterAll(async () => server?.stop());

const redId = async () => (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;

describe.each([
  [412, 915],
  [1280, 800],
])('the full-screen QR view at %i×%i', (width, height) => {
  let device: Device;
  let page: Page;
  beforeAll(async () => {
    device = await launchDevice([], { viewport: { width, height }, permissions: ['clipboard-read', 'clipboard-write'] });
    page = device.page;
  });
  afterAll(async () => device?.close());

  it('is offered to the owner when a tag is linked, and not to a visitor', async () => {
    await page.goto(`${server.url}/vehicle/${await redId()}`);
    await page.locator('[data-field="vehicle-name"]').waitFor();
    expect(await page.locator('[data-action="show-qr-code"]').count()).toBe(0);
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await page.goto(`${server.url}/vehicle/${await redId()}`);
    await page.locator('[data-action="show-qr-code"]').waitFor();
  });

  it('shows the code for the tag URL, copies it, and passes axe', async () => {
    await page.locator('[data-action="show-qr-code"]').click();
    const dialog = page.locator('[data-dialog="qr-code"]');
    const url = `${server.url}/DEMOTAG00001`;
    expect(await dialog.locator('svg[role="img"]').getAttribute('data-qr-text')).toBe(url);
    expect(await dialog.locator('[data-site-domain]').textContent()).toContain(new URL(server.url).host);
    await expectNoAxeViolations(page, 'the QR view');
    await dialog.getByRole('button', { name: 'Copy URL' }).click();
    await expect.poll(() => dialog.locator('[data-qr-toast]').getAttribute('data-qr-toast')).toBe('Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await dialog.getByRole('link', { name: 'Print tag' }).click();
    await page.locator('[data-page="tag-labels"]').waitFor();
    expect(new URL(page.url()).searchParams.get('tags')).toBe('DEMOTAG00001');
    await expectNoAxeViolations(page, 'the tag labels page');
  });
});

describe('printed tag labels', () => {
  let device: Device;
  let page: Page;
  beforeAll(async () => {
    device = await launchDevice([], { viewport: { width: 1280, height: 800 } });
    page = device.page;
  });
  afterAll(async () => device?.close());

  async function printLabels(): Promise<Buffer> {
    await page.getByRole('link', { name: 'Print labels' }).click();
    await page.locator('[data-print-sheet] .tag-labels').waitFor();
    await settledScreen(page);
    await expectNoAxeViolations(page, 'the label print preview');
    return page.pdf({ preferCSSPageSize: true, printBackground: true });
  }

  async function expectDecodedPages(pdf: Buffer, hashes: string[]) {
    const boxes = mediaBoxes(pdf);
    const pages = Math.ceil(hashes.length / LABELS_PER_PAGE);
    expect(boxes).toEqual(Array.from({ length: pages }, () => [0, 0, 612, 792]));
    const images = rasterisePdf(pdf);
    expect(images).toHaveLength(pages);
    const decoded: (string | null)[] = [];
    for (const [index, png] of images.entries()) {
      const count = Math.min(LABELS_PER_PAGE, hashes.length - index * LABELS_PER_PAGE);
      decoded.push(...(await decodeRegions(device.context, png, Array.from({ length: count }, (_, n) => labelRegion(n)))));
    }
    expect(decoded).toEqual(hashes.map((hash) => `${server.url}/${hash}`));
  }

  it("prints a vehicle's tag as a Letter page whose code decodes to the tag's URL", async () => {
    await page.goto(`${server.url}/register?tags=DEMOTAG00001`);
    await expectDecodedPages(await printLabels(), ['DEMOTAG00001']);
  });

  it("prints an admin's batch of new unclaimed tags on whole pages, every code decoding to its URL", async () => {
    await signInThroughUi(page, server.url, 'admin@tagbook.test', 'tagbook-admin');
    // The admin Register shortcut: a fresh hash from the server, its claim page, and Assign Tag adds it unclaimed.
    await page.getByRole('button', { name: 'Workspace menu' }).click();
    await page.getByRole('button', { name: 'Change workspace' }).click();
    await page.locator('[data-dialog="workspace"] [data-workspace-choice="-"]').click();
    await page.locator('[data-menu-link="/register"]').click();
    await page.waitForURL(/\/register\/[A-Za-z0-9]{12}$/);
    const fresh = new URL(page.url()).pathname.split('/').pop()!;
    const row = page.locator('[data-tag-assignment="no-such-tag"]');
    await row.getByRole('button', { name: 'Assign Tag' }).click();
    await page.locator('[data-tag-assignment="available"]').waitFor();
    expect(await server.db.query('select target_id from qr_tags where id = $1', [fresh])).toEqual([{ target_id: null }]);
    // A tag that exists is not offered for adding again (the server would refuse it as existing).
    expect(await page.locator('[data-tag-assignment="available"]').getByRole('button', { name: 'Assign Tag' }).count()).toBe(0);

    await page.goto(`${server.url}/register`);
    const tools = page.locator('[data-admin-tags]');
    await tools.getByLabel('Unclaimed tags to print').fill('14');
    await tools.getByRole('button', { name: 'Create tags' }).click();
    await tools.locator('[data-tag-batch] li').nth(13).waitFor();
    const hashes = await tools.locator('[data-tag-batch] code').allTextContents();
    const stored = await server.db.query<{ id: string }>(`select id from qr_tags where target_id is null and id = any(array[${hashes.map((h) => `'${h}'`).join(',')}])`);
    expect(stored).toHaveLength(14);
    await tools.getByRole('link', { name: 'Labels for these tags' }).click();
    await page.locator('[data-page="tag-labels"]').waitFor();
    await expectDecodedPages(await printLabels(), hashes);
  });
});
