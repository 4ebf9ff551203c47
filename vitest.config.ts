/** Node-side tests: the build pipeline, scripts and pure client logic. */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "test/**/*.node.test.ts",
      "scripts/**/*.node.test.ts",
      "client/**/*.node.test.ts",
      "openapi/**/*.node.test.ts",
    ],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
