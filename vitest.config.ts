import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Projects (`npx vitest run --project <name>`; `npm test` runs them all, in this order):
//   architecture  the import rules over the real source tree
//   fast          unit, conformance and CLI tests (the default; keep it under a minute)
//   site          board/page view models and rendered markdown
//   hardening     hostile inputs: XSS corpus, big files, the built site in chromium
//   e2e           builds dist/ when stale and drives Debian chromium
const SLOW = ['tests/site/**', 'tests/hardening/**', 'tests/e2e/**'];
const ARCHITECTURE = 'tests/architecture.test.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores (it keeps one for its own process, which
    // mostly waits): on a 2-core CI runner that is a single worker, every file of a project in turn.
    maxWorkers: availableParallelism(),
    projects: [
      { extends: true, test: { name: 'architecture', include: [ARCHITECTURE] } },
      {
        extends: true,
        test: { name: 'fast', include: ['tests/**/*.test.ts'], exclude: [...SLOW, ARCHITECTURE, 'node_modules/**'] },
      },
      { extends: true, test: { name: 'site', include: ['tests/site/**/*.test.ts'] } },
      { extends: true, test: { name: 'hardening', include: ['tests/hardening/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
