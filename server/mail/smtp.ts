import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Where mail leaves the server. One implementation (SMTP); tests reach it through a real SMTP sink. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, from a URL such as smtp://user:password@host:587 (smtps:// for implicit TLS). */
export function smtpTransport(url: string): MailTransport {
  // nodemailer's defaults wait minutes for a silent relay; a delivery should fail (and be retried) well before.
  const transport = createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}
