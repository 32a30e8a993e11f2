import { tagPath } from '../../app/routes.js';
import { isTagHash } from '../../domain/ids.js';

/**
 * The in-app page a scanned code opens: a bare tag hash, or a link to a tag on this site. Anything else (another
 * site, an arbitrary text) opens nothing: a scan must never navigate away on its own.
 */
export function scanTarget(content: string, origin: string): string | null {
  const text = content.trim();
  if (isTagHash(text)) return tagPath(text);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const hash = url.pathname.replace(/^\/+|\/+$/g, '');
  return isTagHash(hash) ? tagPath(hash) : null;
}
