import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trackInflight } from '../../server/http/inflight.js';
import { startBuiltServer } from '../helpers/builtServer.js';

describe('the built server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tagbook-lifecycle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds demo data once, prints the sign-in details, and stops cleanly on SIGTERM', async () => {
    const first = await startBuiltServer({ DATA_DIR: dataDir });
    expect(first.output()).toContain('admin@tagbook.test');
    const health = await fetch(`http://127.0.0.1:${first.port}/healthz`);
    expect(await health.json()).toEqual({ ok: true, database: 'pglite' });
    first.child.kill('SIGTERM');
    const code = await first.exited;
    expect(code, first.output()).toBe(0);

    // Same DATA_DIR: the embedded database persisted, so nothing is seeded or printed again.
    const second = await startBuiltServer({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('admin@tagbook.test');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('refuses a malformed setting with a clear message', async () => {
    await expect(startBuiltServer({ DATA_DIR: dataDir, PORT: 'eighty' })).rejects.toThrow(
      /PORT must be a non-negative integer, got "eighty"/,
    );
  });
});

describe('graceful shutdown', () => {
  let server: Server;

  it('lets an in-flight request finish and refuses new connections', async () => {
    server = createServer((_req, res) => {
      setTimeout(() => res.end('done'), 300);
    });
    const inflight = trackInflight(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const slow = fetch(url).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const stopped = inflight.shutdown(5_000);
    expect(inflight.signal.aborted).toBe(true);
    expect(await slow).toBe('done');
    await stopped;
    await expect(fetch(url)).rejects.toThrow();
  });

  it('cuts connections still open after the grace period', async () => {
    server = createServer(() => {
      // never answers
    });
    const inflight = trackInflight(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const arrived = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const hanging = fetch(url).catch((e: unknown) => e);
    await arrived;
    // The handler never answers: without the cut, shutdown would wait for it for ever (and the test time out).
    await inflight.shutdown(200);
    expect(await hanging).toBeInstanceOf(Error);
  });
});
