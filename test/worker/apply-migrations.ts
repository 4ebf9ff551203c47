/** Runs before each worker test file: the local D1 gets the schema of migrations/ (the workers project of vitest.config.ts reads it). */
import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}

await applyD1Migrations(env.SIGNALS!, env.TEST_MIGRATIONS);
