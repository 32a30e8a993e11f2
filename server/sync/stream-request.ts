import { isValidPriority, type BucketPriority, type SqliteJsonRow } from '@powersync/service-sync-rules';

/** The body of POST /sync/stream, checked and normalized (the client sends more; the rest is ignored). */
export interface StreamRequest {
  /** Buckets the client already holds, with the last op id it has of each. */
  buckets: { name: string; after: number }[];
  clientId: string;
  parameters: Record<string, unknown>;
  includeDefaults: boolean;
  subscriptions: { stream: string; parameters: SqliteJsonRow | null; priorityOverride: BucketPriority | null }[];
}

export class BadStreamRequest extends Error {
  override readonly name = 'BadStreamRequest';
}

const MAX_BUCKETS = 10_000;
const OP_ID = /^\d{1,19}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseStreamRequest(body: unknown): StreamRequest {
  if (!isObject(body)) throw new BadStreamRequest('request body must be a JSON object');
  const buckets: StreamRequest['buckets'] = [];
  if (body.buckets !== undefined) {
    if (!Array.isArray(body.buckets) || body.buckets.length > MAX_BUCKETS) throw new BadStreamRequest('buckets must be an array');
    for (const entry of body.buckets) {
      if (!isObject(entry) || typeof entry.name !== 'string') throw new BadStreamRequest('each bucket needs a name');
      const after = typeof entry.after === 'number' ? String(entry.after) : entry.after;
      // A position we cannot read sends the bucket from the start: more data, never less.
      buckets.push({ name: entry.name, after: typeof after === 'string' && OP_ID.test(after) ? Number(after) : 0 });
    }
  }
  const clientId = typeof body.client_id === 'string' ? body.client_id.slice(0, 200) : '';
  const parameters = isObject(body.parameters) ? body.parameters : {};
  const streams = isObject(body.streams) ? body.streams : {};
  const includeDefaults = typeof streams.include_defaults === 'boolean' ? streams.include_defaults : true;
  const subscriptions: StreamRequest['subscriptions'] = [];
  if (Array.isArray(streams.subscriptions)) {
    // Kept in place even when malformed: a subscription's index is its id in the checkpoint's bucket list.
    for (const s of streams.subscriptions.slice(0, 1000)) {
      const valid = isObject(s) && typeof s.stream === 'string';
      const priority = valid ? s.override_priority : null;
      subscriptions.push({
        stream: valid ? (s.stream as string) : '',
        parameters: valid && isObject(s.parameters) ? (s.parameters as SqliteJsonRow) : null,
        priorityOverride: typeof priority === 'number' && isValidPriority(priority) ? priority : null,
      });
    }
  }
  return { buckets, clientId, parameters, includeDefaults, subscriptions };
}
