import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { WAIT_BACKSTOP_MS } from './backstop.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The DATA section as sent (headers and encoded body), dot-unstuffed. */
  data: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  readonly mails: ReceivedMail[];
  /** Resolves once `count` mails have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * Just enough of an SMTP server to prove delivery: greeting, EHLO/HELO, MAIL FROM, RCPT TO, DATA, RSET, NOOP, QUIT.
 * No TLS and no AUTH are offered, so a client configured without credentials sends in plain text.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP test sink');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end).split('\r\n').map((l) => (l.startsWith('..') ? l.slice(1) : l)).join('\r\n');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push({ ...envelope, data });
          envelope = { from: '', to: [] };
          reply('250 2.0.0 queued');
          for (const wake of waiters) wake();
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250 sink.test');
        else if (verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    waitFor(count, timeoutMs = WAIT_BACKSTOP_MS) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mails.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mails);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`SMTP sink got ${mails.length} mails, expected ${count}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The plain-text body of a received mail, with quoted-printable or base64 transfer encoding undone. */
export function mailBody(mail: ReceivedMail): string {
  const split = mail.data.indexOf('\r\n\r\n');
  const head = mail.data.slice(0, split);
  const body = mail.data.slice(split + 4);
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A header of a received mail (first occurrence), unfolded. */
export function mailHeader(mail: ReceivedMail, name: string): string | null {
  const head = mail.data.slice(0, mail.data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return match?.[1] ?? null;
}
