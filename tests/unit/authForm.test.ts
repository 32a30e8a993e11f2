import { describe, expect, it } from 'vitest';
import {
  AuthError,
  CreateAccountErrorCode,
  EMAIL_ERRORS,
  FORM_ERRORS,
  NO_ERRORS,
  PASSWORD_ERRORS,
  PASSWORD_REQUIRED_MESSAGE,
  REPEAT_PASSWORD_ERRORS,
  errorMessages,
  hasError,
  maskFromCreateAccountErrors,
  validateChangePassword,
  validateEmail,
  validateNewPassword,
  validateRegistration,
  validateSignIn,
} from '../../src/domain/authForm.js';
import { CreateAccountError } from '../../src/gen/tagbook/v1/auth_pb.js';

const ok = { email: 'ana@example.com', password: 'abcd', repeatPassword: 'abcd' };

describe('flags', () => {
  it('are distinct single bits', () => {
    const flags = Object.values(AuthError);
    expect(new Set(flags).size).toBe(flags.length);
    for (const flag of flags) expect(flag & (flag - 1)).toBe(0);
  });

  it('each belong to exactly one field group', () => {
    const groups = [EMAIL_ERRORS, PASSWORD_ERRORS, REPEAT_PASSWORD_ERRORS, FORM_ERRORS];
    for (const flag of Object.values(AuthError)) {
      expect(groups.filter((g) => (g & flag) !== 0)).toHaveLength(1);
    }
  });
});

describe('validateEmail', () => {
  it('requires an email, after sanitising', () => {
    expect(validateEmail('')).toBe(AuthError.EmailRequired);
    expect(validateEmail('   \u0007 ')).toBe(AuthError.EmailRequired);
  });

  it('marks a malformed email invalid, never both required and invalid', () => {
    for (const email of ['ana', 'ana@', '@example.com', 'ana@example', 'a na@example.com', 'ana@@example.com']) {
      expect(validateEmail(email)).toBe(AuthError.EmailInvalid);
    }
  });

  it('accepts a valid email with surrounding spaces', () => {
    expect(validateEmail('  ana@example.com ')).toBe(NO_ERRORS);
  });
});

describe('validateRegistration', () => {
  it('passes a complete form', () => {
    expect(validateRegistration(ok)).toBe(NO_ERRORS);
  });

  it('requires a password of at least 4 characters', () => {
    expect(validateRegistration({ ...ok, password: '', repeatPassword: '' })).toBe(AuthError.PasswordTooShort);
    expect(validateRegistration({ ...ok, password: 'abc', repeatPassword: 'abc' })).toBe(AuthError.PasswordTooShort);
    expect(validateRegistration({ ...ok, password: 'abcd', repeatPassword: 'abcd' })).toBe(NO_ERRORS);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateNewPassword('😀😀', '😀😀')).toBe(AuthError.PasswordTooShort);
    expect(validateNewPassword('😀😀😀😀', '😀😀😀😀')).toBe(NO_ERRORS);
  });

  it('never trims passwords: spaces count and must repeat exactly', () => {
    expect(validateNewPassword('    ', '    ')).toBe(NO_ERRORS);
    expect(validateNewPassword('abcd ', 'abcd')).toBe(AuthError.PasswordsDiffer);
  });

  it('requires the repeat to match, an empty repeat included', () => {
    expect(validateRegistration({ ...ok, repeatPassword: 'abce' })).toBe(AuthError.PasswordsDiffer);
    expect(validateRegistration({ ...ok, repeatPassword: '' })).toBe(AuthError.PasswordsDiffer);
  });

  it('reports every problem at once', () => {
    expect(validateRegistration({ email: '', password: 'ab', repeatPassword: 'x' })).toBe(
      AuthError.EmailRequired | AuthError.PasswordTooShort | AuthError.PasswordsDiffer,
    );
    expect(validateRegistration({ email: 'nope', password: 'ab', repeatPassword: 'ab' })).toBe(
      AuthError.EmailInvalid | AuthError.PasswordTooShort,
    );
  });
});

describe('validateSignIn', () => {
  it('requires email and password', () => {
    expect(validateSignIn({ email: '', password: '' })).toBe(AuthError.EmailRequired | AuthError.PasswordRequired);
    expect(validateSignIn({ email: 'ana@example.com', password: '' })).toBe(AuthError.PasswordRequired);
  });

  it('has no length rule: the server judges an existing password', () => {
    expect(validateSignIn({ email: 'ana@example.com', password: 'a' })).toBe(NO_ERRORS);
  });

  it('marks a malformed email invalid', () => {
    expect(validateSignIn({ email: 'ana', password: 'abcd' })).toBe(AuthError.EmailInvalid);
  });
});

describe('validateChangePassword', () => {
  it('requires the current password and a valid new one', () => {
    expect(validateChangePassword({ currentPassword: 'x', newPassword: 'abcd', repeatPassword: 'abcd' })).toBe(
      NO_ERRORS,
    );
    expect(validateChangePassword({ currentPassword: '', newPassword: 'ab', repeatPassword: 'cd' })).toBe(
      AuthError.PasswordRequired | AuthError.PasswordTooShort | AuthError.PasswordsDiffer,
    );
  });
});

describe('maskFromCreateAccountErrors', () => {
  it('mirrors the generated enum values', () => {
    expect(CreateAccountErrorCode).toEqual({
      Unspecified: CreateAccountError.UNSPECIFIED,
      EmailInUse: CreateAccountError.EMAIL_IN_USE,
      EmailInvalid: CreateAccountError.EMAIL_INVALID,
      PasswordInvalid: CreateAccountError.PASSWORD_INVALID,
      EmailMismatch: CreateAccountError.EMAIL_MISMATCH,
    });
  });

  it('maps each server code to a flag', () => {
    expect(maskFromCreateAccountErrors([])).toBe(NO_ERRORS);
    expect(maskFromCreateAccountErrors([CreateAccountError.EMAIL_IN_USE])).toBe(AuthError.EmailTaken);
    expect(maskFromCreateAccountErrors([CreateAccountError.EMAIL_INVALID])).toBe(AuthError.EmailInvalid);
    expect(maskFromCreateAccountErrors([CreateAccountError.EMAIL_MISMATCH])).toBe(AuthError.EmailInvalid);
    expect(maskFromCreateAccountErrors([CreateAccountError.PASSWORD_INVALID])).toBe(AuthError.Unspecified);
    expect(maskFromCreateAccountErrors([CreateAccountError.UNSPECIFIED])).toBe(AuthError.Unspecified);
    expect(maskFromCreateAccountErrors([99])).toBe(AuthError.Unspecified);
  });

  it('combines several codes', () => {
    expect(maskFromCreateAccountErrors([CreateAccountError.EMAIL_IN_USE, CreateAccountError.PASSWORD_INVALID])).toBe(
      AuthError.EmailTaken | AuthError.Unspecified,
    );
  });
});

describe('errorMessages', () => {
  it('gives the exact SPEC texts for each flag', () => {
    expect(errorMessages(AuthError.EmailRequired)).toEqual(['Email is required']);
    expect(errorMessages(AuthError.EmailTaken)).toEqual(['Email is taken']);
    expect(errorMessages(AuthError.EmailInvalid)).toEqual(['Invalid email address']);
    expect(errorMessages(AuthError.PasswordTooShort)).toEqual(['Password minimun length is 4 characters']);
    expect(errorMessages(AuthError.PasswordsDiffer)).toEqual(['Passwords do not match']);
    expect(errorMessages(AuthError.WrongPassword)).toEqual(['Access denied, wrong password']);
    expect(errorMessages(AuthError.Unspecified)).toEqual(['Unexpected error']);
    expect(errorMessages(AuthError.PasswordRequired)).toEqual([PASSWORD_REQUIRED_MESSAGE]);
  });

  it('is empty for no errors', () => {
    expect(errorMessages(NO_ERRORS)).toEqual([]);
  });

  it('filters by field group, in display order', () => {
    const mask = AuthError.EmailTaken | AuthError.EmailInvalid | AuthError.PasswordsDiffer | AuthError.WrongPassword;
    expect(errorMessages(mask, EMAIL_ERRORS)).toEqual(['Invalid email address', 'Email is taken']);
    expect(errorMessages(mask, PASSWORD_ERRORS)).toEqual(['Access denied, wrong password']);
    expect(errorMessages(mask, REPEAT_PASSWORD_ERRORS)).toEqual(['Passwords do not match']);
    expect(errorMessages(mask, FORM_ERRORS)).toEqual([]);
    expect(errorMessages(mask)).toHaveLength(4);
  });

  it('hasError tests any of several flags', () => {
    expect(hasError(AuthError.EmailTaken, EMAIL_ERRORS)).toBe(true);
    expect(hasError(AuthError.EmailTaken, PASSWORD_ERRORS)).toBe(false);
    expect(hasError(NO_ERRORS, ~0)).toBe(false);
  });
});
