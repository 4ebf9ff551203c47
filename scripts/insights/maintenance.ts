/**
 * `--export` and `--purge`: every signal row as JSON (what the operator keeps, or hands over when
 * asked what was recorded), and the deletion of every signal row (the row count the budget reads
 * follows through the tables' triggers).
 */
import { SIGNAL_TABLES } from "../../common/signals";
import type { RunQueries } from "../../common/insights";

export async function exportSignals(run: RunQueries, now: Date) {
  const results = await run(SIGNAL_TABLES.map((t) => ({ sql: `SELECT * FROM ${t}`, params: [] })));
  return {
    exportedAt: now.toISOString(),
    tables: Object.fromEntries(SIGNAL_TABLES.map((t, i) => [t, results[i] ?? []])),
  };
}

/** Deletes every signal; the rows each table held. */
export async function purgeSignals(run: RunQueries): Promise<Record<string, number>> {
  const counts = await run(SIGNAL_TABLES.map((t) => ({ sql: `SELECT COUNT(*) AS n FROM ${t}`, params: [] })));
  await run(SIGNAL_TABLES.map((t) => ({ sql: `DELETE FROM ${t}`, params: [] })));
  return Object.fromEntries(SIGNAL_TABLES.map((t, i) => [t, Number(counts[i]?.[0]?.n ?? 0)]));
}
