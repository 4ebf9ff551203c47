/**
 * The Vitest suites, as projects of one run (`npx vitest run`, or `--project node|workers`):
 * - node: the build pipeline, scripts, common/ and pure client logic, in Node, the files of a
 *   worker sharing their modules; node-isolated: the few that replace or depend on a module's state;
 * - workers: the worker inside workerd, by @cloudflare/vitest-pool-workers with the bindings from
 *   wrangler.toml (KV, a real local D1, the rate limiters); its globalSetup builds the fixture site
 *   (test/fixtures/site) the tests seed KV with, and each test file's D1 gets the migrations of
 *   migrations/ first (test/worker/apply-migrations.ts), as `wrangler d1 migrations apply` would.
 * Both run at once, their files spread over the run's workers.
 */
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";

const NODE_TESTS = [
  "test/**/*.node.test.ts",
  "common/**/*.node.test.ts",
  "scripts/**/*.node.test.ts",
  "client/**/*.node.test.ts",
  "openapi/**/*.node.test.ts",
];
/**
 * Node tests that replace a module (vi.mock, vi.doMock), load modules afresh (vi.resetModules) or
 * read state a module keeps for its process (a warning given once): they run with a registry of
 * their own, as every file used to.
 */
const MODULE_STATE_TESTS = [
  "scripts/build/stages/build-id.node.test.ts",
  "test/publish/search-store.mutation.node.test.ts",
  "test/publish/stored-manifest.node.test.ts",
  "test/build/disk-cache.node.test.ts",
  // The dev session keeps the last API reference for the process (openapi/generate/index.ts).
  "scripts/dev/session.node.test.ts",
];

const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...MODULE_STATE_TESTS],
          // One module registry for all of a worker's files: each file would otherwise load the
          // build's toolchain (MDX, Shiki, the OpenAPI tools) again, which is most of its time.
          isolate: false,
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "node-isolated",
          include: MODULE_STATE_TESTS,
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // As the local server: a test's publish is served at the next request (POINTER_RECHECK_MS).
            // Each signal is written as its request ends (SIGNALS_FLUSH_MS), so a test reads what it
            // sent without waiting out the isolate's batching, which signals-batch.worker.test.ts tests.
            miniflare: {
              cf: false,
              bindings: { POINTER_RECHECK_MS: "0", SIGNALS_FLUSH_MS: "0", TEST_MIGRATIONS: migrations },
            },
          }),
        ],
        // The worker bundle uses React's production build; compile JSX for it, not for jsx-dev-runtime.
        oxc: { jsx: { runtime: "automatic", development: false } },
        test: {
          name: "workers",
          include: ["worker/**/*.worker.test.ts", "test/worker/**/*.worker.test.ts"],
          globalSetup: ["test/helpers/fixture-build.global.ts"],
          setupFiles: ["test/worker/apply-migrations.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
