import { tagPath } from '../../app/routes.js';
import { isTagHash } from '../../domain/ids.js';

/** What a scanned code is, and so what opening it does. */
export type ScanResult =
  /** A tag hash, or an address on this site: opens inside the app. */
  | { kind: 'app'; path: string }
  /** A web address elsewhere: only after the external-link confirmation (fake stickers are a phishing route). */
  | { kind: 'external'; url: string }
  /** Anything else (plain text, a phone number, a script URL): shown as text, never followed. */
  | { kind: 'text'; text: string };

export function classifyScan(content: string, origin: string): ScanResult {
  const text = content.trim();
  if (isTagHash(text)) return { kind: 'app', path: tagPath(text) };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'text', text };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'text', text };
  if (url.origin !== origin) return { kind: 'external', url: url.href };
  // A tag printed with a trailing slash still opens the tag.
  const bare = url.pathname.replace(/^\/+|\/+$/g, '');
  if (isTagHash(bare)) return { kind: 'app', path: tagPath(bare) };
  return { kind: 'app', path: url.pathname + url.search + url.hash };
}
