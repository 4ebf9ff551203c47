/**
 * The D1 + FTS5 database of bench:d1 (worker.ts on local workerd through Miniflare, 127.0.0.1):
 * search records as rows, the worker started on a persisted database, and requests to it.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Log, LogLevel, Miniflare } from "miniflare";
import ts from "typescript";
import { foldTerm, indexedDocument, indexTokens, type SearchRecord } from "../../../common/search";
import { TYPE_BOOST } from "../../../common/search-index";
import { compatibilityDate } from "../../local/server";
import { childProcessesNamed, newProcessNamed } from "../procfs";
import type { Row } from "./worker";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** A field's text as the embedded index's tokens, space-separated (FTS5's unicode61 splits on the spaces). */
const tokens = (text: string) => indexTokens(text).map(foldTerm).filter(Boolean).join(" ");

/** Rows of `records`, with ids from `firstId` on. */
export function rowsOf(records: SearchRecord[], firstId: number): Row[] {
  return records.map((record, i) => {
    const doc = indexedDocument(record, firstId + i);
    return {
      id: firstId + i,
      page: record.url_without_anchor,
      boost: TYPE_BOOST[record.type],
      data: JSON.stringify(record),
      title: tokens(doc.title ?? ""),
      parents: tokens(doc.parents ?? ""),
      content: tokens(doc.content ?? ""),
      keywords: tokens(doc.keywords ?? ""),
    };
  });
}

/** The query a one-word search sends: the word as typed and as a prefix, as the embedded index reads a last word. */
export const matchOf = (word: string) => `"${foldTerm(word).replaceAll('"', '""')}"*`;

export interface D1Worker {
  mf: Miniflare;
  url: URL;
  /** The workerd process serving it (its CPU is read from /proc). */
  workerd: number;
}

/** worker.ts on a fresh workerd, its D1 database persisted in `persist`. */
export async function startD1Worker(persist: string): Promise<D1Worker> {
  const source = await readFile(path.join(root, "scripts/bench/d1-fts5/worker.ts"), "utf8");
  const script = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const before = childProcessesNamed("workerd");
  const mf = new Miniflare({
    modules: true,
    script,
    compatibilityDate: await compatibilityDate(root),
    d1Databases: { DB: "d1-fts5-bench" },
    d1Persist: persist,
    cf: false,
    host: "127.0.0.1",
    port: 0,
    log: new Log(LogLevel.WARN),
  });
  const url = await mf.ready;
  try {
    return { mf, url, workerd: newProcessNamed("workerd", before) };
  } catch (e) {
    await mf.dispose();
    throw e;
  }
}

/** POSTs JSON to the worker; its answer (rows written), or an error naming the status. */
export async function post(worker: D1Worker, pathname: string, body: unknown): Promise<{ rowsWritten: number }> {
  const res = await fetch(new URL(pathname, worker.url), {
    method: "POST",
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as { rowsWritten: number };
}

/** A one-word search: the top 20 records and the number of matches. */
export async function search(worker: D1Worker, word: string): Promise<{ hits: SearchRecord[]; nbHits: number }> {
  const res = await fetch(`${worker.url.origin}/search?match=${encodeURIComponent(matchOf(word))}`, {
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`search answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
  return (await res.json()) as { hits: SearchRecord[]; nbHits: number };
}
