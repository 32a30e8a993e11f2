import { rotateDeviceKey } from './deviceKey.js';
import { clearSession, getSession } from './session.js';

/**
 * Ends the session on this device (every tab) and replaces the device key. With `sessionId`, only if that is still
 * the current session: a late Unauthenticated answer to a request of an earlier session must not end a newer one.
 *
 * Resolves once the session is gone, without waiting for the new key (a random delay of up to 200 ms):
 * the rotation already holds the device-key lock, so a sign-in that follows waits for the fresh pair anyway.
 */
export async function endLocalSession(sessionId?: string): Promise<void> {
  const current = getSession();
  if (current === null || (sessionId !== undefined && current.sessionId !== sessionId)) return;
  const rotation = rotateDeviceKey();
  rotation.catch((error: unknown) => console.error('Could not replace the device key', error));
  await clearSession();
}
