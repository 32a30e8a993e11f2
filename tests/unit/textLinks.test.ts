import { describe, expect, it } from 'vitest';
import { nameChipText, splitTextLinks, urlDomain } from '../../src/domain/textLinks.js';

describe('URL chips in user text', () => {
  it('turns each URL into a chip showing its domain, keeping the text around it', () => {
    expect(splitTextLinks('See https://www.example.com/build/123. Nice!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', url: 'https://www.example.com/build/123', label: 'example.com' },
      { kind: 'text', text: '. Nice!' },
    ]);
  });

  it('numbers the chips of a domain that appears more than once, and only those', () => {
    const labels = splitTextLinks('a https://ig.com/1 b www.ig.com/2 c https://yt.be/x')
      .filter((p) => p.kind === 'link')
      .map((p) => p.label);
    expect(labels).toEqual(['ig.com (1)', 'ig.com (2)', 'yt.be']);
  });

  it('reads bare www. addresses as https, and leaves text without links alone', () => {
    expect(splitTextLinks('www.tagbook.example')).toEqual([{ kind: 'link', url: 'https://www.tagbook.example', label: 'tagbook.example' }]);
    expect(splitTextLinks('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(splitTextLinks('')).toEqual([]);
  });

  it('ignores what is not a web address', () => {
    expect(urlDomain('javascript:alert(1)')).toBeNull();
    expect(splitTextLinks('mailto:me@example.com ftp://x.org')).toEqual([{ kind: 'text', text: 'mailto:me@example.com ftp://x.org' }]);
  });
});

describe('the name chip', () => {
  it('shows first and last name while together they fit in 12 characters', () => {
    expect(nameChipText('Ana Lopez')).toBe('Ana Lopez');
    expect(nameChipText('Maximilian Li')).toBe('Maximilian Li');
  });
  it('shortens the last name to its initial past 12', () => {
    expect(nameChipText('Alexandra Montgomery')).toBe('Alexandra M.');
    expect(nameChipText('Maximilian Lee')).toBe('Maximilian L.');
    expect(nameChipText('Jean Claude van damme')).toBe('Jean damme');
  });
  it('shows a single word whole', () => {
    expect(nameChipText('  Worker ')).toBe('Worker');
  });
});
