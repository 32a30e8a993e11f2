/** The build's asset-manifest.json, as the service worker reads it. */
export interface AssetManifest {
  version: string;
  digest: string;
  files: { url: string; size: number; group: 'core' | 'opfs' | 'idb' | null }[];
}

/** Traffic that must always reach the network: RPC, sync, blobs and health are live data, never shell. */
export function isLiveTraffic(pathname: string): boolean {
  return (
    pathname.startsWith('/rpc/') ||
    pathname.startsWith('/sync/') ||
    pathname.startsWith('/blobs/') ||
    pathname.startsWith('/.well-known/') ||
    pathname === '/write-checkpoint2.json' ||
    pathname === '/healthz' ||
    pathname === '/asset-manifest.json'
  );
}

export function urlsOfGroup(manifest: AssetManifest, group: string): string[] {
  return manifest.files.filter((f) => f.group === group).map((f) => f.url);
}
