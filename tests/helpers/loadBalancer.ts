import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Backend {
  name: string;
  port: number;
}

/** One request through the balancer, and the backend that took it (null until one answered). */
export interface Exchange {
  method: string;
  path: string;
  backend: string | null;
  /** The request body as text, kept for the sync stream only: what the device says it holds. */
  body: string | null;
}

export interface LoadBalancer {
  url: string;
  /**
   * Where a path may go, in order of preference. A backend that refuses the connection is down, and the next one
   * is tried, as a load balancer with health checks does; a request already sent is never sent again.
   */
  routes: (path: string) => Backend[];
  /** Called once a request is read, before it is sent on. */
  beforeRequest: (exchange: Exchange) => void | Promise<void>;
  /** Called when a backend's answer begins, before any of it is passed on; false cuts the client's connection instead. */
  onAnswer: (exchange: Exchange) => boolean | Promise<boolean>;
  /** Every request, in the order they arrived. */
  readonly exchanges: Exchange[];
  /** The first exchange, past or future, that matches once it has a backend. */
  seen(match: (exchange: Exchange) => boolean): Promise<Exchange>;
  /** Nothing more of the answers under way from this backend reaches their clients (what follows is dropped). */
  silence(backend: string): void;
  /** Cuts the client connections of the answers under way from this backend. */
  cut(backend: string): void;
  close(): Promise<void>;
}

interface Answering {
  backend: string;
  upstream: IncomingMessage;
  res: ServerResponse;
}

/**
 * An HTTP load balancer in front of several server processes: each request goes to the first backend its path is
 * routed to that accepts the connection. A new connection per request, so a process killed is seen as refused
 * connections at once rather than as a broken kept-alive socket. Requests are read whole before they are sent, so
 * that a refused one can go to the next backend.
 */
export async function startLoadBalancer(): Promise<LoadBalancer> {
  const sockets = new Set<Socket>();
  const answering = new Set<Answering>();
  const exchanges: Exchange[] = [];
  const waiters = new Set<() => void>();

  const lb: LoadBalancer = {
    url: '',
    routes: () => [],
    beforeRequest: () => {},
    onAnswer: () => true,
    exchanges,
    seen(match) {
      return new Promise((resolve) => {
        const check = () => {
          const found = exchanges.find((e) => e.backend !== null && match(e));
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
    silence(backend) {
      for (const a of answering) {
        if (a.backend !== backend) continue;
        a.upstream.unpipe(a.res);
        a.upstream.resume();
      }
    },
    cut(backend) {
      for (const a of [...answering]) {
        if (a.backend !== backend) continue;
        a.upstream.destroy();
        a.res.socket?.destroy();
        answering.delete(a);
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const attempt = (backend: Backend, req: IncomingMessage, body: Buffer) =>
    new Promise<IncomingMessage | 'refused'>((resolve, reject) => {
      const forwarded = request(
        { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers, agent: false },
        resolve,
      );
      forwarded.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error)));
      forwarded.end(body);
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = (req.url ?? '/').split('?')[0]!;
    const exchange: Exchange = { method: req.method ?? 'GET', path, backend: null, body: path === '/sync/stream' ? body.toString() : null };
    exchanges.push(exchange);
    await lb.beforeRequest(exchange);
    for (const backend of lb.routes(path)) {
      const upstream = await attempt(backend, req, body);
      if (upstream === 'refused') continue;
      exchange.backend = backend.name;
      for (const wake of [...waiters]) wake();
      if (!(await lb.onAnswer(exchange))) {
        upstream.destroy();
        req.socket.destroy();
        return;
      }
      const entry = { backend: backend.name, upstream, res };
      answering.add(entry);
      res.on('close', () => answering.delete(entry));
      // A backend that dies mid-answer cuts the client's connection too, as it would without us in between.
      upstream.on('close', () => {
        if (!upstream.complete) res.destroy();
      });
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(res);
      return;
    }
    res.writeHead(503, { 'content-type': 'text/plain' }).end('No backend took the connection');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.socket?.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  lb.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return lb;
}
