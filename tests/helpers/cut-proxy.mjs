// A TCP proxy in front of PostgreSQL that the benchmark can cut, the two ways a database goes away:
//   'refused'  the database is down (a restart, a failover's first seconds): every connection is reset, new ones are
//              reset as they arrive, so the driver learns at once;
//   'silent'   the network to it is gone (a dropped route, a partition): nothing is answered and nothing reset;
//              bytes wait, as in a real network they wait on retransmission, and flow again when it returns.
// restore() ends either: new connections are forwarded again, and the silent ones carry what waited.
import { createConnection, createServer } from 'node:net';

export async function startCutProxy(targetPort, targetHost = '127.0.0.1') {
  /** Each client socket with its upstream once connected; held ones wait for restore(). */
  const pairs = new Set();
  let mode = 'open';

  const forward = (pair) => {
    const upstream = createConnection({ host: targetHost, port: targetPort });
    pair.upstream = upstream;
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
    const close = () => {
      pair.client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    upstream.on('error', close);
    upstream.on('close', close);
  };

  const server = createServer((client) => {
    const pair = { client, upstream: null };
    client.on('error', () => {});
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'refused') return client.resetAndDestroy();
    pairs.add(pair);
    if (mode === 'silent') client.pause();
    else forward(pair);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: server.address().port,
    cut(how) {
      mode = how;
      for (const pair of [...pairs]) {
        if (how === 'refused') {
          pair.client.resetAndDestroy();
          pair.upstream?.destroy();
          pairs.delete(pair);
        } else {
          // Unpiped and paused both ways: what is sent meanwhile waits in the sockets' buffers.
          pair.client.unpipe();
          pair.upstream?.unpipe();
          pair.client.pause();
          pair.upstream?.pause();
        }
      }
    },
    restore() {
      const was = mode;
      mode = 'open';
      if (was !== 'silent') return;
      for (const pair of pairs) {
        if (pair.upstream) {
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
        } else {
          forward(pair);
        }
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
