import { addChecksums } from '../checksum.js';

/**
 * Pure compaction planning for one bucket, as the PowerSync Service compacts:
 * 1. A PUT or REMOVE followed (later in the bucket) by another op on the same row is superseded: it becomes a MOVE,
 *    which keeps only its checksum. Clients that already applied it lose nothing; new clients skip the stale row.
 * 2. The bucket's leading run of MOVE, REMOVE and CLEAR ops holds no row anyone needs: it folds into one CLEAR at the
 *    run's last op id, whose checksum is the sum of the run. A client receiving it empties the bucket and starts
 *    its sum from there — and since no live PUT precedes it, nothing is lost.
 * Both steps keep the bucket's total checksum, so devices that hold the bucket never see a mismatch.
 */

export interface CompactableOp {
  opId: number;
  op: 'PUT' | 'REMOVE' | 'MOVE' | 'CLEAR';
  /** object_type/object_id; null for CLEAR. */
  key: string | null;
  checksum: number;
}

export interface CompactionPlan {
  /** Op ids to turn into MOVE (those folded into the CLEAR are not listed: they disappear). */
  moves: number[];
  /** Replace every op with op_id <= opId by one CLEAR with this checksum. */
  clear: { opId: number; checksum: number; replaced: number } | null;
  /** Ops the bucket holds afterwards. */
  remaining: number;
}

/** ops must be in ascending op id order. */
export function planCompaction(ops: readonly CompactableOp[]): CompactionPlan {
  const kind: CompactableOp['op'][] = ops.map((o) => o.op);
  const seen = new Set<string>();
  for (let i = ops.length - 1; i >= 0; i--) {
    const { op, key } = ops[i]!;
    if ((op !== 'PUT' && op !== 'REMOVE') || key === null) continue;
    if (seen.has(key)) kind[i] = 'MOVE';
    else seen.add(key);
  }
  let run = 0;
  let checksum = 0;
  while (run < ops.length && kind[run] !== 'PUT') {
    checksum = addChecksums(checksum, ops[run]!.checksum);
    run++;
  }
  // A lone CLEAR is already what folding would produce.
  const fold = run > 1 || (run === 1 && kind[0] !== 'CLEAR');
  const clear = fold ? { opId: ops[run - 1]!.opId, checksum, replaced: run } : null;
  const moves: number[] = [];
  for (let i = fold ? run : 0; i < ops.length; i++) {
    if (kind[i] === 'MOVE' && ops[i]!.op !== 'MOVE') moves.push(ops[i]!.opId);
  }
  return { moves, clear, remaining: fold ? ops.length - run + 1 : ops.length };
}
