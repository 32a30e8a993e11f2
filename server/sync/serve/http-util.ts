import type { IncomingMessage, ServerResponse } from 'node:http';
import { SyncTokenError, verifySyncToken, type TokenDeps, type VerifiedToken } from '../../accounts/tokens.js';

/** Plumbing shared by the sync endpoints: CORS, JSON replies in the service's shapes, token check, body reading. */

// The web SDK syncs from a worker with an Authorization header: '*' does not cover that one, so it is listed.
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, User-Agent, X-User-Agent',
  'access-control-max-age': '3600',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res
    .writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

export function sendError(res: ServerResponse, status: number, code: string, description: string): void {
  sendJson(res, status, { error: { code, status, description } });
}

/** A VerifiedToken, or null after answering 401 the way the PowerSync Service does. */
export async function authenticate(req: IncomingMessage, res: ServerResponse, deps: TokenDeps): Promise<VerifiedToken | null> {
  const header = req.headers.authorization ?? '';
  const match = /^(?:Token|Bearer) +(\S+)$/i.exec(header.trim());
  if (!match) {
    sendError(res, 401, 'PSYNC_S2101', 'Authentication required: Authorization: Token <jwt>');
    return null;
  }
  try {
    return await verifySyncToken(deps, match[1]!);
  } catch (error) {
    if (!(error instanceof SyncTokenError)) throw error;
    sendError(res, 401, 'PSYNC_S2101', `Authentication failed: ${error.message}`);
    return null;
  }
}

export class BodyTooLarge extends Error {}

export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BodyTooLarge(`request body over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : JSON.parse(text);
}
