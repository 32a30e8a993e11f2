import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/databases.js';
import { TestDevice } from '../helpers/device.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const backends = await testBackends();

describe.each(backends)('AuthService.GetPowerSyncAuth on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server?.stop());

  it('gives an anonymous visitor a 5-minute token for public data, and leaves the URL to the app', async () => {
    const device = await TestDevice.create(server);
    const before = Date.now();
    const res = await device.auth.getPowerSyncAuth({});
    const claims = decodeJwt(res.token);
    expect(claims.sub).toMatch(/^anonymous:/);
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(decodeProtectedHeader(res.token)).toMatchObject({ alg: 'EdDSA' });
    expect(decodeProtectedHeader(res.token).kid).toBeTruthy();
    expect(res.powersyncUrl).toBe('');
    expect(Number(res.expiresAt)).toBeGreaterThanOrEqual(before + 299_000);
  });

  it('names the signed-in user as the subject', async () => {
    const device = await TestDevice.create(server);
    const session = await device.register(`sync.${backend}@example.com`, 'abcd');
    const res = await device.auth.getPowerSyncAuth({});
    expect(decodeJwt(res.token).sub).toBe(session.userId);
  });

  it('refuses a forged session header rather than falling back to an anonymous token', async () => {
    const device = await TestDevice.create(server);
    await device.register(`forged.${backend}@example.com`, 'abcd');
    device.tamperNext({ header: (h) => ({ ...h, userId: 'AAAAAAAAAAAAAAAAAAAAAA' }) });
    await expect(device.auth.getPowerSyncAuth({})).rejects.toMatchObject({ code: 16 });
  });
});
