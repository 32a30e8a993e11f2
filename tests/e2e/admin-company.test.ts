import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../server/db/seed.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { requireBuild, ROOT, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

const SIZES = { phone: { width: 412, height: 915 }, desktop: { width: 1280, height: 900 } } as const;
const SHOTS = join(ROOT, '.tmp', 'screenshots');

/**
 * The admin area and the company area with real data, as the demo admin and the demo worker would use them, at
 * phone and desktop size, axe-clean on every screen.
 */
describe('admin and company areas in the browser', () => {
  let server: TestServer;
  let admin: Device;
  let worker: Device;
  let adminPage: Page;
  let workerPage: Page;

  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    [admin, worker] = await Promise.all([launchDevice(), launchDevice()]);
    adminPage = admin.page;
    workerPage = worker.page;
    await Promise.all([
      signInThroughUi(adminPage, server.url, 'admin@tagbook.test', 'tagbook-admin'),
      signInThroughUi(workerPage, server.url, 'worker@tagbook.test', 'tagbook-worker'),
    ]);
  });
  afterAll(async () => {
    await admin?.close();
    await worker?.close();
    await server?.stop();
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`the admin dashboard, users, customers, requests and finder work at ${size} size`, async () => {
      const page = adminPage;
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/admin`);
      await expect.poll(() => page.locator('[data-stat="vehicles"] dd').textContent()).toBe('6');
      await expect.poll(() => page.locator('[data-stat="requests-open"] dd').textContent()).toBe('2');
      await shot(page, `admin-dashboard-${size}`);
      await expectNoAxeViolations(page, `dashboard ${size}`);

      await page.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByLabel('Search users').fill('OWNER@');
      await expect.poll(() => page.locator('[data-list="users"] [data-user]').count()).toBe(1);
      await page.locator('[data-user="owner@tagbook.test"]').click();
      await expect.poll(() => page.locator('[data-list="vehicles"] [data-vehicle]').count()).toBe(3);
      await expectNoAxeViolations(page, `user ${size}`);
      await shot(page, `admin-user-${size}`);

      await page.getByRole('link', { name: 'Vehicle Finder', exact: true }).click();
      await page.getByLabel('Find a vehicle').fill('demotag 00002');
      await expect.poll(() => page.locator('[data-list="vehicles"] [data-vehicle]').count()).toBe(1);
      await expect(page.locator('[data-matched="tag"]').count()).resolves.toBe(1);
      await expectNoAxeViolations(page, `finder ${size}`);
      await shot(page, `admin-finder-${size}`);

      await page.getByRole('link', { name: 'Requests', exact: true }).click();
      await expect.poll(() => page.locator('[data-list="requests"] [data-request]').count()).toBe(2);
      await page.locator('select[name="status"]').selectOption({ label: 'Started' });
      await expect.poll(() => page.locator('[data-list="requests"] [data-request]').count()).toBe(1);
      await expectNoAxeViolations(page, `requests ${size}`);
      await shot(page, `admin-requests-${size}`);
      // The sections are one row of tabs, whatever the width; on a phone the secondary filters wait behind a button,
      // so the first result is on the first screen.
      const tabs = await page.getByRole('navigation', { name: 'Admin sections' }).locator('a').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().top));
      expect(new Set(tabs).size).toBe(1);
      const createdFrom = page.getByLabel('Created from');
      if (size === 'phone') {
        expect(await createdFrom.isVisible()).toBe(false);
        const first = await page.locator('[data-list="requests"] [data-request]').first().boundingBox();
        expect(first!.y + first!.height).toBeLessThan(viewport.height);
        await page.getByRole('button', { name: 'More filters' }).click();
      }
      expect(await createdFrom.isVisible()).toBe(true);

      await page.getByRole('link', { name: 'Customers', exact: true }).click();
      await expect.poll(() => page.locator('[data-list="customers"] [data-customer]').count()).toBeGreaterThanOrEqual(2);
      await expectNoAxeViolations(page, `customers ${size}`);
      await shot(page, `admin-customers-${size}`);
    });
  }

  it("lists a user's signed-in devices by what they are, never by an id", async () => {
    const page = adminPage;
    await page.goto(`${server.url}/admin/users`);
    await page.locator('[data-user="worker@tagbook.test"]').click();
    const sessions = page.locator('[data-list="sessions"] [data-session]');
    await sessions.first().waitFor();
    // The worker signed in from this test's Chromium on Linux.
    expect(await sessions.first().locator('.ui-list-item__title').textContent()).toBe('Chrome on Linux');
    expect(await page.locator('[data-list="sessions"]').textContent()).not.toContain('Session');
  });

  it('an admin creates, edits, deletes and restores a customer, with clear errors for bad input', async () => {
    const page = adminPage;
    await page.goto(`${server.url}/admin/customers`);
    // Cancel leaves the form and keeps nothing of it.
    await page.locator('[data-action="new-customer"]').click();
    await page.getByLabel('Name').fill('Cancelled Customer');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('[data-action="new-customer"]').click();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await page.getByLabel('Name').fill('Riley Stone');
    await page.getByLabel('Email').fill('not-an-email');
    await page.locator('[data-action="save-customer"]').click();
    await expect.poll(() => page.getByText('Invalid email address').count()).toBe(1);
    await expectNoAxeViolations(page, 'customer form');
    await page.getByLabel('Email').fill('riley@example.com');
    await page.locator('[data-action="save-customer"]').click();
    await page.locator('[data-customer="Riley Stone"]').click();
    await expect.poll(() => page.locator('[data-field="customer-email"]').textContent()).toBe('riley@example.com');
    await page.locator('[data-action="delete-customer"]').click();
    await expect.poll(() => page.locator('[data-customer-state]').getAttribute('data-customer-state')).toBe('deleted');
    await page.locator('[data-action="restore-customer"]').click();
    await expect.poll(() => page.locator('[data-customer-state]').getAttribute('data-customer-state')).toBe('live');
    await expectNoAxeViolations(page, 'customer detail');
    const rows = await server.db.query<{ deleted_at: Date | null }>(`select deleted_at from customers where name = 'Riley Stone'`);
    expect(rows).toEqual([{ deleted_at: null }]);
    expect(await server.db.query(`select 1 from customers where name = 'Cancelled Customer'`)).toEqual([]);
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`the demo worker sees the company's profile, employees, customers, requests and services at ${size} size`, async () => {
      const page = workerPage;
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/company`);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe('Tagbook Garage');
      await expect.poll(() => page.locator('[data-field="company-role"]').textContent()).toBe('Employee');
      await expectNoAxeViolations(page, `company profile ${size}`);
      await shot(page, `company-profile-${size}`);
      for (const [link, selector] of [
        ['Employees', '[data-list="employees"] [data-employee]'],
        ['Customers', '[data-list="customers"] [data-customer]'],
        ['Requests', '[data-list="company-requests"] [data-request]'],
      ] as const) {
        await page.getByRole('link', { name: link, exact: true }).click();
        await expect.poll(() => page.locator(selector).count(), { message: link }).toBeGreaterThan(0);
        await expectNoAxeViolations(page, `company ${link} ${size}`);
        await shot(page, `company-${link.toLowerCase()}-${size}`);
      }
      await page.getByRole('link', { name: 'Services', exact: true }).click();
      await expect.poll(() => page.getByText('Wheel alignment').count()).toBe(1);
      await expectNoAxeViolations(page, `company services ${size}`);
    });
  }

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`the worker reads a customer's vehicle as a shop does — its VIN, never its owner — at ${size} size`, async () => {
      const page = workerPage;
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/company/customers`);
      await page.locator('[data-customer="Demo Owner"]').click();
      const row = page.locator('[data-list="vehicles"] [data-vehicle]');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('strong').textContent()).toBe('MLA31867');
      expect(await row.textContent()).not.toMatch(/Owner|Unclaimed|owner@tagbook\.test/);
      await expectNoAxeViolations(page, `company customer ${size}`);
      await shot(page, `company-customer-${size}`);

      // The vehicle's Info page shows what a shop works from, and does not call the rest missing.
      const bronco = (await server.db.query<{ id: string }>(`select id from vehicles where name = 'Trail Bronco'`))[0]!.id;
      await page.goto(`${server.url}/vehicle/${bronco}/info`);
      await expect.poll(() => page.locator('[data-info-field="vin"] mark').textContent()).toBe('MLA31867');
      const fields = await page.locator('[data-info-field]').evaluateAll((els) => els.map((e) => e.getAttribute('data-info-field')));
      expect(fields).toEqual(['vin', 'make', 'model', 'year', 'color', 'license_plate', 'customer_id']);
      await expectNoAxeViolations(page, `worker vehicle info ${size}`);
      await shot(page, `worker-vehicle-info-${size}`);
    });
  }

  it("an admin's customer page names each vehicle's owner", async () => {
    const page = adminPage;
    await page.goto(`${server.url}/admin/customers`);
    await page.locator('[data-customer="Demo Owner"]').click();
    await expect.poll(() => page.locator('[data-list="vehicles"] [data-owner]').getAttribute('data-owner')).toBe('owner@tagbook.test');
  });

  it("keeps the admin area from a worker: 'Permission denied'", async () => {
    await workerPage.goto(`${server.url}/admin/users`);
    await expect.poll(() => workerPage.getByText("Oops, you don't have privileges to access this page.").count()).toBe(1);
  });
});
