import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoute, type RouteName } from '../../src/domain/routes.js';

/** Written by the build next to the app: the shell's files, and each route's page chunk with what it imports. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface RoutePreloads {
  shell: string[];
  routes: Partial<Record<RouteName, string[]>>;
  /** What reads a tag's first answer (src/app/routeModules.ts FIRST_ANSWER_MODULE), beyond the shell. */
  firstAnswer?: string[];
}

/**
 * The `Link` header for the shell served at `pathname`: modulepreload for every file of the shell and of the page
 * that path opens, so a cold visit asks for all of them in one round instead of discovering the page's chunk only
 * after the shell has run, and its imports only after that. Computed once per route. Without the build's list
 * (a build older than it, or tests serving a bare directory) there is no header. A page with a tag's first answer
 * (`firstAnswer`) also preloads what reads it.
 */
export function routePreloadHeaders(staticDir: string): (pathname: string, firstAnswer?: boolean) => string | undefined {
  let preloads: RoutePreloads;
  try {
    preloads = JSON.parse(readFileSync(join(staticDir, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
  } catch {
    return () => undefined;
  }
  const byRoute = new Map<string, string>();
  return (pathname, firstAnswer = false) => {
    const name = matchRoute(pathname).name;
    const key = `${name}${firstAnswer ? '+first-answer' : ''}`;
    let header = byRoute.get(key);
    if (header === undefined) {
      const urls = [...preloads.shell, ...(firstAnswer ? (preloads.firstAnswer ?? []) : []), ...(preloads.routes[name] ?? [])];
      header = [...new Set(urls)].map((url) => `<${url}>; rel=modulepreload`).join(', ');
      byRoute.set(key, header);
    }
    return header === '' ? undefined : header;
  };
}
