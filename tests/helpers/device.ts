import { create, fromBinary, toBinary, type DescService } from '@bufbuild/protobuf';
import { ConnectError, createClient, type Client, type Interceptor, type Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { sessionSigningInput, SESSION_HEADER, type SignedFields } from '../../src/domain/session.js';
import { AccountService } from '../../src/gen/tagbook/v1/account_pb.js';
import { AuthService, CreateAccountError } from '../../src/gen/tagbook/v1/auth_pb.js';
import type { User } from '../../src/gen/tagbook/v1/common_pb.js';
import {
  SessionHeaderSchema,
  SessionInfoSchema,
  type NewSession,
  type SessionHeader,
} from '../../src/gen/tagbook/v1/session_pb.js';
import { clientDigests } from '../../server/accounts/passwords.js';

const SESSION_COOKIE = 'tagbook_session';
const subtle = globalThis.crypto.subtle;

/** One change to the next request's session header or cookie, for adversarial tests. */
export interface Tamper {
  /** Rewrites the fields before they are signed (an old timestamp, a reused counter, another procedure). */
  fields?: (fields: SignedFields) => SignedFields;
  /** Signs with this key instead of the device's own (a header signed by a different key). */
  signingKey?: CryptoKey;
  /** Rewrites the header after signing (a forged signature, another session id). */
  header?: (header: SessionHeader) => SessionHeader;
  /** Sends exactly this header value, e.g. one captured from `sentHeaders` (a replay). */
  raw?: string;
  /** The Cookie value to send instead of the jar's `tagbook_session`; null sends no cookie. */
  cookie?: string | null;
}

export interface DeviceOptions {
  /** Sent as X-Forwarded-For: a server started with TRUST_PROXY=1 counts failed sign-ins against it. */
  address?: string;
}

/**
 * A browser, as far as the server can tell: an ECDSA P-256 key pair made with WebCrypto (private half
 * non-extractable), client-side digests of the credentials, a session with its counter, a cookie jar for
 * `tagbook_session`, and Connect clients that sign every call exactly as proto/README.md says.
 */
export class TestDevice {
  session: NewSession | null = null;
  /** The last counter used; the next signed call sends counter + 1. */
  counter = 0n;
  /** The current user, from the last NewSession or `tagbook-session` response header. */
  user: User | null = null;
  /** The `tagbook_session` cookie the server set, as a browser would keep it. */
  cookie: string | null = null;
  /** Every Set-Cookie for the session cookie received, newest last (attributes included). */
  readonly setCookies: string[] = [];
  /** Every Set-Cookie received, whatever cookie it sets, newest last. */
  readonly allSetCookies: string[] = [];
  /** Every session header value sent, newest last. */
  readonly sentHeaders: string[] = [];
  readonly auth: Client<typeof AuthService>;
  readonly account: Client<typeof AccountService>;
  private keys: CryptoKeyPair;
  private spki: Uint8Array;
  private tamper: Tamper | null = null;
  private readonly transport: Transport;

  private constructor(baseUrl: string, keys: CryptoKeyPair, spki: Uint8Array, private readonly options: DeviceOptions) {
    this.keys = keys;
    this.spki = spki;
    this.transport = createConnectTransport({
      baseUrl: `${baseUrl}/rpc`,
      httpVersion: '1.1',
      useBinaryFormat: true,
      interceptors: [this.interceptor()],
    });
    this.auth = this.client(AuthService);
    this.account = this.client(AccountService);
  }

  static async create(server: { url: string }, options: DeviceOptions = {}): Promise<TestDevice> {
    const keys = await newKeyPair();
    return new TestDevice(server.url, keys, await exportSpki(keys), options);
  }

  /** A fresh P-256 key pair that is not any device's, e.g. to sign a header with the wrong key. */
  static newKeyPair(): Promise<CryptoKeyPair> {
    return newKeyPair();
  }

  static digests(email: string, password: string): { username: string; password: string } {
    return clientDigests(email, password);
  }

  /** SubjectPublicKeyInfo (DER) of the device key, as sent at sign-in. */
  get publicKey(): Uint8Array {
    return this.spki;
  }

  client<S extends DescService>(service: S): Client<S> {
    return createClient(service, this.transport);
  }

  /** Registers and adopts the session; throws with the returned error codes when the server refuses. */
  async register(email: string, password: string, options: { remember?: boolean } = {}): Promise<NewSession> {
    const res = await this.auth.createAccount({
      email, password: clientDigests(email, password).password, remember: options.remember ?? false, publicKey: this.spki,
    });
    if (res.errors.length > 0 || !res.session) {
      throw new Error(`createAccount refused: ${res.errors.map((e) => CreateAccountError[e]).join(', ')}`);
    }
    return this.adopt(res.session);
  }

  async signIn(email: string, password: string, options: { remember?: boolean } = {}): Promise<NewSession> {
    const digests = clientDigests(email, password);
    const res = await this.auth.loginPassword({ ...digests, remember: options.remember ?? false, publicKey: this.spki });
    if (!res.session) throw new Error('loginPassword answered without a session');
    return this.adopt(res.session);
  }

  /** Starts signing with this session, counting from 1 again. */
  adopt(session: NewSession): NewSession {
    this.session = session;
    this.user = session.user ?? null;
    this.counter = 0n;
    return session;
  }

  /** What the app does on sign-out: forget the session and cookie and make a fresh key pair. */
  async forget(): Promise<void> {
    this.session = null;
    this.user = null;
    this.cookie = null;
    this.counter = 0n;
    this.keys = await newKeyPair();
    this.spki = await exportSpki(this.keys);
  }

  /** Applies to the next call only. */
  tamperNext(tamper: Tamper): void {
    this.tamper = tamper;
  }

  /** A signed header for `procedure` with the next counter, without sending anything. */
  async signHeader(procedure: string, tamper: Tamper = {}): Promise<string> {
    if (this.session === null) throw new Error('no session to sign with');
    this.counter += 1n;
    let fields: SignedFields = {
      counter: this.counter,
      sessionId: this.session.sessionId,
      userId: this.session.userId,
      procedure,
      timestamp: BigInt(Date.now()),
    };
    if (tamper.fields) fields = tamper.fields(fields);
    const key = tamper.signingKey ?? this.keys.privateKey;
    const data = new TextEncoder().encode(sessionSigningInput(fields));
    const signature = new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, data));
    let header = create(SessionHeaderSchema, {
      counter: fields.counter, sessionId: fields.sessionId, userId: fields.userId, timestamp: fields.timestamp, signature,
    });
    if (tamper.header) header = tamper.header(header);
    return Buffer.from(toBinary(SessionHeaderSchema, header)).toString('base64');
  }

  private interceptor(): Interceptor {
    return (next) => async (req) => {
      const tamper = this.tamper ?? {};
      this.tamper = null;
      if (this.options.address !== undefined) req.header.set('x-forwarded-for', this.options.address);
      const cookie = tamper.cookie === undefined ? this.cookie : tamper.cookie;
      if (cookie !== null) req.header.set('cookie', `${SESSION_COOKIE}=${cookie}`);
      let value: string | null = tamper.raw ?? null;
      if (value === null && this.session !== null) {
        value = await this.signHeader(`/${req.service.typeName}/${req.method.name}`, tamper);
      }
      if (value !== null) {
        req.header.set(SESSION_HEADER, value);
        this.sentHeaders.push(value);
      }
      try {
        const res = await next(req);
        this.readResponseHeaders(res.header);
        return res;
      } catch (error) {
        // Error responses carry headers too (the current user of a refused call, for one).
        if (error instanceof ConnectError) this.readResponseHeaders(error.metadata);
        throw error;
      }
    };
  }

  private readResponseHeaders(header: Headers): void {
    for (const line of header.getSetCookie()) {
      this.allSetCookies.push(line);
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair === undefined || eq < 0 || pair.slice(0, eq).trim() !== SESSION_COOKIE) continue;
      this.setCookies.push(line);
      const value = pair.slice(eq + 1).trim();
      this.cookie = value === '' || /max-age=0\b/i.test(line) ? null : value;
    }
    const info = header.get(SESSION_HEADER);
    if (info !== null) this.user = fromBinary(SessionInfoSchema, Buffer.from(info, 'base64')).user ?? this.user;
  }
}

function newKeyPair(): Promise<CryptoKeyPair> {
  // Non-extractable, like the app's key: only the public half (always exportable) ever leaves.
  return subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
}

async function exportSpki(keys: CryptoKeyPair): Promise<Uint8Array> {
  return new Uint8Array(await subtle.exportKey('spki', keys.publicKey));
}
