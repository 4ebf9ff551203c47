/**
 * `npm run insights [-- --since 7d] [--remote]`: what readers and agents could not find, from the
 * signals database (local D1, or the account's with --remote): printed as Markdown, written as
 * Markdown and JSON. `--export [file]` writes every signal row as JSON; `--purge` deletes them all.
 * Exits 2 on a usage error, 1 when the database cannot be read.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { insightsReport, insightsWindow } from "../../common/insights";
import { parseInsightsArgs, USAGE, UsageError } from "./args";
import { DatabaseError, openLocal, openRemote, type SignalsDb } from "./database";
import { exportSignals, purgeSignals } from "./maintenance";
import { insightsMarkdown } from "./markdown";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main(): Promise<number> {
  let command;
  try {
    command = parseInsightsArgs(process.argv.slice(2));
    if (command.name === "report") insightsWindow(command.since, Date.now());
  } catch (e) {
    if (!(e instanceof UsageError) && !(e instanceof Error && e.message.startsWith("--since"))) throw e;
    console.error(`insights: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  let db: SignalsDb;
  try {
    db = command.remote
      ? openRemote(process.env)
      : await openLocal(root, command.site ? path.resolve(command.site) : root);
  } catch (e) {
    if (!(e instanceof DatabaseError)) throw e;
    console.error(`insights: ${e.message}`);
    return 2;
  }
  try {
    if (command.name === "purge") {
      const counts = await purgeSignals(db.run);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      console.log(`insights: deleted ${total} rows from ${db.where}`);
      for (const [table, n] of Object.entries(counts)) console.log(`  ${table}: ${n}`);
      return 0;
    }
    if (command.name === "export") {
      const file = path.resolve(command.file);
      const exported = await exportSignals(db.run, new Date());
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(exported, null, 2)}\n`);
      const rows = Object.values(exported.tables).reduce((n, t) => n + t.length, 0);
      console.log(`insights: ${rows} rows of ${db.where} written to ${file}`);
      return 0;
    }
    const report = await insightsReport(db.run, insightsWindow(command.since, Date.now()));
    const markdown = insightsMarkdown(report);
    const out = path.resolve(command.out);
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, "insights.md"), markdown);
    await writeFile(path.join(out, "insights.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(markdown);
    console.log(`insights: read ${db.where}; wrote ${path.join(out, "insights.{md,json}")}`);
    return 0;
  } catch (e) {
    console.error(`insights: ${db.where} could not be read: ${(e as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exit(await main());
