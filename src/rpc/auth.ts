import { Code, ConnectError } from '@connectrpc/connect';
import type { Client } from '@connectrpc/connect';
import { normalizeEmail, passwordDigestInput, usernameDigestInput } from '../domain/credentials.js';
import { sanitizeInput } from '../domain/validation.js';
import { AccountService } from '../gen/tagbook/v1/account_pb.js';
import { AuthService } from '../gen/tagbook/v1/auth_pb.js';
import type { CreateAccountError } from '../gen/tagbook/v1/auth_pb.js';
import type { NewSession } from '../gen/tagbook/v1/session_pb.js';
import { exportPublicKey, getDeviceKeyPair } from './deviceKey.js';
import { sha256Hex } from './digest.js';
import { endLocalSession } from './localLogout.js';
import { getSession, setSession, updateUser, whenSessionLoaded } from './session.js';
import { rpcClient } from './transport.js';
import { toCurrentUser } from './user.js';

// Every account call the app makes. Emails are sanitised here as well as in the forms (harmless twice, fatal if
// forgotten once); passwords are used exactly as typed and leave the device only as digests.

export const NO_SESSION_DATA_MESSAGE = 'No auth session data in the response.';

let authClient: Client<typeof AuthService> | null = null;
let accountClient: Client<typeof AccountService> | null = null;
const auth = () => (authClient ??= rpcClient(AuthService));
const account = () => (accountClient ??= rpcClient(AccountService));

function passwordDigest(email: string, password: string): Promise<string> {
  return sha256Hex(passwordDigestInput(email, password));
}

async function devicePublicKey(): Promise<Uint8Array> {
  return exportPublicKey(await getDeviceKeyPair());
}

async function startSession(session: NewSession | undefined): Promise<void> {
  if (!session || session.sessionId === '' || session.userId === '') {
    throw new ConnectError(NO_SESSION_DATA_MESSAGE, Code.Internal);
  }
  await setSession({
    sessionId: session.sessionId,
    userId: session.userId,
    user: toCurrentUser(session.user, session.userId),
    serverPublicKey: session.serverPublicKey,
  });
}

export type RegisterResult = { ok: true } | { ok: false; errors: CreateAccountError[] };

/** Creates the account and signs in on this device. Validation problems are a result, not an exception. */
export async function register(email: string, password: string, remember: boolean): Promise<RegisterResult> {
  const cleanEmail = sanitizeInput(email);
  const res = await auth().createAccount({
    email: cleanEmail,
    password: await passwordDigest(cleanEmail, password),
    remember,
    publicKey: await devicePublicKey(),
  });
  if (res.errors.length > 0) return { ok: false, errors: res.errors };
  await startSession(res.session);
  return { ok: true };
}

/** Throws ConnectError: PermissionDenied for wrong credentials, ResourceExhausted after too many attempts. */
export async function signIn(email: string, password: string, remember: boolean): Promise<void> {
  const cleanEmail = sanitizeInput(email);
  const res = await auth().loginPassword({
    username: await sha256Hex(usernameDigestInput(cleanEmail)),
    password: await passwordDigest(cleanEmail, password),
    remember,
    publicKey: await devicePublicKey(),
  });
  await startSession(res.session);
}

/** Asks for a one-time sign-in link by email. Succeeds whether or not the address has an account. */
export async function requestSignInLink(email: string, remember: boolean): Promise<void> {
  await auth().loginEmail({ email: sanitizeInput(email), remember });
}

/** Redeems an emailed sign-in link on this device. PermissionDenied: unknown, expired or used link. */
export async function signInWithEmailLink(token: string, remember: boolean): Promise<void> {
  const res = await auth().completeLoginEmail({ token, remember, publicKey: await devicePublicKey() });
  await startSession(res.session);
}

/** Emails a recovery link. InvalidArgument for a malformed email. */
export async function requestRecovery(email: string): Promise<void> {
  await account().requestRecoverPassword({ email: sanitizeInput(email) });
}

/** Sets a new password with a recovery link's hash. PermissionDenied: unknown, expired or used link. */
export async function recoverPassword(hash: string, email: string, newPassword: string): Promise<void> {
  const cleanEmail = sanitizeInput(email);
  await account().recoverPassword({ hash, email: cleanEmail, password: await passwordDigest(cleanEmail, newPassword) });
}

/** PermissionDenied when the current password is wrong (the session stays). */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  const session = await whenSessionLoaded();
  // Both digests are salted with the account's email, which the session's user carries.
  const email = session?.user.email ?? '';
  if (session === null || normalizeEmail(email) === '') {
    throw new ConnectError(NO_SESSION_DATA_MESSAGE, Code.Unauthenticated);
  }
  await account().changePassword({
    currentPassword: await passwordDigest(email, currentPassword),
    newPassword: await passwordDigest(email, newPassword),
  });
}

/**
 * Signs out. This device always ends its session, even when the server cannot be told (offline): the key that
 * signed for the session is replaced, so the server-side session is dead weight either way.
 *
 * Signing out of all devices is different: only the server can end the other devices' sessions. If it could not
 * be told, this throws and keeps the session, so the user can retry instead of believing the others are out.
 */
export async function logout(allDevices = false): Promise<void> {
  const session = await whenSessionLoaded();
  if (session === null) return;
  try {
    await auth().logout({ allDevices });
  } catch (error) {
    const sessionGone = getSession()?.sessionId !== session.sessionId;
    if (allDevices && !sessionGone) throw error;
  }
  await endLocalSession(session.sessionId);
}

/** Whether the server still knows this device's session; signs out locally when it does not. */
export async function checkSession(): Promise<boolean> {
  const session = await whenSessionLoaded();
  if (session === null) return false;
  const res = await account().isLogged({});
  if (!res.logged) await endLocalSession(session.sessionId);
  else if (res.user) await updateUser(session.sessionId, toCurrentUser(res.user, session.userId));
  return res.logged;
}
