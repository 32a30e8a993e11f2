import { create, fromBinary, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { Code, ConnectError } from '@connectrpc/connect';
import { isStorableText } from '../../src/domain/validation.js';
import { SessionHeaderSchema, SessionInfoSchema, type SessionHeader } from '../../src/gen/tagbook/v1/session_pb.js';

/** Standard base64 with padding, as proto/README.md fixes it; Buffer alone would accept almost anything. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A header is a few ids and a 64-byte signature; anything far larger is not one of ours. */
const MAX_HEADER_LENGTH = 1024;
const P1363_P256_SIGNATURE_BYTES = 64;

export function unauthenticated(message: string): ConnectError {
  return new ConnectError(message, Code.Unauthenticated);
}

/** Decodes the `tagbook-session` request header, refusing anything that could not have been signed by a client. */
export function parseSessionHeader(value: string): SessionHeader {
  if (value.length > MAX_HEADER_LENGTH || !BASE64.test(value)) {
    throw unauthenticated('Session header is not valid base64');
  }
  let header: SessionHeader;
  try {
    header = fromBinary(SessionHeaderSchema, Buffer.from(value, 'base64'));
  } catch {
    throw unauthenticated('Session header is not a SessionHeader message');
  }
  if (header.counter < 1n || header.sessionId === '' || header.userId === '' || header.timestamp <= 0n) {
    throw unauthenticated('Session header is incomplete (counter, session id, user id and timestamp are required)');
  }
  if (!isStorableText(header.sessionId) || !isStorableText(header.userId)) {
    throw unauthenticated('Session header holds text that is not a valid id');
  }
  if (header.signature.length !== P1363_P256_SIGNATURE_BYTES) {
    throw unauthenticated('Session signature must be 64 bytes (ECDSA P-256, IEEE P1363)');
  }
  return header;
}

export function encodeSessionInfo(info: MessageInitShape<typeof SessionInfoSchema>): string {
  return Buffer.from(toBinary(SessionInfoSchema, create(SessionInfoSchema, info))).toString('base64');
}
