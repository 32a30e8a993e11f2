import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { normalizeEmail, usernameDigestInput } from '../../src/domain/credentials.js';
import { isValidEmail, MESSAGES } from '../../src/domain/validation.js';
import { AccountService, IsLoggedResponseSchema } from '../../src/gen/tagbook/v1/account_pb.js';
import { mayMail } from './mail-throttle.js';
import { issueSecret, RECOVERY_LIFETIME_MS, redeemSecret } from './one-time-secrets.js';
import { hashPassword, sha256Hex } from './passwords.js';
import { revokeUserSessions } from './sessions.js';
import { loadUser } from './users.js';
import { recoveryMail } from '../mail/messages.js';
import { checkPassword, findAccount, findAccountById, updatePassword } from './account-store.js';
import type { ServerContext } from '../rpc/context.js';
import { CLIENT_ADDRESS, requireSession, sessionSlot } from '../rpc/session-context.js';
import { beginAttempt, endSession, permissionDenied, requireDigest } from './sign-in.js';

const RECOVERY_MESSAGES = {
  unknown: 'This recovery link is not valid',
  used: 'This recovery link was already used',
  expired: 'This recovery link has expired: ask for a new one',
  'other-email': 'This recovery link was sent for another email address',
} as const;

function validEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new ConnectError(MESSAGES.emailInvalid, Code.InvalidArgument);
  return email;
}

/** AccountService (account.proto). */
export function accountService(ctx: ServerContext): Partial<ServiceImpl<typeof AccountService>> {
  return {
    async changePassword(req, hctx) {
      const session = requireSession(hctx);
      const current = requireDigest(req.currentPassword, 'current_password');
      const next = requireDigest(req.newPassword, 'new_password');
      const account = await findAccountById(ctx.db, session.userId);
      if (account === null) throw new ConnectError('The account no longer exists', Code.NotFound);
      // A stolen, still-open session must not be a way to guess the password: it counts like a sign-in.
      const attempt = await beginAttempt(ctx, hctx, account.usernameDigest);
      if (!(await checkPassword(ctx.db, account.id, current))) throw permissionDenied(MESSAGES.wrongPassword);
      const stored = await hashPassword(next);
      await ctx.db.transaction(async (tx) => {
        await updatePassword(tx, account.id, stored);
        // Whoever else knew the old password is signed out everywhere; this device stays signed in.
        await revokeUserSessions(tx, account.id, session.sessionId);
      });
      await attempt.succeeded();
      return {};
    },

    async requestRecoverPassword(req, hctx) {
      const email = validEmail(req.email);
      // As LoginEmail: equal work for every address, the mail after answering, throttled without a word.
      const allowed = await mayMail(ctx.db, { to: email, client: hctx.values.get(CLIENT_ADDRESS) });
      const account = await findAccount(ctx.db, { email });
      if (account === null || !allowed) return {};
      ctx.mailer.later(async () => {
        const secret = await issueSecret(ctx.db, {
          userId: account.id, email, purpose: 'recover_password', lifetimeMs: RECOVERY_LIFETIME_MS,
        });
        const link = `${ctx.config.publicUrl}/recover_account/${secret}/${encodeURIComponent(email)}`;
        await ctx.mailer.send({ to: email, ...recoveryMail(link), secretLink: link });
      });
      return {};
    },

    async recoverPassword(req, hctx) {
      const email = validEmail(req.email);
      const password = requireDigest(req.password, 'password');
      const attempt = await beginAttempt(ctx, hctx, sha256Hex(usernameDigestInput(email)));
      const stored = await hashPassword(password);
      const redeemed = await ctx.db.transaction(async (tx) => {
        const result = await redeemSecret(tx, { secret: req.hash, purpose: 'recover_password', email });
        if (!result.ok) return result;
        await updatePassword(tx, result.userId, stored);
        // Recovery means the old password may be known to someone else: every session ends, this caller's too.
        await revokeUserSessions(tx, result.userId);
        return result;
      });
      if (!redeemed.ok) throw permissionDenied(RECOVERY_MESSAGES[redeemed.reason]);
      await attempt.succeeded();
      if (sessionSlot(hctx).session?.userId === redeemed.userId) endSession(ctx, hctx);
      return {};
    },

    async isLogged(_req, hctx) {
      const { session } = sessionSlot(hctx);
      const user = session === null ? null : await loadUser(ctx.db, session.userId);
      return create(IsLoggedResponseSchema, user === null ? { logged: false } : { logged: true, user });
    },
  };
}
