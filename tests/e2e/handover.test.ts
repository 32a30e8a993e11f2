import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORT_LINK, seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { makeImage } from '../helpers/images.js';
import { mediaBoxes } from '../helpers/pdf.js';
import { openScreen, settledScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { myVehicleNames, signInThroughUi } from '../helpers/ui.js';

const BUYER = 'first.buyer@example.org';
const PRIVATE_NOTE = 'Bought from the second owner';

// Selling the Red 911, at phone size: the owner shares its history report by link and prints it (Letter and A4); a
// buyer opens the link signed out; the owner sends a transfer to the buyer's address; the buyer creates an account
// from the mailed link and accepts; the car, its records and tags are theirs, the seller's private note stayed
// behind, the seller's devices lose it and the old link stops working.
describe('handing a vehicle over', () => {
  let server: TestServer;
  let seller: Device;
  let buyer: Device;
  let red911 = '';
  let reportLink = '';

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    red911 = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Red 911'`))[0]!.id;
    [seller, buyer] = await Promise.all([launchDevice(), launchDevice()]);
  });
  afterAll(async () => {
    await Promise.all([seller, buyer].map((d) => d?.close()));
    await server?.stop();
  });

  it("the owner reads the car's history report, built on the device, picks its photos and makes a link to it", async () => {
    const page = seller.page;
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    // Two photos on the profile, stored on the server before a link can show them.
    await openScreen(page, `${server.url}/vehicle/${red911}`);
    await page.locator('[data-photos] [data-file-input]').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await makeImage(page, 800, 600, 'image/jpeg') },
      { name: 'engine.jpg', mimeType: 'image/jpeg', buffer: await makeImage(page, 640, 480, 'image/jpeg', true) },
    ]);
    await expect.poll(() => page.locator('[data-photos] [data-uploaded="1"]').count()).toBe(2);
    await openScreen(page, `${server.url}/vehicle/${red911}/report`);
    const report = page.locator('[data-history-report]');
    // The seed's readings in miles: the typo (2,548) is no history.
    await report.locator('[data-report-odometer]', { hasText: '25,480 mi' }).waitFor();
    expect(await report.locator('[data-report-readings] li').allTextContents()).not.toContainEqual(expect.stringContaining('2,548'));
    await report.locator('[data-report-service] [data-service-kind="maintenance"]', { hasText: 'Oil change' }).waitFor();
    expect(await report.locator('[data-fact="Make"]').textContent()).toBe('Porsche');
    expect(await report.textContent()).not.toContain(PRIVATE_NOTE);
    await expectNoAxeViolations(page, 'the history report page');

    // Every photo is in the report until the owner leaves one out.
    const picks = page.locator('[data-field="report-photos"] input[type="checkbox"]');
    await expect.poll(() => picks.count()).toBe(2);
    expect(await report.locator('.history-report__photos li').count()).toBe(2);
    await page.getByLabel('Photo 2').uncheck();
    await expect.poll(() => report.locator('.history-report__photos li').count()).toBe(1);
    const kept = await picks.first().getAttribute('value');

    await page.getByRole('button', { name: 'Make a link' }).click();
    // The link comes back through sync, beside the one the demo made.
    const made = page.locator('[data-report-link][data-new]');
    await made.waitFor();
    await page.locator(`[data-report-link="${DEMO_REPORT_LINK}"]`).waitFor();
    reportLink = new URL((await made.locator('.ui-link-list__url').textContent())!).pathname;
    expect(reportLink).toMatch(/^\/report\/[A-Za-z0-9_-]{43}$/);
    const [share] = await server.db.query<{ photo_ids: string }>('select photo_ids from report_shares where token = $1', [reportLink.slice('/report/'.length)]);
    expect(JSON.parse(share!.photo_ids)).toEqual([kept]);
  });

  it('prints it on Letter and on A4', async () => {
    const page = seller.page;
    await page.getByRole('link', { name: 'Print or save as PDF' }).click();
    await page.locator('[data-print-sheet][data-paper="letter"] [data-history-report]').waitFor();
    await expectNoAxeViolations(page, 'the report in print preview');
    const letter = mediaBoxes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(letter.length).toBeGreaterThan(0);
    for (const box of letter) expect(box).toEqual([0, 0, 612, 792]);
    await page.locator('[data-paper="a4"]').first().click();
    await page.locator('[data-print-sheet][data-paper="a4"] [data-history-report]').waitFor();
    const a4 = mediaBoxes(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    for (const box of a4) {
      expect(box[2]).toBeCloseTo(595.28, 0);
      expect(box[3]).toBeCloseTo(841.89, 0);
    }
    // What prints is the report: none of the page's controls.
    expect(await page.locator('[data-print-sheet] [data-card="report-tools"]').count()).toBe(0);
  });

  it('a buyer opens the link signed out and reads the report, nothing of the owner', async () => {
    const page = buyer.page;
    await openScreen(page, `${server.url}${reportLink}`);
    const report = page.locator('[data-page="shared-report"][data-report-state="ready"] [data-history-report]');
    await report.waitFor();
    expect(await page.locator('.app').getAttribute('data-auth')).toBe('signed-out');
    expect(await report.locator('#history-report-title').textContent()).toBe('Red 911');
    expect(await report.locator('[data-report-odometer]').textContent()).toBe('25,480 mi');
    // The one photo picked, downloaded through the address the server signed for it.
    const photo = report.locator('.history-report__photos img');
    await expect.poll(() => photo.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual([800]);
    const [plate] = await server.db.query<{ license_plate: string }>('select license_plate from vehicles_info where vehicle_id = $1', [red911]);
    const text = (await page.locator('main').textContent()) ?? '';
    for (const secret of ['owner@tagbook.test', 'Demo Owner', plate!.license_plate, PRIVATE_NOTE]) expect(text, secret).not.toContain(secret);
    await expectNoAxeViolations(page, 'the shared report');
  });

  it('the owner sends the car to a wrong address, sees it waiting, and cancels it', async () => {
    const page = seller.page;
    await openScreen(page, `${server.url}/vehicle/${red911}/transfer`);
    const form = page.locator('form[data-form="start-transfer"]');
    await form.getByLabel('New owner’s email').fill('wrong.address@example.org');
    await form.getByRole('button', { name: 'Send transfer' }).click();
    await page.locator('[data-dialog="confirm-start-transfer"]').getByRole('button', { name: 'Send transfer' }).click();
    await page.locator('[data-transfer="waiting"] [data-transfer-to]', { hasText: 'wrong.address@example.org' }).waitFor();
    await page.getByRole('button', { name: 'Cancel transfer' }).click();
    await page.locator('[data-dialog="confirm-cancel-transfer"]').getByRole('button', { name: 'Cancel transfer' }).click();
    // Cancelled on the server, and the page offers a new transfer once that has synced.
    await form.waitFor();
    const [cancelled] = await server.db.query<{ cancelled: boolean }>(`select cancelled_at is not null as cancelled from vehicle_transfers where to_email = 'wrong.address@example.org'`);
    expect(cancelled).toEqual({ cancelled: true });
  });

  it('the owner sends the car to the buyer, leaving the private notes out, and sees it waiting', async () => {
    const page = seller.page;
    const form = page.locator('form[data-form="start-transfer"]');
    await form.getByRole('button', { name: 'Send transfer' }).click();
    await form.getByText('Type the new owner’s email address').waitFor();
    await form.getByLabel('New owner’s email').fill(`  ${BUYER.toUpperCase()} `);
    expect(await form.getByLabel('Leave my private notes out').isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'the transfer form');
    await form.getByRole('button', { name: 'Send transfer' }).click();
    await page.locator('[data-dialog="confirm-start-transfer"]').getByRole('button', { name: 'Send transfer' }).click();
    await page.locator('[data-transfer="waiting"] [data-transfer-to]', { hasText: BUYER }).waitFor();
    await expectNoAxeViolations(page, 'the waiting transfer');
  });

  it('the buyer creates an account from the mailed link and accepts; the car is theirs', async () => {
    const [mail] = await server.db.query<{ body_text: string }>('select body_text from mail_outbox where to_address = $1', [BUYER]);
    const link = new URL(/http\S+\/transfer\/[A-Za-z0-9_-]{43}/.exec(mail!.body_text)![0]);
    const page = buyer.page;
    await openScreen(page, `${server.url}${link.pathname}`);
    await page.locator('[data-transfer-vehicle]', { hasText: 'Red 911' }).waitFor();
    await expectNoAxeViolations(page, 'the transfer page, signed out');
    await page.getByRole('link', { name: 'Create account' }).click();
    const drawer = page.locator('[data-auth-drawer]');
    await drawer.locator('form[data-form="register"]').waitFor();
    expect(await drawer.getByLabel('Email').inputValue()).toBe(BUYER);
    await drawer.getByLabel('Password', { exact: true }).fill('buyer-pass');
    await drawer.getByLabel('Repeat password').fill('buyer-pass');
    await drawer.getByRole('button', { name: 'Register' }).click();
    await page.locator('.app[data-auth="signed-in"]').waitFor();
    await page.getByRole('button', { name: 'Accept the vehicle' }).click();
    // The vehicle's page, now as its owner: the menu offers what only an owner gets.
    await page.waitForURL(`${server.url}/vehicle/${red911}`);
    await settledScreen(page);
    await page.locator('[data-page="vehicle"][data-access="owner"] [data-menu="transfer"]').first().waitFor();
    const [stored] = await server.db.query<{ email: string }>('select u.email from vehicles v join users u on u.id = v.user_id where v.id = $1', [red911]);
    expect(stored!.email).toBe(BUYER);
    // Its photos, records and tag came along; the seller's private note did not.
    await expect.poll(() => page.locator('[data-photos] img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
    await page.locator('[data-page="vehicle"] [data-menu="show-qr-code"]').first().waitFor();
    await openScreen(page, `${server.url}/vehicle/${red911}/maintenance`);
    await page.locator('[data-card="reminders"]', { hasText: 'Oil change' }).waitFor();
    await openScreen(page, `${server.url}/vehicle/${red911}/notes`);
    await page.locator('[data-page="vehicle"][data-section="notes"]').waitFor();
    expect(await page.locator('main').textContent()).not.toContain(PRIVATE_NOTE);
  });

  it("leaves the seller's devices, and the seller's link stops working", async () => {
    const page = seller.page;
    await openScreen(page, `${server.url}/vehicle/`);
    await expect.poll(() => myVehicleNames(page)).not.toContain('Red 911');
    await openScreen(buyer.page, `${server.url}${reportLink}`);
    await buyer.page.locator('[data-page="shared-report"][data-report-state="unknown"]').waitFor();
    await expectNoAxeViolations(buyer.page, 'a revoked report link');
  });
});
