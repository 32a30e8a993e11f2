/**
 * A request's path as the files it names are found: percent-escapes decoded once, here, so that every decision
 * about a path (which handler answers it, whether it is a source map) is made on the very name that is served.
 * Null when the escapes are malformed or decode to a NUL: no file has such a name.
 */
export function decodedPathname(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  return decoded.includes('\0') ? null : decoded;
}
