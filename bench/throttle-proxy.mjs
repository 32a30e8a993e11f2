// Lighthouse's mobile network (150 ms RTT, 1.6 Mbps down, 750 kbps up) applied at the server's socket: a TCP proxy in
// front of the app server. Chromium's own network throttling does not reach the SDK's shared worker (its requests
// arrive at full speed although the setting is accepted), and the sync stream is exactly that worker's; at the socket
// every request of every target crosses the same slow link.
//
// Model: one downlink and one uplink shared by all connections of the device (as a phone's radio is). A chunk is
// serialized onto its link at the link's rate after whatever is queued, then arrives half an RTT later. A new
// connection costs one RTT (the TCP handshake) before its first byte is forwarded. Pieces of at most 16 KB, so one
// large response does not delay another's start by more than a real link would.
import { createConnection, createServer } from 'node:net';

export const LIGHTHOUSE_MOBILE = { rttMs: 150, downBytesPerSecond: 1.6e6 / 8, upBytesPerSecond: 750e3 / 8 };
const PIECE = 16 * 1024;

class Link {
  constructor(bytesPerSecond, oneWayMs) {
    this.bytesPerMs = bytesPerSecond / 1000;
    this.oneWayMs = oneWayMs;
    this.freeAt = 0;
    this.bytes = 0;
  }
  /** Delivers chunk to socket after serialization and propagation; order per socket is kept (times only grow). */
  carry(chunk, socket) {
    for (let at = 0; at < chunk.length; at += PIECE) {
      const piece = chunk.subarray(at, at + PIECE);
      const now = performance.now();
      this.freeAt = Math.max(now, this.freeAt) + piece.length / this.bytesPerMs;
      this.bytes += piece.length;
      const delay = this.freeAt + this.oneWayMs - now;
      setTimeout(() => {
        if (!socket.destroyed) socket.write(piece);
      }, delay);
    }
  }
  /** Runs fn once everything queued so far has arrived (ends and closes keep their place behind the data). */
  after(fn) {
    setTimeout(fn, Math.max(0, this.freeAt - performance.now()) + this.oneWayMs);
  }
}

/** Listens on a free port of 127.0.0.1 and forwards to targetPort through the throttled links. */
export async function startThrottleProxy(targetPort, conditions = LIGHTHOUSE_MOBILE) {
  const down = new Link(conditions.downBytesPerSecond, conditions.rttMs / 2);
  const up = new Link(conditions.upBytesPerSecond, conditions.rttMs / 2);
  const sockets = new Set();
  const server = createServer((client) => {
    client.setNoDelay(true);
    client.pause();
    sockets.add(client);
    setTimeout(() => {
      const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
      upstream.setNoDelay(true);
      sockets.add(upstream);
      client.on('data', (chunk) => up.carry(chunk, upstream));
      upstream.on('data', (chunk) => down.carry(chunk, client));
      client.on('end', () => up.after(() => upstream.end()));
      upstream.on('end', () => down.after(() => client.end()));
      const close = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', close);
      upstream.on('error', close);
      client.on('close', () => up.after(close));
      upstream.on('close', () => down.after(close));
      client.resume();
    }, conditions.rttMs);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    /** Bytes that crossed each link so far. */
    get bytes() {
      return { down: down.bytes, up: up.bytes };
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
