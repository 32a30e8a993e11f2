// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PAGE_MODULES } from '../../src/app/routeModules.js';

// The build preloads each route's page chunk from this table; a page App.tsx no longer loads lazily (or loads from
// another module) would be preloaded for nothing while its real chunk is found late again.

const ROOT = resolve(import.meta.dirname, '..', '..');
const app = readFileSync(join(ROOT, 'src/app/App.tsx'), 'utf8');
const lazyImports = [...app.matchAll(/lazy(?:Page)?\(\(\)\s*=>\s*import\('([^']+)'\)/g)].map((m) =>
  relative(ROOT, resolve(join(ROOT, 'src/app'), m[1]!)).replace(/\.js$/, ''),
);

describe('route page modules', () => {
  it('names, for every route with a page of its own, a module App.tsx loads lazily', () => {
    for (const [route, module] of Object.entries(ROUTE_PAGE_MODULES)) {
      if (module === null) continue;
      expect(lazyImports, route).toContain(module.replace(/\.tsx?$/, ''));
    }
  });

  it('leaves out only pages that are part of the shell', () => {
    const inShell = Object.entries(ROUTE_PAGE_MODULES).filter(([, module]) => module === null).map(([route]) => route);
    expect(inShell).toEqual(['not-found']);
    expect(app).toMatch(/import \{ NotFoundPage \} from '\.\/pages\/NotFoundPage\.js'/);
  });
});
