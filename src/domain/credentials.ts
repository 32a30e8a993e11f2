/**
 * What the client hashes before sending (usernames and passwords are hashed client side). Both sides build
 * the same input strings here and digest them with their own SHA-256; the server then stores scrypt of the digest,
 * so a leaked database exposes neither the password nor a digest another site would accept.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function usernameDigestInput(email: string): string {
  return `tagbook:username:${normalizeEmail(email)}`;
}

/** The email salts the digest so that equal passwords of two accounts never travel as equal strings. */
export function passwordDigestInput(email: string, password: string): string {
  return `tagbook:password:${normalizeEmail(email)}:${password}`;
}

/** Client digests are lowercase hex SHA-256: 64 characters. */
export const DIGEST_PATTERN = /^[0-9a-f]{64}$/;
