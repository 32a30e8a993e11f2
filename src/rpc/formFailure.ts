import { Code, ConnectError } from '@connectrpc/connect';
import { AuthError, NO_ERRORS } from '../domain/authForm.js';
import type { AuthErrorFlag, AuthErrorMask } from '../domain/authForm.js';
import { isOfflineError, serverMessage } from './interceptors.js';

export const OFFLINE_MESSAGE = 'You are offline. Please try again when you are connected.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

/** What a form shows for a failed call: flags under the fields, and/or a form-level alert. */
export interface FormFailure {
  mask: AuthErrorMask;
  alert: string | null;
}

/**
 * A refusal the form can explain gets its flag (`onPermissionDenied`: wrong password, invalid email, ...);
 * too many attempts shows the server's own message (it says how long to wait); being offline is said as such rather
 * than as an error; anything else is the unspecified flag.
 */
export function describeFailure(error: unknown, onPermissionDenied: AuthErrorFlag = AuthError.Unspecified): FormFailure {
  if (isOfflineError(error)) return { mask: NO_ERRORS, alert: OFFLINE_MESSAGE };
  if (error instanceof ConnectError) {
    if (error.code === Code.PermissionDenied) return { mask: onPermissionDenied, alert: null };
    if (error.code === Code.ResourceExhausted) {
      return { mask: NO_ERRORS, alert: serverMessage(error) || TOO_MANY_ATTEMPTS_MESSAGE };
    }
  }
  return { mask: AuthError.Unspecified, alert: null };
}
