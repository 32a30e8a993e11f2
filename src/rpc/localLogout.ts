import { rotateDeviceKey } from './deviceKey.js';
import { clearSession, getSession } from './session.js';

/**
 * Ends the session on this device (every tab) and replaces the device key. With `sessionId`, only if that is still
 * the current session: a late Unauthenticated answer to a request of an earlier session must not end a newer one.
 */
export async function endLocalSession(sessionId?: string): Promise<void> {
  const current = getSession();
  if (current === null || (sessionId !== undefined && current.sessionId !== sessionId)) return;
  await clearSession();
  await rotateDeviceKey();
}
