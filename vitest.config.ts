import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { WAIT_BACKSTOP_MS } from './tests/helpers/backstop.js';

// Backstops only: tests wait for events (tests/helpers/backstop.ts); a test outlives every wait inside it, so a hang
// fails naming what never happened. expect.poll's own default (1 s) is a wall-clock limit a loaded machine breaks.
const backstops = {
  testTimeout: WAIT_BACKSTOP_MS + 60_000,
  hookTimeout: WAIT_BACKSTOP_MS + 60_000,
  expect: { poll: { timeout: WAIT_BACKSTOP_MS } },
};

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// The build's defines (build.mjs), as a production build sets them.
const define = { __APP_VERSION__: JSON.stringify(version), __PRODUCTION__: 'true', __STAGE__: '""' };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
        define,
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          ...backstops,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          ...backstops,
          // One Chromium at a time: two cores are not enough for parallel browsers plus the server.
          fileParallelism: false,
        },
      },
      {
        // `npm run screenshots`: pictures of every screen to look at, not part of `npm test`.
        test: {
          name: 'screens',
          include: ['tests/screens/**/*.shots.ts'],
          environment: 'node',
          testTimeout: 3_600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
