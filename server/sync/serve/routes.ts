import type { IncomingMessage, ServerResponse } from 'node:http';
import { syncJwks } from '../../accounts/tokens.js';
import type { SyncHub } from '../hub.js';
import { authenticate, CORS_HEADERS, sendError, sendJson } from './http-util.js';
import { isStorableText } from '../../../src/domain/validation.js';
import { handleSyncStream, type StreamDeps } from './stream.js';
import { STREAM_REQUEST_LIMITS } from './stream-request.js';
import { createWriteCheckpoint } from './write-checkpoints.js';

export interface SyncRouteDeps extends StreamDeps {
  hub: SyncHub;
}

const CORS_PATHS = new Set(['/sync/stream', '/write-checkpoint2.json']);

/**
 * The PowerSync-protocol endpoints plus our JWKS. Returns false for any other request (or method), which then falls
 * through to the rest of the server.
 */
export async function handleSyncRoute(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: SyncRouteDeps,
  shutdown: AbortSignal,
): Promise<boolean> {
  const path = url.pathname;
  if (req.method === 'OPTIONS' && CORS_PATHS.has(path)) {
    res.writeHead(204, CORS_HEADERS).end();
    return true;
  }
  if (req.method === 'POST' && path === '/sync/stream') {
    await handleSyncStream(req, res, deps, shutdown);
    return true;
  }
  if (req.method === 'GET' && path === '/write-checkpoint2.json') {
    const token = await authenticate(req, res, deps);
    if (!token) return true;
    const clientId = url.searchParams.get('client_id') ?? '';
    if (clientId === '' || clientId.length > STREAM_REQUEST_LIMITS.clientId || !isStorableText(clientId)) {
      sendError(res, 400, 'PSYNC_S2001', `client_id is required (at most ${STREAM_REQUEST_LIMITS.clientId} characters of text)`);
      return true;
    }
    // Anonymous visitors cannot upload, so there is nothing to acknowledge, and nothing of theirs is stored.
    if (token.anonymous) {
      sendError(res, 403, 'PSYNC_S2103', 'Anonymous visitors have no uploads to acknowledge');
      return true;
    }
    const issued = await createWriteCheckpoint(deps.db, token.userId, clientId);
    deps.hub.publishWriteCheckpoint({ userId: token.userId, clientId, ...issued });
    sendJson(res, 200, { data: { write_checkpoint: String(issued.checkpoint) } });
    return true;
  }
  if (req.method === 'GET' && path === '/.well-known/jwks.json') {
    const body = JSON.stringify(await syncJwks(deps));
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300', ...CORS_HEADERS }).end(body);
    return true;
  }
  return false;
}
