// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_MODULES, ROUTE_PAGE_MODULES } from '../../src/app/routeModules.js';

// The build preloads each route's page chunk from this table; a page App.tsx no longer loads lazily (or loads from
// another module) would be preloaded for nothing while its real chunk is found late again.

const ROOT = resolve(import.meta.dirname, '..', '..');
const app = readFileSync(join(ROOT, 'src/app/App.tsx'), 'utf8');
const fromApp = (path: string) => relative(ROOT, resolve(join(ROOT, 'src/app'), path)).replace(/\.js$/, '');
/** App.tsx's ROUTE_PAGES: route → the module its lazily loaded page comes from. */
const routePages = new Map(
  [...app.matchAll(/^\s*'?([a-z-]+)'?: lazyPage\(\(\)\s*=>\s*import\('([^']+)'\)/gm)].map((m) => [m[1]!, fromApp(m[2]!)]),
);

describe('route page modules', () => {
  it('names, for every route with a page of its own, the module App.tsx renders and preloads for that route', () => {
    const expected = Object.entries(ROUTE_PAGE_MODULES)
      .filter(([, module]) => module !== null)
      .map(([route, module]) => [route, module!.replace(/\.tsx?$/, '')]);
    expect([...routePages].sort()).toEqual(expected.sort());
  });

  it('leaves out only pages that are part of the shell', () => {
    const inShell = Object.entries(ROUTE_PAGE_MODULES).filter(([, module]) => module === null).map(([route]) => route);
    expect(inShell).toEqual(['not-found']);
    expect(app).toMatch(/import \{ NotFoundPage \} from '\.\/pages\/NotFoundPage\.js'/);
  });
});

/** Every module some source file imports lazily, as a path from the project root without its extension. */
function lazilyImported(): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const dir = entry.parentPath;
    for (const m of readFileSync(join(dir, entry.name), 'utf8').matchAll(/import\('(\.[^']+)'\)/g)) {
      found.add(relative(ROOT, resolve(dir, m[1]!)).replace(/\.js$/, ''));
    }
  }
  return found;
}

describe('member modules (precached only once someone signs in)', () => {
  it('are each imported lazily, so each is a chunk of its own', () => {
    const lazy = lazilyImported();
    expect(MEMBER_MODULES.filter((module) => !lazy.has(module.replace(/\.tsx?$/, '')))).toEqual([]);
  });

  it('include a route page only when App.tsx renders it inside RequireLogin (a visitor never loads it)', () => {
    const memberRoutes = Object.entries(ROUTE_PAGE_MODULES).filter(([, module]) => module !== null && MEMBER_MODULES.includes(module));
    expect(memberRoutes.length).toBeGreaterThan(0);
    for (const [route] of memberRoutes) {
      const body = app.slice(app.indexOf(`case '${route}':`), app.indexOf('case ', app.indexOf(`case '${route}':`) + 5));
      expect(body, route).toMatch(/<RequireLogin[\s>]/);
    }
  });
});
