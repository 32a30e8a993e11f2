// A first sync read off the wire, as a new device's first request would be answered: what an engine sends a device
// that holds nothing yet, up to its first complete checkpoint.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * POSTs /sync/stream at endpoint with the token and a fresh client's request (no buckets held), without asking for
 * compression, and reads until the first checkpoint_complete. Resolves with the bytes of the response body up to
 * there, the ops (data entries, and how many of each kind: PUT, REMOVE, MOVE, CLEAR) and buckets it carried and the
 * time from the request; rejects with the engine's
 * answer when it refuses, or when nothing complete arrives within backstopMs.
 */
export function wireFirstSync(endpoint, token, backstopMs) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const payload = JSON.stringify({ buckets: [], include_checksum: true, raw_data: true, client_id: randomBytes(8).toString('hex') });
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      fn(value);
    };
    const timer = setTimeout(() => finish(reject, new Error(`no complete checkpoint within ${backstopMs} ms`)), backstopMs);
    const req = http.request(`${endpoint}/sync/stream`, { method: 'POST', headers }, (res) => {
      let text = '';
      if (res.statusCode !== 200) {
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => finish(reject, new Error(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`)));
        return;
      }
      let bytes = 0;
      let ops = 0;
      const kinds = {};
      let buckets = null;
      res.on('data', (chunk) => {
        bytes += chunk.length;
        text += chunk.toString('utf8');
        let newline;
        while ((newline = text.indexOf('\n')) >= 0) {
          const line = text.slice(0, newline);
          text = text.slice(newline + 1);
          if (line.startsWith('{"data":')) {
            for (const entry of JSON.parse(line).data.data) {
              ops++;
              kinds[entry.op] = (kinds[entry.op] ?? 0) + 1;
            }
          } else if (line.startsWith('{"checkpoint":')) {
            buckets = JSON.parse(line).checkpoint.buckets.length;
          } else if (line.startsWith('{"checkpoint_complete"')) {
            finish(resolve, { ms: performance.now() - started, bytes, ops, kinds, buckets });
            return;
          } else if (line.includes('"error"')) {
            finish(reject, new Error(line.slice(0, 300)));
            return;
          }
        }
      });
      res.on('end', () => finish(reject, new Error(`the stream ended before a complete checkpoint${text ? `: ${text.slice(0, 300)}` : ''}`)));
      res.on('error', (error) => finish(reject, error));
    });
    req.on('error', (error) => finish(reject, error));
    req.end(payload);
  });
}
