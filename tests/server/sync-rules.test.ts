import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_HYDRATION_STATE, DEFAULT_TAG, SqlSyncRules } from '@powersync/service-sync-rules';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server.js';

describe('sync-rules.yaml', () => {
  it('parses without errors or warnings', () => {
    const yaml = readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8');
    const { errors } = SqlSyncRules.fromYaml(yaml, { defaultSchema: 'public', throwOnError: false });
    expect(errors.map((e) => `${e.type}: ${e.message}`)).toEqual([]);
  });

  it('puts public vehicles in the public bucket without their owner, and private ones nowhere', () => {
    const yaml = readFileSync(join(ROOT, 'sync-rules.yaml'), 'utf8');
    const rules = SqlSyncRules.fromYaml(yaml, { defaultSchema: 'public', throwOnError: true }).config.hydrate({
      hydrationState: DEFAULT_HYDRATION_STATE,
      sqlite: null,
    } as never);
    const sourceTable = { connectionTag: DEFAULT_TAG, schema: 'public', name: 'vehicles' };
    const row = { id: 'v1', name: 'Red 911', user_id: 'u1', vin: 'WP0AB2A9XKS120418', updated_at: '2026-01-01' };
    const listed = rules.evaluateRowWithErrors({ sourceTable, record: { ...row, is_public: 1n } } as never);
    expect(listed.errors).toEqual([]);
    expect(listed.results.map((r) => ('bucket' in r ? r.bucket : null))).toEqual(['public[]']);
    const data = 'data' in listed.results[0]! ? (listed.results[0].data as Record<string, unknown>) : {};
    expect(data.name).toBe('Red 911');
    expect(data).not.toHaveProperty('user_id');
    expect(data).not.toHaveProperty('vin');
    const hidden = rules.evaluateRowWithErrors({ sourceTable, record: { ...row, is_public: 0n } } as never);
    expect(hidden.results).toEqual([]);
  });
});
