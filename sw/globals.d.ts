import type { PrecacheManifest } from './manifest.js';

declare global {
  /** Written by build.mjs: this build's precache list. It also makes sw.js change with every deploy. */
  const __PRECACHE_MANIFEST__: PrecacheManifest;
}
