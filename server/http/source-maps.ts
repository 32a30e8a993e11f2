import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Production builds ship source maps, but they are served only to browsers that hold a valid `mapToken` cookie
 * (issued after an admin gives the server's SOURCE_MAP_PASSWORD in the settings dialog), and to everyone by a server
 * whose PUBLIC_URL is a host ending in `.dev`, a development machine by convention. The host comes from the
 * configuration, never from the request, whose Host header the client writes. The token is `<expiry ms>.<HMAC>`,
 * keyed by a digest of the password: changing the password revokes every token, and the password itself never
 * leaves the server.
 */
export const MAP_TOKEN_COOKIE = 'mapToken';
export const MAP_TOKEN_MAX_AGE_S = 365 * 24 * 60 * 60;

const keyOf = (password: string) => createHash('sha256').update(`tagbook source maps\0${password}`).digest();
const mac = (password: string, expiresAt: number) => createHmac('sha256', keyOf(password)).update(String(expiresAt)).digest('base64url');

export function issueMapToken(password: string, nowMs: number): { token: string; expiresAt: number } {
  const expiresAt = nowMs + MAP_TOKEN_MAX_AGE_S * 1000;
  return { token: `${expiresAt}.${mac(password, expiresAt)}`, expiresAt };
}

export function isValidMapToken(password: string | null, token: string | null, nowMs: number): boolean {
  if (password === null || token === null) return false;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt <= nowMs) return false;
  const expected = Buffer.from(mac(password, expiresAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a decoded request path names a source map (file names are matched without regard to case). */
export function isSourceMapPath(decodedPath: string): boolean {
  return /\.map$/i.test(decodedPath);
}

/** Whether a server reached at `publicUrl` is a development machine, which serves its maps to everyone. */
export function isDevelopmentServer(publicUrl: string): boolean {
  return new URL(publicUrl).hostname.endsWith('.dev');
}

/** Whether this request may be given a `.map` file. */
export function maySeeSourceMaps(publicUrl: string, token: string | null, password: string | null, nowMs: number): boolean {
  return isDevelopmentServer(publicUrl) || isValidMapToken(password, token, nowMs);
}

/** Compares a given password with the configured one without telling how much of it matched. */
export function samePassword(given: string, configured: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(configured).digest();
  return timingSafeEqual(a, b);
}

export function mapTokenCookie(token: string, secure: boolean): string {
  const parts = [`${MAP_TOKEN_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${MAP_TOKEN_MAX_AGE_S}`];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
