import { Code, ConnectError, type HandlerContext, type ServiceImpl } from '@connectrpc/connect';
import { DIGEST_PATTERN, normalizeEmail, usernameDigestInput } from '../../src/domain/credentials.js';
import { newId } from '../../src/domain/ids.js';
import { isValidEmail, MESSAGES } from '../../src/domain/validation.js';
import {
  AuthService,
  CreateAccountError,
  type CreateAccountRequest,
  type LoginPasswordRequest,
} from '../../src/gen/tagbook/v1/auth_pb.js';
import { issueSecret, redeemSecret, SIGN_IN_LINK_LIFETIME_MS } from './one-time-secrets.js';
import { hashPassword, sha256Hex } from './passwords.js';
import { mayMail } from './mail-throttle.js';
import { forgiveAccount } from './rate-limit.js';
import { createSession, revokeSession, revokeUserSessions } from './sessions.js';
import { displayNameFromEmail } from './users.js';
import { signInMail } from '../mail/messages.js';
import { checkPassword, findAccount, findAccountById, insertAccount, updateUsernameDigest } from './account-store.js';
import { getPowerSyncAuth } from './powersync-auth.js';
import type { ServerContext } from '../rpc/context.js';
import { CLIENT_ADDRESS, sessionSlot } from '../rpc/session-context.js';
import {
  announceSession,
  beginAttempt,
  devicePublicKey,
  endSession,
  permissionDenied,
  requireDigest,
  signingInDevice,
  startSession,
} from './sign-in.js';

const LINK_MESSAGES = {
  unknown: 'This sign-in link is not valid',
  used: 'This sign-in link was already used',
  expired: 'This sign-in link has expired',
  'other-email': 'This sign-in link is not valid',
} as const;

/** AuthService (auth.proto). */
export function authService(ctx: ServerContext): Partial<ServiceImpl<typeof AuthService>> {
  return {
    createAccount: (req, hctx) => createAccount(ctx, req, hctx),
    loginPassword: (req, hctx) => loginPassword(ctx, req, hctx),
    getPowerSyncAuth: (_req, hctx) => getPowerSyncAuth(ctx, hctx),

    async loginEmail(req, hctx) {
      const email = normalizeEmail(req.email);
      if (!isValidEmail(email)) throw new ConnectError(MESSAGES.emailInvalid, Code.InvalidArgument);
      // The same work for every address (count, look up), and the mail itself after answering: neither the answer
      // nor its timing tells who is registered or who was throttled (auth.proto).
      const allowed = await mayMail(ctx.db, { to: email, client: hctx.values.get(CLIENT_ADDRESS) });
      const account = await findAccount(ctx.db, { email });
      if (account === null || !allowed) return {};
      ctx.mailer.later(async () => {
        const token = await issueSecret(ctx.db, {
          userId: account.id, email, purpose: 'sign_in_email', lifetimeMs: SIGN_IN_LINK_LIFETIME_MS,
        });
        // remember only preselects "Trust this device" on the page the link opens; CompleteLoginEmail decides.
        const link = `${ctx.config.publicUrl}/my-account/sign-in/${token}${req.remember ? '?remember=1' : ''}`;
        await ctx.mailer.send({ to: email, ...signInMail(link), secretLink: link });
      });
      return {};
    },

    async completeLoginEmail(req, hctx) {
      const publicKey = devicePublicKey(req.publicKey);
      // The account is unknown until the token is redeemed, so only the address is counted.
      const attempt = await beginAttempt(ctx, hctx, null);
      const redeemed = await redeemSecret(ctx.db, { secret: req.token, purpose: 'sign_in_email' });
      if (!redeemed.ok) throw permissionDenied(LINK_MESSAGES[redeemed.reason]);
      await attempt.succeeded();
      const account = await findAccountById(ctx.db, redeemed.userId);
      if (account !== null) await forgiveAccount(ctx.db, account.usernameDigest);
      return { session: await startSession(ctx, hctx, { userId: redeemed.userId, publicKey, remember: req.remember }) };
    },

    async logout(req, hctx) {
      const { session } = sessionSlot(hctx);
      // Without a session there is nothing to end; clearing the cookie still tidies up a stale one.
      if (session !== null) {
        if (req.allDevices) await revokeUserSessions(ctx.db, session.userId);
        else await revokeSession(ctx.db, session.sessionId);
      }
      endSession(ctx, hctx);
      return {};
    },
  };
}

async function createAccount(ctx: ServerContext, req: CreateAccountRequest, hctx: HandlerContext) {
  const publicKey = devicePublicKey(req.publicKey);
  const email = normalizeEmail(req.email);
  const errors: CreateAccountError[] = [];
  if (!isValidEmail(email)) errors.push(CreateAccountError.EMAIL_INVALID);
  // Only a digest can be checked here: the length rule applies to the clear password, which never leaves the client.
  if (!DIGEST_PATTERN.test(req.password)) errors.push(CreateAccountError.PASSWORD_INVALID);
  if (errors.length === 0 && (await findAccount(ctx.db, { email })) !== null) errors.push(CreateAccountError.EMAIL_IN_USE);
  if (errors.length > 0) return { errors };

  const stored = await hashPassword(req.password); // slow on purpose: before the transaction, not inside it
  const userId = newId();
  const sessionId = await ctx.db.transaction(async (tx) => {
    const user = { id: userId, displayName: displayNameFromEmail(email), email, usernameDigest: sha256Hex(usernameDigestInput(email)) };
    // A concurrent registration of the same address loses here rather than failing on the unique index.
    if (!(await insertAccount(tx, user, stored))) return null;
    return createSession(tx, { userId, publicKey, remember: req.remember, device: signingInDevice(hctx) });
  });
  if (sessionId === null) return { errors: [CreateAccountError.EMAIL_IN_USE] };
  return { errors: [], session: await announceSession(ctx, hctx, { sessionId, userId, remember: req.remember }) };
}

/**
 * Unknown users and wrong passwords get the same answer after the same work (checkPassword runs scrypt either
 * way), so the call cannot be used to find out who is registered.
 *
 * deprecated_username: accounts imported from before client-side digests may hold a username digest that no
 * client computes any more. When the digest finds nobody and the client also sent its normalized email in clear
 * (and that email digests to the username sent), the account is looked up by email; after a correct password its
 * stored digest is replaced by the current one, so the fallback is needed once per account.
 */
async function loginPassword(ctx: ServerContext, req: LoginPasswordRequest, hctx: HandlerContext) {
  const username = requireDigest(req.username, 'username');
  const password = requireDigest(req.password, 'password');
  const publicKey = devicePublicKey(req.publicKey);
  const attempt = await beginAttempt(ctx, hctx, username);

  let account = await findAccount(ctx.db, { usernameDigest: username });
  let upgradeDigest = false;
  if (account === null && req.deprecatedUsername !== '') {
    const email = normalizeEmail(req.deprecatedUsername);
    if (sha256Hex(usernameDigestInput(email)) === username) {
      account = await findAccount(ctx.db, { email });
      upgradeDigest = account !== null;
    }
  }
  if (!(await checkPassword(ctx.db, account?.id ?? null, password)) || account === null) {
    throw permissionDenied(MESSAGES.wrongPassword);
  }
  await attempt.succeeded();
  if (upgradeDigest) await updateUsernameDigest(ctx.db, account.id, username);
  return { session: await startSession(ctx, hctx, { userId: account.id, publicKey, remember: req.remember }) };
}
