/** The texts the account forms show, verbatim (including the product's own spelling, "minimun"). */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailTaken: 'Email is taken',
  emailInvalid: 'Invalid email address',
  passwordTooShort: 'Password minimun length is 4 characters',
  passwordsDiffer: 'Passwords do not match',
  wrongPassword: 'Access denied, wrong password',
  unexpected: 'Unexpected error',
} as const;

export const PASSWORD_MIN_LENGTH = 4;
export const EMAIL_MAX_LENGTH = 254;

// One @, a non-empty local part, a dotted domain of letters, digits and hyphens; no spaces or control characters.
// Deliberately simple: the only real proof of an address is a mail that arrives.
const EMAIL_PATTERN = /^[^\s@\u0000-\u001f]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** Inputs are sanitised before use: trims, drops control characters, and normalises Unicode to NFC. */
export function sanitizeInput(value: string): string {
  return value.normalize('NFC').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

// What PostgreSQL can store, checked where input enters so a value that passed validation never fails in the
// database (where it would be a server error, or an upload refused forever).

/** Text PostgreSQL stores as sent: no NUL characters, and no unpaired UTF-16 surrogates (they cannot be UTF-8). */
export function isStorableText(value: string): boolean {
  return !/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}

/** Years a timestamp may have: four-digit ISO-8601 years, which every layer (JavaScript, SQLite text, PostgreSQL) reads. */
export const TIME_YEAR_RANGE = { min: 1, max: 9999 } as const;

/** The instant an ISO-8601 text names, or null when it names none or one outside TIME_YEAR_RANGE. */
export function storableTime(value: string): Date | null {
  return storableTimeFromMs(Date.parse(value));
}

/**
 * The instant a count of milliseconds since 1970 names (the wire's times), or null outside TIME_YEAR_RANGE. Any
 * int64 may arrive: most are past what a Date holds, and those give null here rather than an Invalid Date.
 */
export function storableTimeFromMs(ms: number | bigint): Date | null {
  const date = new Date(Number(ms));
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= TIME_YEAR_RANGE.min && year <= TIME_YEAR_RANGE.max ? date : null;
}
