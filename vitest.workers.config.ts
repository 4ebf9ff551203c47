/**
 * Worker tests, run inside workerd by @cloudflare/vitest-pool-workers with the bindings from
 * wrangler.toml. globalSetup builds the fixture site (test/fixtures/site) the tests seed KV with.
 */
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      // As the local server: a test's publish is served at the next request (POINTER_RECHECK_MS).
      miniflare: { cf: false, bindings: { POINTER_RECHECK_MS: "0" } },
    }),
  ],
  // The worker bundle uses React's production build; compile JSX for it, not for jsx-dev-runtime.
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    include: ["worker/**/*.worker.test.ts", "test/worker/**/*.worker.test.ts"],
    globalSetup: ["test/helpers/fixture-build.global.ts"],
    testTimeout: 30_000,
  },
});
