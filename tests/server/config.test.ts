import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';

const load = (env: Record<string, string>) => loadConfig(env, { staticDir: 'dist/public' });

describe('auth and mail settings', () => {
  it('default to a direct connection, no SMTP, and a sender on the public host', () => {
    const config = load({ PUBLIC_URL: 'https://tags.example.com/' });
    expect(config).toMatchObject({
      trustProxy: false, smtpUrl: null, mailFrom: 'Tagbook <no-reply@tags.example.com>', production: false,
    });
  });

  it('read TRUST_PROXY, SMTP_URL, MAIL_FROM and NODE_ENV', () => {
    const config = load({ TRUST_PROXY: '1', SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'A <a@b.c>', NODE_ENV: 'production' });
    expect(config).toMatchObject({ trustProxy: true, smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: 'A <a@b.c>', production: true });
  });

  it('refuse malformed values at start rather than at the first sign-in or mail', () => {
    expect(() => load({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be 0 or 1, got "yes"');
    expect(() => load({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL must/);
    expect(() => load({ SMTP_URL: 'http://mail.example' })).toThrow('SMTP_URL must start with smtp:// or smtps://');
  });
});
