import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

// A damaged sticker, at phone size: the owner replaces the Red 911's tag with a new one from the QR view; a stranger
// scanning the old sticker is told it was replaced (and is offered no claim), the new one opens the car, and the
// logbook tells the swap.
describe('replacing a tag', () => {
  let server: TestServer;
  let owner: Device;
  let visitor: Device;
  let red911 = '';

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    red911 = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    [owner, visitor] = await Promise.all([launchDevice(), launchDevice()]);
  });
  afterAll(async () => {
    await Promise.all([owner, visitor].map((d) => d?.close()));
    await server?.stop();
  });

  it('the owner replaces the tag from the QR view with a new sticker’s code', async () => {
    const page = owner.page;
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await openScreen(page, `${server.url}/vehicle/${red911}`);
    await page.locator('[data-menu="show-qr-code"]').first().click();
    await page.locator('[data-dialog="qr-code"] [data-qr-url]').waitFor();
    await page.getByRole('button', { name: 'Replace tag' }).click();
    const dialog = page.locator('[data-dialog="replace-tag"]');
    await dialog.getByLabel('New tag’s code').fill('DEMOTAG00002');
    await expectNoAxeViolations(page, 'the replace-tag dialog');
    await dialog.getByRole('button', { name: 'Replace tag' }).click();
    // Another vehicle's tag is not free: said, and nothing changes.
    await dialog.getByText('Tag DEMOTAG00002 is not free').waitFor();
    await dialog.getByLabel('New tag’s code').fill('demofree0003');
    await dialog.getByRole('button', { name: 'Replace tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The QR view shows the new code once the swap has synced.
    await page.locator('[data-menu="show-qr-code"]').first().click();
    await expect.poll(() => page.locator('[data-dialog="qr-code"] [data-qr-url]').getAttribute('data-qr-url')).toBe(`${server.url}/DEMOFREE0003`);
    await page.keyboard.press('Escape');
    await openScreen(page, `${server.url}/vehicle/${red911}/logbook`);
    await page.getByText('Tag DEMOTAG00001 replaced by DEMOFREE0003').waitFor();
  });

  it('a stranger scanning the old sticker is told it was replaced; the new one opens the car', async () => {
    const page = visitor.page;
    await openScreen(page, `${server.url}/DEMOTAG00001`);
    await page.locator('[data-page="tag-resolver"][data-tag-state="replaced"]').waitFor();
    await page.getByRole('heading', { name: 'This tag was replaced' }).waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Red 911');
    await expectNoAxeViolations(page, 'a replaced tag');
    // Its claim page offers no claim either.
    await openScreen(page, `${server.url}/register/DEMOTAG00001`);
    await page.getByText('Tag #DEMOTAG00001 is Unavailable.').waitFor();
    await openScreen(page, `${server.url}/DEMOFREE0003`);
    await page.waitForURL(`${server.url}/vehicle/${red911}`);
  });
});
