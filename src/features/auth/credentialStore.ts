// With 'Trust this device', the browser's password manager keeps the email and
// password and hands them back next time. Only where the Credential Management API has PasswordCredential
// (Chromium); elsewhere the browser's own autofill still works from the form's autocomplete hints.

interface PasswordCredentialData {
  id: string;
  password: string;
}

type PasswordCredentialConstructor = new (data: PasswordCredentialData) => Credential;

interface StoredPasswordCredential extends Credential {
  readonly password?: string;
}

function passwordCredentialApi(): PasswordCredentialConstructor | null {
  const ctor = (globalThis as { PasswordCredential?: PasswordCredentialConstructor }).PasswordCredential;
  return ctor && typeof navigator !== 'undefined' && navigator.credentials ? ctor : null;
}

export interface SavedCredential {
  email: string;
  password: string;
}

/**
 * A saved email and password, or null. 'optional' mediation lets the browser answer silently when it may, or ask
 * the user to pick an account; it never blocks the form, which stays usable while this is pending.
 */
export async function loadSavedCredential(): Promise<SavedCredential | null> {
  if (!passwordCredentialApi()) return null;
  try {
    const options = { password: true, mediation: 'optional' } as CredentialRequestOptions;
    const credential = (await navigator.credentials.get(options)) as StoredPasswordCredential | null;
    if (!credential || credential.type !== 'password' || !credential.password) return null;
    return { email: credential.id, password: credential.password };
  } catch {
    // Refused, unsupported in this context (e.g. an iframe), or dismissed: the user types instead.
    return null;
  }
}

/** Offers the credential to the browser's password manager; failures are not the user's problem. */
export async function saveCredential(email: string, password: string): Promise<void> {
  const PasswordCredential = passwordCredentialApi();
  if (!PasswordCredential) return;
  try {
    await navigator.credentials.store(new PasswordCredential({ id: email, password }));
  } catch (error) {
    console.warn('Could not store the credential', error);
  }
}
