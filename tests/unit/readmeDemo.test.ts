// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_FREE_TAGS } from '../../server/db/seed.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

describe('README.md', () => {
  it('lists every demo sign-in the seed creates, so a newcomer who restarts can still sign in', () => {
    for (const { email, password } of Object.values(DEMO_ACCOUNTS)) {
      expect(readme).toContain(`\`${email}\` | \`${password}\``);
    }
    expect(readme).toContain(DEMO_FREE_TAGS[0]);
    expect(readme).toContain(DEMO_FREE_TAGS.at(-1));
  });
});
