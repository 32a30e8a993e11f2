import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { JSONBig } from '@powersync/service-jsonbig';
import {
  DEFAULT_HYDRATION_STATE,
  DEFAULT_TAG,
  SqlSyncRules,
  type HydratedSyncConfig,
  type SourceTableRef,
  type SqliteValue,
} from '@powersync/service-sync-rules';
import { stringifyRow } from './row-json.js';

/**
 * sync-rules.yaml, parsed once and hydrated with the default hydration state: bucket names are then exactly what
 * the PowerSync Service would produce without versioned bucket ids (`by_user["u1"]`), so a switch to the service
 * keeps every device's buckets.
 */
export interface SyncRules {
  readonly config: HydratedSyncConfig;
  /** SHA-256 of the YAML: the replicator rebuilds the oplog when it changes. */
  readonly hash: string;
}

export function parseSyncRules(yaml: string): SyncRules {
  const { config, errors } = SqlSyncRules.fromYaml(yaml, { defaultSchema: 'public', throwOnError: false });
  const fatal = errors.filter((e) => e.type !== 'warning');
  if (fatal.length > 0) throw new Error(`sync-rules.yaml: ${fatal.map((e) => e.message).join('; ')}`);
  // The package types the option as the full union of engines; null (no SQLite engine) is what classic rules need.
  const hydrated = config.hydrate({ hydrationState: DEFAULT_HYDRATION_STATE, sqlite: null } as never);
  return { config: hydrated, hash: createHash('sha256').update(yaml).digest('hex') };
}

export async function loadSyncRules(path: string): Promise<SyncRules> {
  return parseSyncRules(await readFile(path, 'utf8'));
}

export function sourceTable(name: string): SourceTableRef {
  return { connectionTag: DEFAULT_TAG, schema: 'public', name };
}

interface TableInfo {
  ref: SourceTableRef;
  syncsData: boolean;
  syncsParameters: boolean;
}

/** What the rules say about each table, asked once per table rather than per row (it matches every table pattern). */
const tableInfos = new WeakMap<SyncRules, Map<string, TableInfo>>();

function tableInfo(rules: SyncRules, table: string): TableInfo {
  let tables = tableInfos.get(rules);
  if (!tables) tableInfos.set(rules, (tables = new Map()));
  let info = tables.get(table);
  if (!info) {
    const ref = sourceTable(table);
    info = { ref, syncsData: rules.config.tableSyncsData(ref), syncsParameters: rules.config.tableSyncsParameters(ref) };
    tables.set(table, info);
  }
  return info;
}

/** One output row of a data query: which bucket, as which client table and id, with its data serialized. */
export interface BucketRow {
  bucket: string;
  objectType: string;
  objectId: string;
  data: string;
}

export interface RowEvaluation {
  rows: BucketRow[];
  /** Parameter-index entries this row yields: lookup (serialized) → bucket parameters (JSONBig text). */
  params: Map<string, string>;
  errors: string[];
}

/**
 * Evaluates one source row against the rules. The rows come back ordered by how many columns they carry, fewest
 * first: a device keeps, for a row held by several buckets, the version with the highest op id, and the ops are
 * numbered in this order — so an owner holding a vehicle through the public bucket (listing fields) and through its
 * own bucket (every field) sees every field.
 */
export function evaluateRow(rules: SyncRules, table: string, record: Record<string, SqliteValue>): RowEvaluation {
  const { ref, syncsData, syncsParameters } = tableInfo(rules, table);
  const errors: string[] = [];
  const rows: BucketRow[] = [];
  if (syncsData) {
    const evaluated = rules.config.evaluateRowWithErrors({ sourceTable: ref, record });
    for (const error of evaluated.errors) errors.push(error.error);
    const results = evaluated.results;
    const toRow = (result: (typeof results)[number]): BucketRow => ({
      bucket: result.bucket,
      objectType: result.table,
      objectId: String(result.id),
      data: stringifyRow(result.data),
    });
    if (results.length === 1) {
      // The common case needs neither the duplicate check nor the ordering below.
      rows.push(toRow(results[0]!));
    } else if (results.length > 1) {
      const seen = new Map<string, { row: BucketRow; width: number }>();
      for (const result of results) {
        const row = toRow(result);
        seen.set(`${row.bucket}\u0000${row.objectType}\u0000${row.objectId}`, { row, width: Object.keys(result.data).length });
      }
      const sorted = [...seen.values()].sort((a, b) => a.width - b.width);
      for (const { row } of sorted) rows.push(row);
    }
  }
  const params = new Map<string, string>();
  if (syncsParameters) {
    const evaluated = rules.config.evaluateParameterRowWithErrors(ref, record);
    for (const error of evaluated.errors) errors.push(error.error);
    const byLookup = new Map<string, unknown[]>();
    for (const result of evaluated.results) {
      const key = result.lookup.serializedRepresentation;
      byLookup.set(key, [...(byLookup.get(key) ?? []), ...result.bucketParameters]);
    }
    for (const [lookup, values] of byLookup) params.set(lookup, JSONBig.stringify(values));
  }
  return { rows, params, errors };
}
