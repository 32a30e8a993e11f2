import { randomBytes } from 'node:crypto';
import {
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';

/**
 * Sync tokens: short-lived JWTs that the built-in sync endpoint, or an external PowerSync
 * Service reading our JWKS, accepts. EdDSA (Ed25519) with a kid; the key pair is generated on first use and kept in
 * sync_signing_keys so every process sharing the database signs and verifies alike.
 */

export interface TokenDeps {
  db: Db;
  config: Pick<Config, 'powersyncUrl'>;
}

/** Clients fetch a fresh token on every connect; five minutes bounds what a leaked one is worth. */
export const SYNC_TOKEN_TTL_SECONDS = 300;
/** Anonymous visitors get a subject no user id can equal (ids never contain ':'), so they match public buckets only. */
export const ANONYMOUS_PREFIX = 'anonymous:';
/** The PowerSync Service's defaults, which tokens must satisfy wherever they are verified. */
const CLOCK_TOLERANCE_SECONDS = 60;
const MAX_LIFETIME_SECONDS = 86_400;
const ALG = 'EdDSA';

interface SigningKey {
  kid: string;
  publicJwk: JWK;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

const keysByDb = new WeakMap<Db, Promise<SigningKey>>();

function signingKey(db: Db): Promise<SigningKey> {
  let key = keysByDb.get(db);
  if (!key) {
    key = loadOrCreateKey(db);
    // A failed attempt (database not reachable yet) must not be remembered.
    key.catch(() => keysByDb.delete(db));
    keysByDb.set(db, key);
  }
  return key;
}

interface KeyRow {
  kid: string;
  public_jwk: JWK;
  private_jwk: JWK;
  [column: string]: unknown;
}

async function loadOrCreateKey(db: Db): Promise<SigningKey> {
  const select = 'select kid, public_jwk, private_jwk from sync_signing_keys where id = 1';
  let [row] = await db.query<KeyRow>(select);
  if (!row) {
    const pair = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(pair.publicKey);
    const privateJwk = await exportJWK(pair.privateKey);
    const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
    // Two processes starting at once both generate; the first insert wins and both read it back.
    await db.query(
      `insert into sync_signing_keys (id, kid, public_jwk, private_jwk)
       values (1, $1, $2::text::jsonb, $3::text::jsonb) on conflict (id) do nothing`,
      [kid, JSON.stringify(publicJwk), JSON.stringify(privateJwk)],
    );
    [row] = await db.query<KeyRow>(select);
    if (!row) throw new Error('sync signing key could not be stored');
  }
  const publicJwk: JWK = { kty: row.public_jwk.kty, crv: row.public_jwk.crv, x: row.public_jwk.x };
  return {
    kid: row.kid,
    publicJwk,
    privateKey: (await importJWK(row.private_jwk, ALG)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALG)) as CryptoKey,
  };
}

export interface IssuedToken {
  token: string;
  /** Where clients sync: our own endpoint, or an external PowerSync Service. */
  powersyncUrl: string;
  expiresAt: Date;
}

export interface IssueOptions {
  /** Lifetime; tests shorten it to watch expiry. */
  ttlSeconds?: number;
}

/** A token for userId, or for a new anonymous visitor when userId is null. */
export async function issueSyncToken(deps: TokenDeps, userId: string | null, options: IssueOptions = {}): Promise<IssuedToken> {
  const key = await signingKey(deps.db);
  const ttl = options.ttlSeconds ?? SYNC_TOKEN_TTL_SECONDS;
  const now = Math.floor(Date.now() / 1000);
  const subject = userId ?? `${ANONYMOUS_PREFIX}${randomBytes(12).toString('base64url')}`;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
    .setSubject(subject)
    .setAudience(deps.config.powersyncUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + ttl)
    .sign(key.privateKey);
  return { token, powersyncUrl: deps.config.powersyncUrl, expiresAt: new Date((now + ttl) * 1000) };
}

/** The JWKS document served at /.well-known/jwks.json. */
export async function syncJwks(deps: Pick<TokenDeps, 'db'>): Promise<{ keys: JWK[] }> {
  const key = await signingKey(deps.db);
  return { keys: [{ ...key.publicJwk, kid: key.kid, alg: ALG, use: 'sig' }] };
}

export class SyncTokenError extends Error {
  override readonly name = 'SyncTokenError';
}

export interface VerifiedToken {
  userId: string;
  anonymous: boolean;
  /** Seconds since the epoch. */
  expiresAt: number;
  payload: JWTPayload;
}

/**
 * Verifies as the PowerSync Service does: signature by the key with the token's kid, aud, 60 s clock tolerance,
 * sub/iat/exp present, a lifetime of at most a day, and a `parameters` claim (if any) that is an object.
 */
export async function verifySyncToken(deps: TokenDeps, token: string): Promise<VerifiedToken> {
  const key = await signingKey(deps.db);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(
      token,
      (header) => {
        if (header.kid !== key.kid) throw new SyncTokenError('unknown key id');
        return key.publicKey;
      },
      {
        algorithms: [ALG],
        audience: deps.config.powersyncUrl,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'iat', 'exp'],
      },
    ));
  } catch (error) {
    if (error instanceof SyncTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new SyncTokenError('token expired');
    if (error instanceof joseErrors.JOSEError) throw new SyncTokenError(`invalid token: ${error.code}`);
    throw error;
  }
  const { sub, iat, exp } = payload as { sub: string; iat: number; exp: number };
  if (typeof sub !== 'string' || sub === '') throw new SyncTokenError('token has no subject');
  if (exp - iat > MAX_LIFETIME_SECONDS) throw new SyncTokenError('token lifetime exceeds one day');
  const parameters = (payload as { parameters?: unknown }).parameters;
  if (parameters !== undefined && (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))) {
    throw new SyncTokenError('parameters claim must be an object');
  }
  return { userId: sub, anonymous: sub.startsWith(ANONYMOUS_PREFIX), expiresAt: exp, payload };
}
