import { describe, expect, it } from 'vitest';
import {
  checkpointCompleteLine,
  checkpointDiffLine,
  checkpointLine,
  dataLine,
  opJson,
  partialCheckpointCompleteLine,
  tokenExpiresLine,
} from '../../server/sync/serve/lines.js';

const parse = (line: string) => {
  expect(line.endsWith('\n')).toBe(true);
  expect(line.slice(0, -1)).not.toContain('\n');
  return JSON.parse(line);
};

describe('sync protocol lines', () => {
  it('write op ids and checkpoints as strings, data as a JSON string', () => {
    const put = opJson({ op_id: '7', op: 'PUT', object_type: 'todos', object_id: 't1', data: JSON.stringify('{"id":"t1","n":1}'), checksum: '3377212916' });
    expect(JSON.parse(put)).toEqual({ op_id: '7', op: 'PUT', object_type: 'todos', object_id: 't1', checksum: 3377212916, data: '{"id":"t1","n":1}' });
    const line = parse(dataLine('by_user["u1"]', 0, 7, false, [put]));
    expect(line).toEqual({ data: { bucket: 'by_user["u1"]', after: '0', next_after: '7', has_more: false, data: [JSON.parse(put)] } });
  });

  it('leave out the data of REMOVE and the row fields of CLEAR', () => {
    expect(JSON.parse(opJson({ op_id: 8, op: 'REMOVE', object_type: 't', object_id: 'x', data: null, checksum: 1 }))).toEqual({
      op_id: '8', op: 'REMOVE', object_type: 't', object_id: 'x', checksum: 1,
    });
    expect(JSON.parse(opJson({ op_id: 9, op: 'CLEAR', object_type: null, object_id: null, data: null, checksum: 2 }))).toEqual({
      op_id: '9', op: 'CLEAR', checksum: 2,
    });
  });

  it('build checkpoints with the write checkpoint only when there is one', () => {
    const bucket = { bucket: 'public[]', checksum: 5, count: 1, priority: 3, subscriptions: [{ default: 0 }] };
    const streams = [{ name: 'public', is_default: true, errors: [] }];
    expect(parse(checkpointLine(12, [bucket], null, streams))).toEqual({ checkpoint: { last_op_id: '12', buckets: [bucket], streams } });
    expect(parse(checkpointLine(12, [], 3, [])).checkpoint.write_checkpoint).toBe('3');
    expect(parse(checkpointDiffLine(13, [], [], 4))).toEqual({
      checkpoint_diff: { last_op_id: '13', write_checkpoint: '4', updated_buckets: [], removed_buckets: [] },
    });
    expect(parse(checkpointCompleteLine(13))).toEqual({ checkpoint_complete: { last_op_id: '13' } });
    expect(parse(partialCheckpointCompleteLine(13, 1))).toEqual({ partial_checkpoint_complete: { last_op_id: '13', priority: 1 } });
  });

  it('report whole seconds left on the token, never below zero', () => {
    expect(parse(tokenExpiresLine(19.8))).toEqual({ token_expires_in: 19 });
    expect(parse(tokenExpiresLine(-3))).toEqual({ token_expires_in: 0 });
  });
});
