import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { fromBinary } from '@bufbuild/protobuf';
import { Code, ConnectError, createConnectRouter, type ConnectRouter, type ContextValues, type Interceptor } from '@connectrpc/connect';
import { createAsyncIterable, type UniversalHandler } from '@connectrpc/connect/protocol';
import { compressionBrotli, compressionGzip, universalRequestFromNodeRequest, universalResponseToNodeResponse } from '@connectrpc/connect-node';

const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);

export interface RpcAdapterOptions {
  routes: (router: ConnectRouter) => void;
  requestPathPrefix: string;
  interceptors: Interceptor[];
  contextValues: (req: IncomingMessage) => ContextValues;
  readMaxBytes: number;
}

/** A request the client got wrong: answered 400-class in the Connect protocol's error shape, never logged as ours. */
class BadRequest extends Error {
  constructor(
    message: string,
    readonly code: 'invalid_argument' | 'resource_exhausted',
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Connect's node adapter, with one change: a unary body is read, decompressed and decoded here first. Connect reports
 * an undecodable binary message ("parse binary") and a truncated or corrupt compressed body as `internal` (HTTP
 * 500) before any interceptor can see them, which would count a client's garbage as our failure. Checked here, such
 * bodies answer `invalid_argument` (400); what passes is handed to Connect unchanged, as the bytes already read.
 */
export function createRpcAdapter(options: RpcAdapterOptions) {
  // Binary protobuf is the app's format; JSON stays enabled for debugging with curl.
  const router = createConnectRouter({
    interceptors: options.interceptors,
    readMaxBytes: options.readMaxBytes,
    acceptCompression: [compressionGzip, compressionBrotli],
    connect: true,
    grpc: false,
    grpcWeb: false,
  });
  options.routes(router);
  const handlers = new Map<string, UniversalHandler>();
  for (const handler of router.handlers) handlers.set(options.requestPathPrefix + handler.requestPath, handler);

  return async function handleRpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const handler = handlers.get((req.url ?? '').split('?', 1)[0] ?? '');
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const uReq = universalRequestFromNodeRequest(req, res, undefined, options.contextValues(req));
    if (req.method === 'POST' && handler.method.methodKind === 'unary') {
      try {
        const body = await readBody(req, options.readMaxBytes);
        checkDecodable(handler, req, await decompress(body, req.headers['content-encoding'], options.readMaxBytes));
        uReq.body = createAsyncIterable([body]);
      } catch (error) {
        if (!(error instanceof BadRequest)) throw error;
        res
          .writeHead(error.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: error.code, message: error.message }));
        return;
      }
    }
    const uRes = await handler(uReq);
    await universalResponseToNodeResponse(uRes, res).catch((reason: unknown) => {
      if (ConnectError.from(reason).code !== Code.Aborted) throw reason;
    });
  };
}

async function readBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new BadRequest(`message is larger than ${maxBytes} bytes`, 'resource_exhausted', 429);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

async function decompress(body: Uint8Array, encoding: string | undefined, maxBytes: number): Promise<Uint8Array> {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return body;
  const inflate = name === 'gzip' ? gunzipAsync : name === 'br' ? brotliAsync : null;
  // Connect answers an encoding it does not know with `unimplemented` (501): it is the client's choice, so 400.
  if (inflate === null) throw new BadRequest(`unsupported content-encoding "${name.slice(0, 20)}": use gzip or br`, 'invalid_argument', 400);
  if (body.length === 0) return body;
  try {
    return new Uint8Array(await inflate(body, { maxOutputLength: maxBytes }));
  } catch (error) {
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw tooLarge
      ? new BadRequest(`message is larger than ${maxBytes} bytes after decompression`, 'resource_exhausted', 429)
      : new BadRequest(`the ${name} body could not be decompressed`, 'invalid_argument', 400);
  }
}

/** Binary bodies must decode as the method's request message; JSON bodies Connect already answers 400 itself. */
function checkDecodable(handler: UniversalHandler, req: IncomingMessage, bytes: Uint8Array): void {
  const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (type !== 'application/proto' && type !== 'application/x-protobuf') return;
  try {
    fromBinary(handler.method.input, bytes);
  } catch (error) {
    throw new BadRequest(`the request is not a valid ${handler.method.input.typeName}: ${(error as Error).message}`, 'invalid_argument', 400);
  }
}
