// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LiteralArena, literalBytes, literalText } from '../../server/sync/replicate/literal-arena.js';

describe("a batch's literal arena", () => {
  it('gives back every literal it holds, as text and as UTF-8 bytes, however far it grew', () => {
    const arena = new LiteralArena(16);
    const texts = ['"{}"', '', '"{\\"name\\":\\"Zoë 🚗\\"}"', 'x'.repeat(5000), '"{\\"half\\":\\"\\\\ud83d\\"}"'];
    const handles = texts.map((text) => arena.add(text));
    expect(handles).toEqual([0, 1, 2, 3, 4]);
    texts.forEach((text, i) => {
      expect(arena.text(handles[i]!)).toBe(text);
      expect(literalText(handles[i]!, arena)).toBe(text);
      expect(literalBytes(handles[i]!, arena).equals(Buffer.from(text, 'utf8'))).toBe(true);
    });
  });

  it('passes text through, and refuses a handle it does not hold or one without its arena', () => {
    const arena = new LiteralArena();
    expect(literalText('"{}"', null)).toBe('"{}"');
    expect(() => arena.text(0)).toThrow('no literal 0');
    expect(() => literalText(0, null)).toThrow('without its batch');
  });
});
