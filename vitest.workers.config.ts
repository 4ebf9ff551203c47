/**
 * Worker tests, run inside workerd by @cloudflare/vitest-pool-workers with the bindings from
 * wrangler.toml (KV, a real local D1, the rate limiters). globalSetup builds the fixture site
 * (test/fixtures/site) the tests seed KV with; each test file's D1 gets the migrations of
 * migrations/ first (test/worker/apply-migrations.ts), as `wrangler d1 migrations apply` would.
 */
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      // As the local server: a test's publish is served at the next request (POINTER_RECHECK_MS).
      miniflare: { cf: false, bindings: { POINTER_RECHECK_MS: "0", TEST_MIGRATIONS: migrations } },
    }),
  ],
  // The worker bundle uses React's production build; compile JSX for it, not for jsx-dev-runtime.
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    include: ["worker/**/*.worker.test.ts", "test/worker/**/*.worker.test.ts"],
    globalSetup: ["test/helpers/fixture-build.global.ts"],
    setupFiles: ["test/worker/apply-migrations.ts"],
    testTimeout: 30_000,
  },
});
