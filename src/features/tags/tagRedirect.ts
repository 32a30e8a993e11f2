import { registerPath } from '../../app/routes.js';

export interface TagLookupResult {
  targetId: string | null;
  targetPath: string | null;
}

const DEFAULT_TARGET_PATH = '/vehicle';

/**
 * Where a scanned tag leads: its target when it has one, otherwise registration. Only same-site paths
 * are honoured as targetPath, so a tampered tag row can never send a scan to another site.
 */
export function tagRedirectPath(hash: string, tag: TagLookupResult | null): string {
  if (tag === null || tag.targetId === null || tag.targetId === '') return registerPath(hash);
  const base = tag.targetPath !== null && isSitePath(tag.targetPath) ? tag.targetPath : DEFAULT_TARGET_PATH;
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(tag.targetId)}`;
}

function isSitePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
