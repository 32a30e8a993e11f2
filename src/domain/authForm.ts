/**
 * The error state of the account forms: one bit per problem, so a form holds a single
 * number, shows every problem at once, and clears the lot when the user edits a field. Pure: the forms, the server
 * answer mapping and the tests all share it.
 */
import { MESSAGES, PASSWORD_MIN_LENGTH, isValidEmail, sanitizeInput } from './validation.js';

export const AuthError = {
  EmailRequired: 1 << 0,
  EmailTaken: 1 << 1,
  EmailInvalid: 1 << 2,
  PasswordTooShort: 1 << 3,
  PasswordsDiffer: 1 << 4,
  WrongPassword: 1 << 5,
  Unspecified: 1 << 6,
  /**
   * Beyond the product's own flags: the sign-in and change-password forms need "this password field is empty", and
   * the length text would be wrong there (an old password may legitimately be short).
   */
  PasswordRequired: 1 << 7,
} as const;

export type AuthErrorFlag = (typeof AuthError)[keyof typeof AuthError];
/** A combination of AuthError flags; 0 means no error. */
export type AuthErrorMask = number;

export const NO_ERRORS: AuthErrorMask = 0;

/** The text the source-map password field shows when empty; it is the plainest wording for an empty one. */
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required';

/** In display order: a field with several problems lists them in this order. */
const FLAG_MESSAGES: ReadonlyArray<readonly [AuthErrorFlag, string]> = [
  [AuthError.EmailRequired, MESSAGES.emailRequired],
  [AuthError.EmailInvalid, MESSAGES.emailInvalid],
  [AuthError.EmailTaken, MESSAGES.emailTaken],
  [AuthError.PasswordRequired, PASSWORD_REQUIRED_MESSAGE],
  [AuthError.PasswordTooShort, MESSAGES.passwordTooShort],
  [AuthError.WrongPassword, MESSAGES.wrongPassword],
  [AuthError.PasswordsDiffer, MESSAGES.passwordsDiffer],
  [AuthError.Unspecified, MESSAGES.unexpected],
];

/** Which flags belong under which field, so each form places messages without its own table. */
export const EMAIL_ERRORS = AuthError.EmailRequired | AuthError.EmailInvalid | AuthError.EmailTaken;
export const PASSWORD_ERRORS = AuthError.PasswordRequired | AuthError.PasswordTooShort | AuthError.WrongPassword;
export const REPEAT_PASSWORD_ERRORS = AuthError.PasswordsDiffer;
export const FORM_ERRORS = AuthError.Unspecified;

export function hasError(mask: AuthErrorMask, flags: number): boolean {
  return (mask & flags) !== 0;
}

/** The texts of the flags set in `mask`, limited to `flags` (all by default), in display order. */
export function errorMessages(mask: AuthErrorMask, flags: number = ~0): string[] {
  return FLAG_MESSAGES.filter(([flag]) => (mask & flags & flag) !== 0).map(([, message]) => message);
}

/** Counted in code points, so an emoji or accented letter counts as the one character a person sees. */
function passwordLength(password: string): number {
  return Array.from(password).length;
}

/** Email: required, then well formed (never both: an empty address is not also "invalid"). */
export function validateEmail(email: string): AuthErrorMask {
  const clean = sanitizeInput(email);
  if (clean === '') return AuthError.EmailRequired;
  return isValidEmail(clean) ? NO_ERRORS : AuthError.EmailInvalid;
}

/** A password being chosen: long enough, and typed the same twice. Both can be reported together. */
export function validateNewPassword(password: string, repeatPassword: string): AuthErrorMask {
  let mask = NO_ERRORS;
  if (passwordLength(password) < PASSWORD_MIN_LENGTH) mask |= AuthError.PasswordTooShort;
  if (repeatPassword !== password) mask |= AuthError.PasswordsDiffer;
  return mask;
}

export interface RegistrationInput {
  email: string;
  password: string;
  repeatPassword: string;
}

export function validateRegistration(input: RegistrationInput): AuthErrorMask {
  return validateEmail(input.email) | validateNewPassword(input.password, input.repeatPassword);
}

export interface SignInInput {
  email: string;
  password: string;
}

/** No length rule here: the rule is for choosing a password, and the server is the judge of an existing one. */
export function validateSignIn(input: SignInInput): AuthErrorMask {
  return validateEmail(input.email) | (input.password === '' ? AuthError.PasswordRequired : NO_ERRORS);
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/**
 * The change-password form has two password fields that can be wrong in different ways; the flags keep them apart:
 * PasswordRequired and WrongPassword belong to the current password, PasswordTooShort and PasswordsDiffer to the new.
 */
export function validateChangePassword(input: ChangePasswordInput): AuthErrorMask {
  const current = input.currentPassword === '' ? AuthError.PasswordRequired : NO_ERRORS;
  return current | validateNewPassword(input.newPassword, input.repeatPassword);
}

/**
 * The numeric values of tagbook.v1.CreateAccountError, repeated here because src/domain depends on nothing
 * generated; a unit test keeps the two in step.
 */
export const CreateAccountErrorCode = {
  Unspecified: 0,
  EmailInUse: 1,
  EmailInvalid: 2,
  PasswordInvalid: 3,
  EmailMismatch: 4,
} as const;

/**
 * What the form shows for CreateAccount's error list. A mismatch means this email is not the one the registration
 * was meant for, which the user fixes in the email field. An invalid password digest is the client's fault, not
 * something the user can correct, so it is reported as unspecified; so is any code this client does not know.
 */
export function maskFromCreateAccountErrors(codes: readonly number[]): AuthErrorMask {
  let mask = NO_ERRORS;
  for (const code of codes) {
    switch (code) {
      case CreateAccountErrorCode.EmailInUse:
        mask |= AuthError.EmailTaken;
        break;
      case CreateAccountErrorCode.EmailInvalid:
      case CreateAccountErrorCode.EmailMismatch:
        mask |= AuthError.EmailInvalid;
        break;
      default:
        mask |= AuthError.Unspecified;
    }
  }
  return mask;
}
