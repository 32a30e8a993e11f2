import { Code, ConnectError, type Interceptor } from '@connectrpc/connect';
import { isStorableText } from '../../src/domain/validation.js';

/**
 * Where the first string PostgreSQL could not store sits in a decoded request (a field path such as
 * `crud[2].table`), or null when there is none. Walks the message as data, so every string field of every method —
 * nested messages, repeated fields and map keys included — is covered without a list to keep up to date.
 */
export function unstorableTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || '(request)';
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorableTextPath(item, `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === '$typeName') continue;
    const at = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return at;
    const found = unstorableTextPath(item, at);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses, before any handler runs, a request carrying text the database would refuse (a 4xx, not a 500). */
export const storableTextInterceptor: Interceptor = (next) => async (req) => {
  if (!req.stream) {
    const path = unstorableTextPath(req.message);
    if (path !== null) {
      throw new ConnectError(`${path} contains a NUL character or broken Unicode`, Code.InvalidArgument);
    }
  }
  return next(req);
};
