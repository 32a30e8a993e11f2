import { isValidPriority, type BucketPriority, type SqliteJsonRow } from '@powersync/service-sync-rules';
import { isStorableText } from '../../../src/domain/validation.js';

/** The body of POST /sync/stream, checked and normalized. */
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

/**
 * Limits on what a client may ask for. The official clients send one entry per bucket they hold (a user holds a
 * bucket per vehicle, plus a few), a UUID client id and small parameter objects; anything past these is not a
 * client of ours, and the body is refused rather than trimmed so nothing it meant is silently dropped.
 */
export const STREAM_REQUEST_LIMITS = {
  buckets: 10_000,
  bucketName: 512,
  clientId: 200,
  subscriptions: 1000,
  /** Keys of `parameters`, a subscription's parameters and `app_metadata`. */
  objectKeys: 64,
  /** Any string inside those objects. */
  text: 1000,
  /** Nesting of parameter values. */
  depth: 4,
} as const;

/** The top-level fields the protocol defines (docs/powersync-protocol.md); any other key is refused. */
const FIELDS = new Set(['buckets', 'include_checksum', 'raw_data', 'binary_data', 'client_id', 'parameters', 'streams', 'app_metadata']);
const STREAM_FIELDS = new Set(['include_defaults', 'subscriptions']);
const SUBSCRIPTION_FIELDS = new Set(['stream', 'parameters', 'override_priority']);
const BUCKET_FIELDS = new Set(['name', 'after']);
const OP_ID = /^\d{1,19}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(message: string): never {
  throw new BadStreamRequest(message);
}

function onlyFields(value: Record<string, unknown>, allowed: ReadonlySet<string>, where: string): void {
  for (const key of Object.keys(value)) if (!allowed.has(key)) fail(`${where} has an unknown field "${key.slice(0, 40)}"`);
}

function text(value: unknown, max: number, where: string): string {
  if (typeof value !== 'string') fail(`${where} must be a string`);
  if (value.length > max) fail(`${where} is longer than ${max} characters`);
  if (!isStorableText(value)) fail(`${where} contains a NUL character or broken Unicode`);
  return value;
}

function optionalFlag(value: unknown, where: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') fail(`${where} must be true or false`);
  return value;
}

/** A JSON object of bounded size whose strings the database can store: parameters and metadata. */
function smallObject(value: unknown, where: string, depth = 0): Record<string, unknown> {
  if (!isObject(value)) fail(`${where} must be an object`);
  const keys = Object.keys(value);
  if (keys.length > STREAM_REQUEST_LIMITS.objectKeys) fail(`${where} has more than ${STREAM_REQUEST_LIMITS.objectKeys} fields`);
  for (const key of keys) {
    text(key, STREAM_REQUEST_LIMITS.text, `a key of ${where}`);
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') fail(`${where} has a reserved field name`);
    smallValue(value[key], `${where}.${key}`, depth + 1);
  }
  return value;
}

function smallValue(value: unknown, where: string, depth: number): void {
  if (depth > STREAM_REQUEST_LIMITS.depth) fail(`${where} is nested too deeply`);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return;
  if (typeof value === 'string') {
    text(value, STREAM_REQUEST_LIMITS.text, where);
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > STREAM_REQUEST_LIMITS.objectKeys) fail(`${where} has more than ${STREAM_REQUEST_LIMITS.objectKeys} items`);
    value.forEach((item, i) => smallValue(item, `${where}[${i}]`, depth + 1));
    return;
  }
  smallObject(value, where, depth);
}

function bucketList(value: unknown): StreamRequest['buckets'] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('buckets must be an array');
  if (value.length > STREAM_REQUEST_LIMITS.buckets) fail(`more than ${STREAM_REQUEST_LIMITS.buckets} buckets`);
  return value.map((entry, i) => {
    if (!isObject(entry)) fail(`buckets[${i}] must be an object`);
    onlyFields(entry, BUCKET_FIELDS, `buckets[${i}]`);
    const name = text(entry.name, STREAM_REQUEST_LIMITS.bucketName, `buckets[${i}].name`);
    // Positions are decimal op ids, as text (what the clients send) or a safe integer.
    const after = typeof entry.after === 'number' && Number.isSafeInteger(entry.after) && entry.after >= 0 ? String(entry.after) : entry.after;
    if (typeof after !== 'string' || !OP_ID.test(after)) fail(`buckets[${i}].after must be an op id`);
    return { name, after: Number(after) };
  });
}

function subscriptionList(value: unknown): StreamRequest['subscriptions'] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('streams.subscriptions must be an array');
  if (value.length > STREAM_REQUEST_LIMITS.subscriptions) fail(`more than ${STREAM_REQUEST_LIMITS.subscriptions} subscriptions`);
  return value.map((s, i) => {
    const where = `streams.subscriptions[${i}]`;
    if (!isObject(s)) fail(`${where} must be an object`);
    onlyFields(s, SUBSCRIPTION_FIELDS, where);
    const priority = s.override_priority;
    if (priority !== undefined && priority !== null && !(typeof priority === 'number' && isValidPriority(priority))) {
      fail(`${where}.override_priority must be a priority`);
    }
    return {
      stream: text(s.stream, STREAM_REQUEST_LIMITS.bucketName, `${where}.stream`),
      parameters: s.parameters === undefined || s.parameters === null ? null : (smallObject(s.parameters, `${where}.parameters`) as SqliteJsonRow),
      priorityOverride: typeof priority === 'number' ? (priority as BucketPriority) : null,
    };
  });
}

/** Checks every field against the protocol and the limits above; throws BadStreamRequest (answered 400) otherwise. */
export function parseStreamRequest(body: unknown): StreamRequest {
  if (!isObject(body)) fail('request body must be a JSON object');
  onlyFields(body, FIELDS, 'the request');
  for (const flag of ['include_checksum', 'raw_data', 'binary_data']) optionalFlag(body[flag], flag);
  if (body.app_metadata !== undefined) smallObject(body.app_metadata, 'app_metadata');
  const streams = body.streams === undefined ? {} : body.streams;
  if (!isObject(streams)) fail('streams must be an object');
  onlyFields(streams, STREAM_FIELDS, 'streams');
  return {
    buckets: bucketList(body.buckets),
    clientId: body.client_id === undefined ? '' : text(body.client_id, STREAM_REQUEST_LIMITS.clientId, 'client_id'),
    parameters: body.parameters === undefined || body.parameters === null ? {} : smallObject(body.parameters, 'parameters'),
    includeDefaults: optionalFlag(streams.include_defaults, 'streams.include_defaults') ?? true,
    subscriptions: subscriptionList(streams.subscriptions),
  };
}
