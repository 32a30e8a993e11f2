import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { sessionSigningInput } from '../domain/session.js';
import type { SignedFields } from '../domain/session.js';
import { SessionHeaderSchema, SessionInfoSchema } from '../gen/tagbook/v1/session_pb.js';
import type { User } from '../gen/tagbook/v1/common_pb.js';

// The wire form of the tagbook-session headers (proto/README.md "The session header").

const SIGNING_ALGORITHM: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };

/** The RPC path the signature covers, e.g. /tagbook.v1.AuthService/Logout (no /rpc mount prefix). */
export function procedurePath(serviceTypeName: string, methodName: string): string {
  return `/${serviceTypeName}/${methodName}`;
}

/** Signs the fields (WebCrypto gives the r || s form the contract asks for) and encodes the request header value. */
export async function encodeSessionHeader(fields: SignedFields, privateKey: CryptoKey): Promise<string> {
  const signed = new TextEncoder().encode(sessionSigningInput(fields));
  const signature = new Uint8Array(await crypto.subtle.sign(SIGNING_ALGORITHM, privateKey, signed));
  const header = create(SessionHeaderSchema, {
    counter: fields.counter,
    sessionId: fields.sessionId,
    userId: fields.userId,
    timestamp: fields.timestamp,
    signature,
  });
  return base64Encode(toBinary(SessionHeaderSchema, header), 'std');
}

/** The user a response header carries, undefined when it carries none. Throws on a malformed value. */
export function decodeSessionInfoUser(value: string): User | undefined {
  return fromBinary(SessionInfoSchema, base64Decode(value)).user;
}
