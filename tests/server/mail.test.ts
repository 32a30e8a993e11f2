import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/mail/mailer.js';
import { lastLinkTo, mailsTo } from '../helpers/auth-db.js';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { mailBody, mailHeader, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const backends = await testBackends();

let unique = 0;
const email = () => `smtp-${++unique}@example.com`;

/** A port nothing listens on (bound, read, released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.each(backends)('mail on %s', (backend) => {
  describe('through SMTP_URL', () => {
    let sink: SmtpSink;
    let server: TestServer;
    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(backend, { SMTP_URL: sink.url, MAIL_FROM: 'Tagbook <robot@tagbook.example>' });
    });
    afterAll(async () => {
      await server?.stop();
      await sink?.close();
    });

    it('delivers the recovery mail with its link and marks it sent in the outbox', async () => {
      const address = email();
      await (await TestDevice.create(server)).register(address, 'p');
      await (await TestDevice.create(server)).account.requestRecoverPassword({ email: address });
      const [mail] = await sink.waitFor(1);
      expect(mail!.from).toBe('robot@tagbook.example');
      expect(mail!.to).toEqual([address]);
      expect(mailHeader(mail!, 'Subject')).toBe('Reset your Tagbook password');
      const link = await lastLinkTo(server, address, '/recover_account/');
      expect(mailBody(mail!)).toContain(link);
      await server.mailer.idle();
      const [row] = await mailsTo(server, address);
      expect(row).toMatchObject({ error: null, attempts: 1 });
      expect(row!.sent_at).toBeInstanceOf(Date);
    });
  });

  describe('when the relay is down', () => {
    let server: TestServer;
    let sink: SmtpSink | null = null;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      server = await startTestServer(backend, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    });
    afterAll(async () => server?.stop());
    afterEach(async () => sink?.close());

    it('records the failure in the outbox, keeps the mail, and delivers it on a later retry', async () => {
      const address = email();
      await (await TestDevice.create(server)).register(address, 'p');
      // The call still succeeds: delivery happens after the answer.
      await (await TestDevice.create(server)).account.requestRecoverPassword({ email: address });
      await server.mailer.idle();
      const [failed] = await mailsTo(server, address);
      expect(failed).toMatchObject({ sent_at: null, attempts: 1 });
      expect(failed!.error).toMatch(/ECONNREFUSED|connect/i);

      sink = await startSmtpSink(port);
      // As if the retry delay had passed.
      await server.db.query('update mail_outbox set claimed_until = null');
      expect(await server.mailer.deliverPending()).toBe(1);
      const [mail] = await sink.waitFor(1);
      expect(mailBody(mail!)).toContain(failed!.body_text.split('\n')[3]);
      const [sent] = await mailsTo(server, address);
      expect(sent).toMatchObject({ error: null, attempts: 2 });
      expect(sent!.sent_at).toBeInstanceOf(Date);
    });
  });

  describe('the console', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(backend);
    });
    afterAll(async () => server?.stop());

    it('gets one line with recipient and subject; the link only outside production', async () => {
      for (const production of [false, true]) {
        const lines: string[] = [];
        const mailer = createMailer(server.db, { smtpUrl: null, mailFrom: 'x@y.z', production }, (l) => lines.push(l));
        await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Open https://t.example/secret', secretLink: 'https://t.example/secret' });
        await mailer.close();
        expect(lines[0]).toMatch(/^mail \S+ to a@example\.com: "Hello"/);
        expect(lines.some((l) => l.includes('https://t.example/secret'))).toBe(!production);
      }
    });
  });
});
