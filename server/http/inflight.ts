import type { Server } from 'node:http';

/**
 * Graceful shutdown: stop accepting, let in-flight requests finish, then cut whatever is left after the grace
 * period. Long-lived streams watch `signal` and end themselves when shutdown begins.
 */
export function trackInflight(server: Server) {
  let active = 0;
  let drained: (() => void) | null = null;
  const controller = new AbortController();
  server.on('request', (_req, res) => {
    active++;
    res.on('close', () => {
      active--;
      if (active === 0) drained?.();
    });
  });
  return {
    signal: controller.signal,
    get active() {
      return active;
    },
    async shutdown(graceMs: number): Promise<void> {
      controller.abort();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (active > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
        ]);
      }
      server.closeAllConnections();
      await closed;
    },
  };
}
