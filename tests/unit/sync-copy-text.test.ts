// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { copyJson, copyValue, CopyText } from '../../server/sync/copy-text.js';

describe('COPY text', () => {
  it('writes NULL as \\N, numbers as digits and plain text as it is', () => {
    expect(copyValue(null)).toBe('\\N');
    expect(copyValue(4294967295)).toBe('4294967295');
    const plain = 'by_vehicle["v1"]';
    expect(copyValue(plain)).toBe(plain);
  });

  it('escapes backslash, tab, newline and carriage return', () => {
    expect(copyValue('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    // A literal "\N" in text must not read as NULL.
    expect(copyValue('\\N')).toBe('\\\\N');
  });

  it('escapes JSON text (which never holds a raw control character) by doubling its backslashes', () => {
    const literal = JSON.stringify(JSON.stringify({ name: 'Line 1\nLine 2\t"quoted" \\ done' }));
    expect(copyJson(literal)).toBe(copyValue(literal));
    expect(copyJson('{"a":1}')).toBe('{"a":1}');
  });

  it('builds one block: tab-separated values, a newline after every row, UTF-8', () => {
    const text = new CopyText();
    text.add('b1', 1, null);
    text.addLine(`${copyValue('Zoë 🚗')}\t2\t${copyJson('"x\\"y"')}`);
    expect(text.rows).toBe(2);
    expect(text.toBuffer().toString('utf8')).toBe('b1\t1\t\\N\nZoë 🚗\t2\t"x\\\\"y"\n');
    expect(new CopyText().toBuffer().length).toBe(0);
  });
});
