import { describe, expect, it } from 'vitest';
import { planCompaction, type CompactableOp } from '../../server/sync/replicate/compact-plan.js';

type Op = CompactableOp & { data?: string };

/** What a client holding the bucket as of `after` ends up with after receiving `ops` beyond it. */
function clientState(history: readonly Op[], served: readonly Op[], after: number) {
  const rows = new Map<string, string>();
  let checksum = 0;
  const apply = (op: Op) => {
    checksum = (checksum + op.checksum) >>> 0;
    if (op.op === 'PUT') rows.set(op.key!, op.data!);
    if (op.op === 'REMOVE') rows.delete(op.key!);
    if (op.op === 'CLEAR') {
      rows.clear();
      checksum = op.checksum;
    }
  };
  for (const op of history) if (op.opId <= after) apply(op);
  for (const op of served) if (op.opId > after) apply(op);
  return { rows: Object.fromEntries([...rows].sort()), checksum };
}

function compacted(ops: readonly Op[]): Op[] {
  const plan = planCompaction(ops);
  const moves = new Set(plan.moves);
  const result: Op[] = [];
  if (plan.clear) result.push({ opId: plan.clear.opId, op: 'CLEAR', key: null, checksum: plan.clear.checksum });
  for (const op of ops) {
    if (plan.clear && op.opId <= plan.clear.opId) continue;
    result.push(moves.has(op.opId) ? { opId: op.opId, op: 'MOVE', key: op.key, checksum: op.checksum } : op);
  }
  expect(result).toHaveLength(plan.remaining);
  return result;
}

function randomOps(seed: number, length: number): Op[] {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length }, (_, i) => {
    const key = `t/${Math.floor(random() * 5)}`;
    const remove = random() < 0.3;
    return { opId: i + 1, op: remove ? 'REMOVE' : 'PUT', key, checksum: Math.floor(random() * 2 ** 32), data: remove ? undefined : `v${i}` };
  });
}

describe('compaction planning', () => {
  it('turns superseded ops into MOVE and folds the leading run into one CLEAR with its checksum', () => {
    const ops: Op[] = [
      { opId: 1, op: 'PUT', key: 't/a', checksum: 10, data: 'a1' },
      { opId: 2, op: 'PUT', key: 't/b', checksum: 20, data: 'b1' },
      { opId: 3, op: 'PUT', key: 't/a', checksum: 30, data: 'a2' },
      { opId: 4, op: 'REMOVE', key: 't/b', checksum: 40 },
      { opId: 5, op: 'PUT', key: 't/c', checksum: 50, data: 'c1' },
      { opId: 6, op: 'PUT', key: 't/c', checksum: 60, data: 'c2' },
    ];
    expect(planCompaction(ops)).toEqual({ moves: [5], clear: { opId: 2, checksum: 30, replaced: 2 }, remaining: 5 });
  });

  it('leaves a bucket alone when nothing is superseded, and never re-folds a lone CLEAR', () => {
    expect(planCompaction([{ opId: 1, op: 'PUT', key: 't/a', checksum: 1 }])).toEqual({ moves: [], clear: null, remaining: 1 });
    expect(planCompaction([{ opId: 3, op: 'CLEAR', key: null, checksum: 7 }, { opId: 4, op: 'PUT', key: 't/a', checksum: 1 }])).toEqual({
      moves: [], clear: null, remaining: 2,
    });
  });

  it('gives every client, whatever it already held, the same rows and checksum as the uncompacted bucket', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const ops = randomOps(seed, 30);
      const served = compacted(ops);
      const twice = compacted(served);
      for (let after = 0; after <= ops.length; after++) {
        const expected = clientState(ops, ops, after);
        expect(clientState(ops, served, after), `seed ${seed}, after ${after}`).toEqual(expected);
        expect(clientState(ops, twice, after), `seed ${seed}, after ${after}, compacted twice`).toEqual(expected);
      }
    }
  });
});
