/**
 * The daily scheduled run (wrangler.toml `[triggers]`): deletes signals older than site.yaml's
 * `signals.retentionDays` (the live build's setting; the default when KV cannot be read), one
 * batch for every table, and logs what it deleted. The row count the budget reads follows by
 * itself (the tables' triggers).
 */
import { DEFAULT_RETENTION_DAYS, dayOf, SIGNAL_TABLES } from "../../common/signals";
import type { SiteConfig } from "../../common/site-config";
import { ContentStore } from "../content-store";
import type { Env } from "../env";
import { log } from "../log";

const DAY_MS = 86_400_000;

async function retentionDays(env: Env): Promise<number> {
  try {
    const store = new ContentStore(env.CONTENT, env.CONTENT_CHANNEL || "production");
    const config = (await store.manifest(await store.liveBuildId())).config as Partial<SiteConfig>;
    return config.signals?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  } catch (error) {
    log.error("signals_retention_config_unreadable", { using: DEFAULT_RETENTION_DAYS, error });
    return DEFAULT_RETENTION_DAYS;
  }
}

/** Deletes what is older than the retention period at `now`; the rows deleted and the first day kept. */
export async function applyRetention(env: Env, now: number): Promise<{ deleted: number; keptFrom: string } | null> {
  if (!env.SIGNALS) {
    log.error("signals_disabled", { reason: "the worker has no SIGNALS binding (wrangler.toml)" });
    return null;
  }
  const days = await retentionDays(env);
  const keptFrom = dayOf(now - days * DAY_MS);
  const db = env.SIGNALS;
  const results = await db.batch(
    SIGNAL_TABLES.map((t) => db.prepare(`DELETE FROM ${t} WHERE day < ?1`).bind(keptFrom)),
  );
  const deleted = results.reduce((sum, r) => sum + r.meta.changes, 0);
  log.info("signals_retention", { retentionDays: days, keptFrom, deleted });
  return { deleted, keptFrom };
}

/** The worker's scheduled handler. */
export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  ctx.waitUntil(
    applyRetention(env, controller.scheduledTime).catch((error: unknown) =>
      log.error("signals_retention_failed", { error }),
    ),
  );
};
