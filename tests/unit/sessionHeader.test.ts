import { fromBinary } from '@bufbuild/protobuf';
import { base64Decode } from '@bufbuild/protobuf/wire';
import { describe, expect, it } from 'vitest';
import { sessionSigningInput } from '../../src/domain/session.js';
import { SessionHeaderSchema } from '../../src/gen/tagbook/v1/session_pb.js';
import { encodeSessionHeader, procedurePath } from '../../src/rpc/sessionHeader.js';
import { AuthService } from '../../src/gen/tagbook/v1/auth_pb.js';

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

async function verify(publicKey: CryptoKey, signature: Uint8Array, text: string): Promise<boolean> {
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    publicKey,
    signature as Uint8Array<ArrayBuffer>,
    new TextEncoder().encode(text),
  );
}

describe('procedurePath', () => {
  it('is the RPC path without the mount prefix', () => {
    expect(procedurePath(AuthService.typeName, AuthService.method.logout.name)).toBe('/tagbook.v1.AuthService/Logout');
  });
});

describe('encodeSessionHeader', () => {
  const fields = {
    counter: 7n,
    sessionId: 'AbCdEfGhIjKlMnOpQrSt_-',
    userId: 'ZyXwVuTsRqPoNmLkJiHg-_',
    procedure: '/tagbook.v1.AuthService/Logout',
    timestamp: 1_700_000_000_123n,
  };

  it('is standard padded base64 of a SessionHeader signed over the contract text', async () => {
    const keys = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
    const value = await encodeSessionHeader(fields, keys.privateKey);
    expect(value).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(value.length % 4).toBe(0);

    const header = fromBinary(SessionHeaderSchema, base64Decode(value));
    expect(header.counter).toBe(7n);
    expect(header.sessionId).toBe(fields.sessionId);
    expect(header.userId).toBe(fields.userId);
    expect(header.timestamp).toBe(fields.timestamp);
    // IEEE P1363 (r || s), not DER.
    expect(header.signature).toHaveLength(64);
    expect(await verify(keys.publicKey, header.signature, sessionSigningInput(fields))).toBe(true);
  });

  it('verifies with the exported SPKI key, and only for the signed fields', async () => {
    const keys = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
    const spki = await crypto.subtle.exportKey('spki', keys.publicKey);
    const serverKey = await crypto.subtle.importKey('spki', spki, ECDSA, false, ['verify']);
    const header = fromBinary(SessionHeaderSchema, base64Decode(await encodeSessionHeader(fields, keys.privateKey)));
    const text = sessionSigningInput(fields);
    expect(text).toBe(
      'tagbook-session-v1\n7\nAbCdEfGhIjKlMnOpQrSt_-\nZyXwVuTsRqPoNmLkJiHg-_\n/tagbook.v1.AuthService/Logout\n1700000000123',
    );
    expect(await verify(serverKey, header.signature, text)).toBe(true);
    const otherProcedure = sessionSigningInput({ ...fields, procedure: '/tagbook.v1.AccountService/ChangePassword' });
    expect(await verify(serverKey, header.signature, otherProcedure)).toBe(false);
    expect(await verify(serverKey, header.signature, sessionSigningInput({ ...fields, counter: 8n }))).toBe(false);
  });
});
