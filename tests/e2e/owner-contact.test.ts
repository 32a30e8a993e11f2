import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../server/db/seed.js';
import { CONTACT_REFUSALS } from '../../src/domain/ownerContact.js';
import { expectNoAxeViolations } from '../helpers/axe.js';
import { launchDevice, type Device } from '../helpers/browser.js';
import { openScreen } from '../helpers/screens.js';
import { requireBuild, startTestServer, type TestServer } from '../helpers/server.js';
import { signInThroughUi } from '../helpers/ui.js';

// Reaching a vehicle's owner through its tag, at phone size: a stranger scans a tag and writes, signed out; the owner
// reads it on their own device and answers once through the relay; neither sees the other's address.
describe('contacting the owner through a tag', () => {
  let server: TestServer;
  let visitor: Device;
  let owner: Device;
  let red911 = '';
  let camper = '';

  const outbox = async (to: string) => server.db.query<{ subject: string; body_text: string }>('select subject, body_text from mail_outbox where to_address = $1', [to]);

  beforeAll(async () => {
    requireBuild();
    server = await startTestServer('pglite');
    await seedDemo(server.db);
    const id = async (name: string) => (await server.db.query<{ id: string }>('select id from vehicles where name = $1', [name]))[0]!.id;
    red911 = await id('Red 911');
    camper = await id('Camper van');
    [visitor, owner] = await Promise.all([launchDevice(), launchDevice()]);
  });
  afterAll(async () => {
    await Promise.all([visitor, owner].map((d) => d?.close()));
    await server?.stop();
  });

  it("a visitor scans a public vehicle's tag and writes to its owner, signed out, leaving an address for an answer", async () => {
    const page = visitor.page;
    await openScreen(page, `${server.url}/DEMOTAG00001`);
    const card = page.locator('[data-card="contact-owner"]');
    await card.waitFor();
    await card.getByLabel('Your lights are on').check();
    await card.getByLabel('Message (optional)').fill('Silver sedan next to you, level 2. See https://example.com');
    await card.getByLabel('Your email, for an answer (optional)').fill('passer.by@example.net');
    await expectNoAxeViolations(page, 'the contact form');
    await card.getByRole('button', { name: 'Send to the owner' }).click();
    await card.locator('[data-contact-sent]').waitFor();
    const [stored] = await server.db.query<{ vehicle_id: string; reason: string; can_reply: boolean }>(
      `select vehicle_id, reason, can_reply from owner_messages where body like 'Silver sedan%'`,
    );
    expect(stored).toEqual({ vehicle_id: red911, reason: 'lights', can_reply: true });
    const [mail] = await outbox('owner@tagbook.test');
    expect(mail!.body_text).toContain('Your lights are on');
    expect(mail!.body_text).toContain('example[.]com');
    expect(mail!.body_text).not.toContain('https://');
    expect(mail!.body_text).not.toContain('passer.by');
  });

  it('the owner reads it on their own device and answers once; the answer goes to the visitor, not their address to the owner', async () => {
    const page = owner.page;
    await signInThroughUi(page, server.url, 'owner@tagbook.test', 'tagbook-demo');
    await openScreen(page, `${server.url}/vehicle/${red911}/messages`);
    const message = page.locator('[data-message]', { hasText: 'Silver sedan' });
    await message.waitFor();
    expect(await message.getAttribute('data-new')).toBe('');
    expect(await page.locator('main').textContent()).not.toContain('passer.by');
    await expectNoAxeViolations(page, 'the messages page');
    await message.getByRole('button', { name: 'Answer' }).click();
    await message.getByLabel(/Your answer/).fill('Thanks! Coming down now.');
    await message.getByRole('button', { name: 'Send answer' }).click();
    await message.locator('[data-reply]', { hasText: 'Coming down now' }).waitFor();
    const [answer] = await outbox('passer.by@example.net');
    expect(answer!.body_text).toContain('Coming down now');
    expect(answer!.body_text).not.toContain('owner@tagbook.test');
    expect(answer!.body_text).not.toContain('Red 911');
    // Read on the device, and the server hears it.
    await expect
      .poll(async () => (await server.db.query<{ read: boolean }>(`select read_at is not null as read from owner_messages where body like 'Silver sedan%'`))[0]?.read)
      .toBe(true);
    expect(await message.getByRole('button', { name: 'Answer' }).count()).toBe(0);
  });

  it("a private vehicle's tag takes messages too, until its owner turns them off; the refusal is said on the form", async () => {
    const page = visitor.page;
    await openScreen(page, `${server.url}/DEMOTAG00003`);
    const card = page.locator('[data-card="contact-owner"]');
    await card.waitFor();
    expect(await page.locator('main').textContent()).not.toContain('Camper van');
    // 'Something else' needs words.
    await card.getByLabel('Something else').check();
    await card.getByRole('button', { name: 'Send to the owner' }).click();
    await card.getByText('Say what it is about').waitFor();
    await card.getByLabel('Message', { exact: true }).fill('Your dog is barking inside, windows are up.');

    // The owner turns messages through the camper's tag off.
    await openScreen(owner.page, `${server.url}/vehicle/${camper}/messages`);
    await owner.page.getByLabel('Let people who scan the tag send me messages').uncheck();
    await expect.poll(async () => (await server.db.query<{ off: boolean }>('select contact_off as off from vehicles where id = $1', [camper]))[0]?.off).toBe(true);

    await card.getByRole('button', { name: 'Send to the owner' }).click();
    await card.locator('[data-contact-refused]', { hasText: CONTACT_REFUSALS.off }).waitFor();
    // What was typed stays.
    expect(await card.getByLabel('Message', { exact: true }).inputValue()).toBe('Your dog is barking inside, windows are up.');

    await owner.page.getByLabel('Let people who scan the tag send me messages').check();
    await expect.poll(async () => (await server.db.query<{ off: boolean }>('select contact_off as off from vehicles where id = $1', [camper]))[0]?.off).toBe(false);
    await card.getByRole('button', { name: 'Send to the owner' }).click();
    await card.locator('[data-contact-sent]').waitFor();
    await owner.page.locator('[data-message]', { hasText: 'dog is barking' }).waitFor();
    expect(await owner.page.locator('[data-message]', { hasText: 'dog is barking' }).textContent()).toContain('They left no way to answer.');
  });

  it("the owner's home says where messages wait unread; the vehicle's keepers are not offered the form on their own vehicle", async () => {
    await openScreen(owner.page, server.url);
    // The demo's unread message on the Trail Bronco; the ones read above are not listed.
    const waiting = owner.page.getByRole('navigation', { name: 'New messages' });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Trail Bronco');
    expect(await waiting.textContent()).not.toContain('Red 911');
    await openScreen(owner.page, `${server.url}/vehicle/${red911}`);
    await owner.page.locator('[data-profile]').waitFor();
    expect(await owner.page.locator('[data-card="contact-owner"]').count()).toBe(0);
  });
});
