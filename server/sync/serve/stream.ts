import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenDeps, VerifiedToken } from '../../accounts/tokens.js';
import { SyncConnection, type ConnectionDeps } from './connection.js';
import type { SyncHub } from '../hub.js';
import { authenticate, BodyTooLarge, CORS_HEADERS, readJson, sendError } from './http-util.js';
import { tokenExpiresLine } from './lines.js';
import { negotiateEncoding, ResponseSink } from './response-sink.js';
import { BadStreamRequest, parseStreamRequest, type StreamRequest } from './stream-request.js';

export interface StreamDeps extends ConnectionDeps, TokenDeps {
  hub: SyncHub;
  /** Every connection's request, newest last (tests check where reconnecting clients resume). */
  onRequest?: (request: StreamRequest, token: VerifiedToken) => void;
  /** A stream that failed and was ended (the client reconnects): a limit passed, a database fault. */
  onFailure?: (error: unknown, token: VerifiedToken) => void;
}

/** How often a stream tells the client how long its token has left: the keepalive (the service's interval). */
const KEEPALIVE_MS = 20_000;

/**
 * POST /sync/stream: authenticates, then streams NDJSON lines until the token expires, the client goes away or the
 * server shuts down. gzip when the client accepts it (browsers and the SDKs' fetch do: a first sync shrinks about
 * 20-fold), flushed at the end of every tick like the plain stream: nothing is held past the current tick, and
 * proxies are told not to buffer either.
 */
export async function handleSyncStream(
  req: IncomingMessage,
  res: ServerResponse,
  deps: StreamDeps,
  shutdown: AbortSignal,
): Promise<void> {
  const token = await authenticate(req, res, deps);
  if (!token) return;
  let request: StreamRequest;
  try {
    request = parseStreamRequest(await readJson(req, 4 * 1024 * 1024));
  } catch (error) {
    if (error instanceof BodyTooLarge) return sendError(res, 413, 'PSYNC_S2002', error.message);
    if (error instanceof SyntaxError || error instanceof BadStreamRequest) {
      return sendError(res, 400, 'PSYNC_S2001', `Invalid sync request: ${error.message}`);
    }
    // The client went away while sending its request (a reload, a lost network): nothing to answer, nothing wrong.
    if (req.destroyed || (error as { code?: string }).code === 'ECONNRESET') return;
    throw error;
  }
  deps.onRequest?.(request, token);

  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  res.writeHead(200, {
    ...CORS_HEADERS,
    'content-type': 'application/x-ndjson',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    vary: 'Accept-Encoding',
    ...(encoding === 'gzip' ? { 'content-encoding': 'gzip' } : {}),
  });
  res.flushHeaders();
  req.socket.setNoDelay(true);

  const sink = new ResponseSink(res, encoding);
  const connection = new SyncConnection(deps, token, request, sink);
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: () => void = () => {};
  const finished = new Promise<void>((resolve) => res.once('close', resolve));
  const end = (line?: string) => sink.end(line);

  const stopOnShutdown = onShutdown(shutdown, () => end());

  // Keepalive every 20 s (±10 %, so a thousand streams opened together do not tick together), and 0 at expiry.
  const expiresAtMs = token.expiresAt * 1000;
  const keepalive = () => {
    const left = expiresAtMs - Date.now();
    if (left > 0) void sink.write(tokenExpiresLine(left / 1000));
    timers[0] = setTimeout(keepalive, KEEPALIVE_MS * (0.9 + Math.random() * 0.2));
  };
  timers[0] = setTimeout(keepalive, KEEPALIVE_MS * (0.9 + Math.random() * 0.2));
  timers[1] = setTimeout(() => end(tokenExpiresLine(0)), Math.max(0, expiresAtMs - Date.now()));

  try {
    // Subscribe before the first snapshot so that no change committed meanwhile is missed.
    unsubscribe = deps.hub.subscribe(connection);
    await connection.start((error) => {
      console.error('sync: stream failed', error);
      deps.onFailure?.(error, token);
      end();
    });
    await finished;
  } finally {
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    stopOnShutdown();
  }
}

/**
 * One abort listener per shutdown signal, however many streams are open (a listener each would trip Node's leak
 * warning at eleven streams and cost a closure per stream on the signal).
 */
const enders = new WeakMap<AbortSignal, Set<() => void>>();

function onShutdown(signal: AbortSignal, end: () => void): () => void {
  if (signal.aborted) {
    end();
    return () => {};
  }
  let set = enders.get(signal);
  if (!set) {
    const created = new Set<() => void>();
    enders.set(signal, (set = created));
    signal.addEventListener('abort', () => {
      for (const fn of created) fn();
      created.clear();
    }, { once: true });
  }
  set.add(end);
  return () => set.delete(end);
}
