import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { WAIT_BACKSTOP_MS } from './tests/helpers/backstop.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
        // The build's defines (build.mjs), as a production build sets them.
        define: { __APP_VERSION__: JSON.stringify(version), __PRODUCTION__: 'true', __STAGE__: '""' },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Backstops only, as for the browser suite: a test waits for events (tests/helpers/backstop.ts).
          testTimeout: WAIT_BACKSTOP_MS + 60_000,
          hookTimeout: WAIT_BACKSTOP_MS + 60_000,
          expect: { poll: { timeout: WAIT_BACKSTOP_MS } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Backstops only: tests wait for events, and a loaded two-core machine is slow (tests/helpers/browser.ts).
          testTimeout: WAIT_BACKSTOP_MS + 60_000,
          hookTimeout: WAIT_BACKSTOP_MS + 60_000,
          // expect.poll gives up after 1 s by default: a wall-clock limit that a loaded machine breaks.
          expect: { poll: { timeout: WAIT_BACKSTOP_MS } },
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
