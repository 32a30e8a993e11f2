/** The shell's Content-Security-Policy: only our origin (and an external sync service, when configured). */
export function contentSecurityPolicy(publicUrl: string, powersyncUrl: string): string {
  const connect = new Set(["'self'"]);
  const syncOrigin = new URL(powersyncUrl).origin;
  if (syncOrigin !== new URL(publicUrl).origin) connect.add(syncOrigin);
  return [
    "default-src 'self'",
    // SQLite runs as WebAssembly; qr-scanner starts its decoder worker from a blob URL.
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    `connect-src ${[...connect].join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
