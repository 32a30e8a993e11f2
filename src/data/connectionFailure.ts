// The failure the connection lifecycle is backing off from (data/connectionLifecycle.ts), for the sync bar: between
// two attempts the engine's own status forgets it (each attempt starts afresh), and the bar must not.
// Its own small module so the bar, which loads before the SDK, reads it without loading the lifecycle.

let failure: string | null = null;
const listeners = new Set<() => void>();

export function setConnectionFailure(message: string | null): void {
  if (message === failure) return;
  failure = message;
  for (const listener of [...listeners]) listener();
}

export function getConnectionFailure(): string | null {
  return failure;
}

export function subscribeConnectionFailure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
