/** Runs before each worker test file: the local D1 gets the schema of migrations/ (vitest.workers.config.ts reads it). */
import { applyD1Migrations, env } from "cloudflare:test";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

await applyD1Migrations(env.SIGNALS!, env.TEST_MIGRATIONS);
