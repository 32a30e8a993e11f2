// The one pending "leave the site?" question, shared by every external link and the dialog host that asks it.

let pending: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  pending = next;
  for (const listener of [...listeners]) listener();
}

/** Asks before leaving the site for `url` (the host shows the confirmation). */
export function confirmExternal(url: string): void {
  set(url);
}

export function cancelExternal(): void {
  set(null);
}

export function getPendingExternal(): string | null {
  return pending;
}

export function subscribePendingExternal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when `href` stays on this site: such links navigate inside the app instead of asking. */
export function isSameSite(href: string, origin: string): boolean {
  try {
    return new URL(href, origin).origin === origin;
  } catch {
    return false;
  }
}
