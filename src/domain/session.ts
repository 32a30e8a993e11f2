/**
 * The signed session header (proto/README.md "The session header"). Client and server build the signed text here so
 * the two can never drift apart.
 */
export const SESSION_HEADER = 'tagbook-session';
export const SESSION_SIGNATURE_VERSION = 'tagbook-session-v1';

/** Requests from several tabs race; the server accepts a counter up to this far below the highest it has seen. */
export const SESSION_COUNTER_WINDOW = 64;

export interface SignedFields {
  counter: bigint;
  sessionId: string;
  userId: string;
  /** The RPC path, e.g. /tagbook.v1.AuthService/Logout (without the /rpc mount prefix). */
  procedure: string;
  timestamp: bigint;
}

export function sessionSigningInput(f: SignedFields): string {
  return [SESSION_SIGNATURE_VERSION, f.counter.toString(), f.sessionId, f.userId, f.procedure, f.timestamp.toString()].join(
    '\n',
  );
}
