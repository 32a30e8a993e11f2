// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMPTY_STATE, planBatch, sourceKey, type Change, type SourceState } from '../../server/sync/replicate/batch.js';
import { putChecksum, removeChecksum, sumChecksums } from '../../server/sync/checksum.js';
import type { RowEvaluation } from '../../server/sync/rules.js';

/** A stand-in for the rules: vehicles go to their owner's bucket, public ones to public[] too; owners get a lookup. */
function evaluate({ table, record: row }: Change): RowEvaluation {
  const record: Record<string, unknown> = row ?? {};
  const rows: RowEvaluation['rows'] = [];
  const id = String(record.id);
  if (record.is_public === 1n) rows.push({ bucket: 'public[]', objectType: table, objectId: id, dataLiteral: JSON.stringify(JSON.stringify({ id, name: record.name })) });
  if (record.owner) rows.push({ bucket: `own["${record.owner}"]`, objectType: table, objectId: id, dataLiteral: JSON.stringify(JSON.stringify({ id, owner: record.owner })) });
  const params = new Map<string, string>();
  if (record.owner) params.set(`["own","1","${record.owner}"]`, `[{"vehicle":"${id}"}]`);
  return { rows, params, errors: [] };
}

const put = (seq: number, record: Record<string, unknown>): Change => ({
  seq, table: 'vehicles', rowId: String(record.id), op: 'PUT', record: record as Change['record'],
});
const del = (seq: number, id: string): Change => ({ seq, table: 'vehicles', rowId: id, op: 'DELETE', record: null });

describe('planning a replicator batch', () => {
  it('numbers ops from the head, puts a row in every bucket it belongs to and sums each bucket', () => {
    const plan = planBatch([put(11, { id: 'v1', owner: 'u1', is_public: 1n, name: 'A' })], new Map(), evaluate, 100);
    expect(plan.ops.map((o) => [o.opId, o.op, o.bucket])).toEqual([[101, 'PUT', 'public[]'], [102, 'PUT', 'own["u1"]']]);
    expect(plan.headOp).toBe(102);
    expect(plan.position).toBe(11);
    expect(plan.ops[0]!.checksum).toBe(putChecksum('vehicles', 'v1', 101));
    expect(plan.buckets.get('public[]')).toEqual({ checksum: plan.ops[0]!.checksum, count: 1, lastOp: 101 });
    expect(plan.changedLookups).toEqual(new Set(['["own","1","u1"]']));
  });

  it('removes a row from the buckets it left, keeps it in the others, and moves its parameter', () => {
    const prior = new Map<string, SourceState>([
      [sourceKey('vehicles', 'v1'), { buckets: [['public[]', 'vehicles', 'v1'], ['own["u1"]', 'vehicles', 'v1']], lookups: { '["own","1","u1"]': '[{"vehicle":"v1"}]' } }],
    ]);
    const plan = planBatch([put(12, { id: 'v1', owner: 'u2', is_public: 1n, name: 'A' })], prior, evaluate, 200);
    expect(plan.ops.map((o) => [o.op, o.bucket])).toEqual([['REMOVE', 'own["u1"]'], ['PUT', 'public[]'], ['PUT', 'own["u2"]']]);
    expect(plan.ops[0]!.checksum).toBe(removeChecksum('vehicles', 'v1'));
    expect(plan.changedLookups).toEqual(new Set(['["own","1","u1"]', '["own","1","u2"]']));
    const write = plan.params.get(sourceKey('vehicles', 'v1'))!;
    expect(write.before).toEqual({ '["own","1","u1"]': '[{"vehicle":"v1"}]' });
    expect(write.after).toEqual({ '["own","1","u2"]': '[{"vehicle":"v1"}]' });
  });

  it('removes a deleted row from every bucket and forgets it', () => {
    const prior = new Map<string, SourceState>([[sourceKey('vehicles', 'v1'), { buckets: [['public[]', 'vehicles', 'v1']], lookups: {} }]]);
    const plan = planBatch([del(13, 'v1')], prior, evaluate, 5);
    expect(plan.ops.map((o) => [o.opId, o.op, o.bucket, o.dataLiteral])).toEqual([[6, 'REMOVE', 'public[]', null]]);
    expect(plan.states.get(sourceKey('vehicles', 'v1'))!.state).toEqual(EMPTY_STATE);
    expect(plan.changedLookups.size).toBe(0);
  });

  it('applies several changes of one row in order within a batch', () => {
    const plan = planBatch(
      [put(1, { id: 'v1', is_public: 1n, name: 'A' }), put(2, { id: 'v1', is_public: 0n, name: 'A' }), put(3, { id: 'v1', is_public: 1n, name: 'B' })],
      new Map(),
      evaluate,
      0,
    );
    expect(plan.ops.map((o) => `${o.opId}:${o.op}`)).toEqual(['1:PUT', '2:REMOVE', '3:PUT']);
    expect(plan.buckets.get('public[]')).toEqual({ checksum: sumChecksums(plan.ops.map((o) => o.checksum)), count: 3, lastOp: 3 });
    expect(plan.states.get(sourceKey('vehicles', 'v1'))!.state.buckets).toEqual([['public[]', 'vehicles', 'v1']]);
    expect(plan.changeCount).toBe(3);
  });

  it('writes no parameter change when the parameters stayed the same', () => {
    const prior = new Map<string, SourceState>([
      [sourceKey('vehicles', 'v1'), { buckets: [['own["u1"]', 'vehicles', 'v1']], lookups: { '["own","1","u1"]': '[{"vehicle":"v1"}]' } }],
    ]);
    const plan = planBatch([put(4, { id: 'v1', owner: 'u1', is_public: 0n, name: 'renamed' })], prior, evaluate, 9);
    expect(plan.params.size).toBe(0);
    expect(plan.changedLookups.size).toBe(0);
  });
  it('says which source rows had a stored state, so the writer inserts new ones and updates or deletes the rest', () => {
    const prior = new Map<string, SourceState>([[sourceKey('vehicles', 'old'), { buckets: [['public[]', 'vehicles', 'old']], lookups: {} }]]);
    const plan = planBatch(
      [put(1, { id: 'new', is_public: 1n, name: 'N' }), put(2, { id: 'old', is_public: 0n, name: 'O' }), put(3, { id: 'new', is_public: 1n, name: 'M' }), put(4, { id: 'gone', is_public: 0n })],
      prior,
      evaluate,
      0,
    );
    expect(plan.states.get(sourceKey('vehicles', 'new'))!.existed).toBe(false);
    expect(plan.states.get(sourceKey('vehicles', 'old'))!.existed).toBe(true);
    // A row in no bucket with no stored state: nothing to write.
    expect(plan.states.get(sourceKey('vehicles', 'gone'))).toMatchObject({ existed: false, state: EMPTY_STATE });
  });
});
