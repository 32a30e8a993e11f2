// An in-process stand-in for the server's session checks, for unit tests of the browser side only: it verifies the
// tagbook-session header exactly as proto/README.md describes, so the client's signing is tested against the
// contract rather than against itself. The real server has its own tests.
import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import type { ConnectRouter, HandlerContext, Interceptor } from '@connectrpc/connect';
import { SESSION_HEADER, sessionSigningInput } from '../../../src/domain/session.js';
import { AccountService } from '../../../src/gen/tagbook/v1/account_pb.js';
import { AuthService } from '../../../src/gen/tagbook/v1/auth_pb.js';
import { UserSchema } from '../../../src/gen/tagbook/v1/common_pb.js';
import { NewSessionSchema, SessionHeaderSchema, SessionInfoSchema } from '../../../src/gen/tagbook/v1/session_pb.js';
import type { NewSession, SessionHeader } from '../../../src/gen/tagbook/v1/session_pb.js';

type UserInit = Omit<MessageInitShape<typeof UserSchema>, '$typeName'>;

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export interface SeenCall {
  procedure: string;
  header: SessionHeader | null;
  /** Whether the signature verified against the key the session was opened with. */
  verified: boolean;
}

export class FakeAuthServer {
  readonly calls: SeenCall[] = [];
  /** Session id -> the device public key it is bound to. */
  readonly sessions = new Map<string, CryptoKey>();
  private next = 0;

  async openSession(publicKeySpki: Uint8Array, user: UserInit = {}): Promise<NewSession> {
    this.next++;
    const sessionId = `session-${String(this.next).padStart(14, '0')}`;
    const userId = user.id ?? `user-${String(this.next).padStart(17, '0')}`;
    const key = await crypto.subtle.importKey('spki', publicKeySpki as Uint8Array<ArrayBuffer>, ECDSA, false, [
      'verify',
    ]);
    this.sessions.set(sessionId, key);
    return create(NewSessionSchema, {
      sessionId,
      userId,
      serverPublicKey: new Uint8Array([1, 2, 3]),
      user: create(UserSchema, { displayName: 'Ana', email: 'ana@example.com', ...user, id: userId }),
    });
  }

  /** Records and checks the request's session header; throws Unauthenticated like the server for a dead session. */
  async check(ctx: HandlerContext, requireSession: boolean): Promise<SeenCall> {
    const procedure = `/${ctx.service.typeName}/${ctx.method.name}`;
    const value = ctx.requestHeader.get(SESSION_HEADER);
    let call: SeenCall = { procedure, header: null, verified: false };
    if (value) {
      const header = fromBinary(SessionHeaderSchema, base64Decode(value));
      const key = this.sessions.get(header.sessionId);
      const verified =
        key !== undefined &&
        (await crypto.subtle.verify(
          { name: 'ECDSA', hash: 'SHA-256' },
          key,
          header.signature as Uint8Array<ArrayBuffer>,
          new TextEncoder().encode(sessionSigningInput({ ...header, procedure })),
        ));
      call = { procedure, header, verified };
    }
    this.calls.push(call);
    if (requireSession && !call.verified) throw new ConnectError('session ended', Code.Unauthenticated);
    return call;
  }

  static sessionInfoHeader(user: UserInit): string {
    return base64Encode(toBinary(SessionInfoSchema, create(SessionInfoSchema, { user: create(UserSchema, user) })));
  }
}

export type Routes = (router: ConnectRouter) => void;

/** A transport straight into `routes`, through the app's own interceptors. */
export function routerTransport(routes: Routes, interceptors: Interceptor[]) {
  return createRouterTransport(routes, { transport: { interceptors } });
}

export { AccountService, AuthService };
