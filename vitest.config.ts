import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests; integration tests that start a real local network, build the
// app or fork processes (slower, run one file at a time to fit two cores); and renderer component
// tests in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // Pure code: the files of a worker share one module graph instead of loading it afresh per
          // file, which was 40% of the project's time. So a unit test leaves nothing behind: spies
          // restored, real timers back, servers closed (docs/testing.md).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One process runs the files one after another on one module graph, as the unit tests
          // do, instead of a fresh fork that loads stellar-base, fastify and the core anew for each
          // of 40 files: 430 s of the project became 290 s. So an integration file leaves nothing
          // behind either: its networks, services and hosts stopped, its environment restored.
          isolate: false,
        },
      },
      {
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.tsx', 'test/renderer/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['test/renderer/support/setup.ts'],
          testTimeout: 20_000,
          // The files of a worker share one jsdom window and the packages they load (React, Testing
          // Library) instead of a fresh jsdom and React per file, which was 4/5 of the project's
          // time; the setup file loads the app's own modules afresh for each file and resets the
          // page, so no file sees another's state (docs/testing.md).
          isolate: false,
        },
      },
    ],
  },
});
