import { registerPath } from '../../app/routes.js';
import type { RemoteTag, TagTarget } from '../../data/tags.js';
import { tagRedirectPath } from './tagRedirect.js';

/** Where opening a tag ends: another page (history replaced), or a page of its own that says why not. */
export type TagOutcome =
  | { kind: 'redirect'; path: string }
  | { kind: 'private-vehicle' }
  | { kind: 'replaced' }
  | { kind: 'not-found' }
  /** Not on this device, and no answer from the server: resolved again when the network returns. */
  | { kind: 'offline' };

export interface TagResolverDeps {
  lookupLocal(hash: string): Promise<TagTarget | null>;
  askServer(hash: string): Promise<RemoteTag>;
  isOnline(): boolean;
}

/**
 * Offline first: the device's own copy answers at once (a scan must feel instant, with or without a network). Only a
 * tag the device does not hold is asked of the server, which tells each caller no more than they may know.
 */
export async function resolveTag(hash: string, deps: TagResolverDeps): Promise<TagOutcome> {
  const local = await deps.lookupLocal(hash);
  if (local !== null && local.targetId !== null && local.targetId !== '') {
    return { kind: 'redirect', path: tagRedirectPath(hash, local) };
  }
  // A free tag held here needs no question.
  if (local !== null) return { kind: 'redirect', path: registerPath(hash) };
  if (!deps.isOnline()) return { kind: 'offline' };
  return outcomeOf(hash, await deps.askServer(hash));
}

/** Where the server's answer about a tag the device does not hold leads. */
export function outcomeOf(hash: string, remote: RemoteTag): TagOutcome {
  switch (remote.status) {
    case 'vehicle':
      return { kind: 'redirect', path: tagRedirectPath(hash, { targetId: remote.vehicleId, targetPath: remote.targetPath }) };
    case 'unclaimed':
      // The tag's own code: a code typed in another case or with a look-alike claims the tag it names.
      return { kind: 'redirect', path: registerPath(remote.hash) };
    case 'private-vehicle':
      return { kind: 'private-vehicle' };
    case 'replaced':
      return { kind: 'replaced' };
    case 'not-found':
      return { kind: 'not-found' };
    case 'unreachable':
      return { kind: 'offline' };
  }
}
