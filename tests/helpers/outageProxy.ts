import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SeenRequest {
  path: string;
  /** performance.now() of the test process when the request arrived. */
  at: number;
}

export interface OutageProxy {
  url: string;
  /** Every request that arrived while the server was unreachable, in order. */
  readonly refused: SeenRequest[];
  /** The server stops answering: open connections (the sync stream) are cut, and every new request is dropped. */
  cut(): void;
  restore(): void;
  /** Resolves once `count` refused requests satisfy `match`. */
  refusedAtLeast(count: number, match: (r: SeenRequest) => boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of the test server that can make it unreachable while the browser stays online: what a
 * crashed server, a broken load balancer or a cut cable look like to a device. Requests of every kind reach it —
 * also those of the SDK's shared worker (the sync stream), which page routes do not reach — and each one refused
 * during the outage is counted, so a test can hold them against the back-off schedule.
 */
export async function startOutageProxy(target: string): Promise<OutageProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const refused: SeenRequest[] = [];
  const waiters = new Set<() => void>();
  let down = false;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (down) {
      refused.push({ path: (req.url ?? '').split('?')[0]!, at: performance.now() });
      for (const wake of [...waiters]) wake();
      req.socket.destroy();
      return;
    }
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    refusedAtLeast(count, match) {
      return new Promise((resolve) => {
        const check = () => {
          if (refused.filter(match).length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
