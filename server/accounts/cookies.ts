/**
 * The session cookie. The client sends cookies with every call, and they are never enough alone: the cookie only lets the server notice a header that belongs to another session.
 */
export const SESSION_COOKIE = 'tagbook_session';
export const REMEMBERED_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The value of one cookie in a Cookie request header, or null when absent. */
export function readCookie(header: string | null, name: string): string | null {
  if (header === null) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * HttpOnly: scripts never need it. SameSite=Strict: other sites cannot make the browser send it. Secure whenever
 * the app is served over https. Without remember it is a browser-session cookie, like the session it names.
 */
export function sessionCookie(sessionId: string, options: { remember: boolean; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${sessionId}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (options.remember) parts.push(`Max-Age=${REMEMBERED_COOKIE_MAX_AGE_S}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(options: { secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
