import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  DEFAULT_HYDRATION_STATE,
  DEFAULT_TAG,
  SqlSyncRules,
  type HydratedSyncConfig,
  type SourceTableRef,
  type SqliteValue,
} from '@powersync/service-sync-rules';
import type { BucketRow } from './bucket-row.js';
import { compileTable, evaluateCompiled, type CompiledTable } from './compiled-queries.js';
import { stringifyParameters, stringifyRow } from './row-json.js';

/**
 * sync-rules.yaml, parsed once and hydrated with the default hydration state: bucket names carry no version
 * (`by_user["u1"]`). The PowerSync Service versions them (`1#by_user["u1"]`), so a device switched between the two
 * engines finds none of its buckets on the other: it downloads its data again (README, Scaling out).
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

/**
 * The PostgreSQL publication a PowerSync Service replicates through: every table the rules read, for data or for
 * parameters, so the service sees each change the rules depend on (README, Scaling out).
 */
export function publicationSql(rules: SyncRules, name = 'powersync'): string {
  const tables = [...new Set(rules.config.getSourceTables().map((t) => t.tablePattern))].sort();
  return `create publication ${name} for table ${tables.join(', ')};`;
}

export function sourceTable(name: string): SourceTableRef {
  return { connectionTag: DEFAULT_TAG, schema: 'public', name };
}

interface TableInfo {
  ref: SourceTableRef;
  syncsData: boolean;
  syncsParameters: boolean;
  /** The table's data queries compiled (compiled-queries.ts); null: the library evaluates them. */
  compiled: CompiledTable | null;
}

/** What the rules say about each table, asked once per table rather than per row (it matches every table pattern). */
const tableInfos = new WeakMap<SyncRules, Map<string, TableInfo>>();

function tableInfo(rules: SyncRules, table: string): TableInfo {
  let tables = tableInfos.get(rules);
  if (!tables) tableInfos.set(rules, (tables = new Map()));
  let info = tables.get(table);
  if (!info) {
    const ref = sourceTable(table);
    const syncsData = rules.config.tableSyncsData(ref);
    info = {
      ref,
      syncsData,
      syncsParameters: rules.config.tableSyncsParameters(ref),
      compiled: syncsData ? compileTable(rules.config, ref) : null,
    };
    tables.set(table, info);
  }
  return info;
}

export interface RowEvaluation {
  rows: BucketRow[];
  /** Parameter-index entries this row yields: lookup (serialized) → bucket parameters (JSONBig text). */
  params: Map<string, string>;
  errors: string[];
}

/**
 * Evaluates one source row against the rules. The rows come back in the order of the bucket definitions in the
 * file, as the PowerSync Service writes them: a device keeps, for a row held by several buckets, the version with
 * the highest op id, and the ops are numbered in this order — so the file lists a table's narrower views first
 * (sync-rules.yaml), and a device holding a row twice keeps the same, wider copy on either engine.
 */
export function evaluateRow(rules: SyncRules, table: string, record: Record<string, SqliteValue>): RowEvaluation {
  const info = tableInfo(rules, table);
  const errors: string[] = [];
  const rows: BucketRow[] = [];
  if (info.syncsData) {
    const evaluated = (info.compiled && evaluateCompiled(info.compiled, record)) ?? evaluateWithLibrary(rules, info.ref, record, errors);
    if (distinctPlaces(evaluated)) {
      // The common case: a row's queries give different places. Nothing to merge.
      for (const row of evaluated) rows.push(row);
    } else {
      // One row per place: the last result for it wins, where it came (a later op overwrites an earlier one).
      const seen = new Map<string, BucketRow>();
      for (const row of evaluated) {
        const place = `${row.bucket}\u0000${row.objectType}\u0000${row.objectId}`;
        seen.delete(place);
        seen.set(place, row);
      }
      for (const row of seen.values()) rows.push(row);
    }
  }
  const { ref, syncsParameters } = info;
  const params = new Map<string, string>();
  if (syncsParameters) {
    const evaluated = rules.config.evaluateParameterRowWithErrors(ref, record);
    for (const error of evaluated.errors) errors.push(error.error);
    const byLookup = new Map<string, unknown[]>();
    for (const result of evaluated.results) {
      const key = result.lookup.serializedRepresentation;
      byLookup.set(key, [...(byLookup.get(key) ?? []), ...result.bucketParameters]);
    }
    for (const [lookup, values] of byLookup) params.set(lookup, stringifyParameters(values));
  }
  return { rows, params, errors };
}

/** No two rows in the same place: a few rows, compared pairwise. */
function distinctPlaces(rows: readonly BucketRow[]): boolean {
  if (rows.length > 8) return false;
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    for (let j = 0; j < i; j++) {
      const other = rows[j]!;
      if (other.bucket === row.bucket && other.objectType === row.objectType && other.objectId === row.objectId) return false;
    }
  }
  return true;
}

/** The library's general evaluation of a row's data queries, in its order; its errors go to `errors`. */
export function evaluateWithLibrary(rules: SyncRules, ref: SourceTableRef, record: Record<string, SqliteValue>, errors: string[]): BucketRow[] {
  const evaluated = rules.config.evaluateRowWithErrors({ sourceTable: ref, record });
  for (const error of evaluated.errors) errors.push(error.error);
  return evaluated.results.map((result) => ({
    bucket: result.bucket,
    objectType: result.table,
    objectId: String(result.id),
    dataLiteral: JSON.stringify(stringifyRow(result.data)),
  }));
}
