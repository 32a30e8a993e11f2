// Web Crypto's getRandomValues is a global in browsers, workers and Node 20 alike; declaring just this much keeps
// the domain layer free of DOM and Node typings.
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T };

export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}
