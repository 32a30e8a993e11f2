/** The shell's Content-Security-Policy: only our origin (and an external sync service or file store, when configured). */
export function contentSecurityPolicy(publicUrl: string, powersyncUrl: string, fileStoreUrl: string | null = null): string {
  const connect = new Set(["'self'"]);
  const syncOrigin = new URL(powersyncUrl).origin;
  if (syncOrigin !== new URL(publicUrl).origin) connect.add(syncOrigin);
  // An S3-compatible file store hands out download URLs of its own origin; the app fetches them to keep copies.
  const images = new Set(["'self'", 'data:', 'blob:']);
  if (fileStoreUrl !== null) {
    connect.add(new URL(fileStoreUrl).origin);
    images.add(new URL(fileStoreUrl).origin);
  }
  return [
    "default-src 'self'",
    // SQLite runs as WebAssembly; qr-scanner starts its decoder worker from a blob URL.
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...images].join(' ')}`,
    "media-src 'self' blob:",
    `connect-src ${[...connect].join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
