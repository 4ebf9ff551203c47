/**
 * Scores of the search evaluation: a query succeeds at k when one of its judged pages is among the
 * first k distinct pages of the results (what a reader scans), and MRR is 1 / that rank.
 */
import { median } from "../../bench/median";

export type QueryKind = "keyword" | "question" | "api" | "identifier" | "typo" | "partial";

export interface EvalQuery {
  kind: QueryKind;
  query: string;
  /** Routes a reader would accept, e.g. /devs/fullnode. */
  targets: string[];
}

export interface KindScore {
  kind: QueryKind | "all";
  queries: number;
  successAt1: number;
  successAt10: number;
  mrr: number;
}

/** Distinct pages of ranked result URLs (anchor and origin dropped), best first. */
export function distinctPages(urls: string[]): string[] {
  const out: string[] = [];
  for (const url of urls) {
    const { pathname } = new URL(url, "https://x.invalid");
    if (!out.includes(pathname)) out.push(pathname);
  }
  return out;
}

/** 1-based rank of the first judged page, or 0 when none was returned. */
export function firstRank(pages: string[], targets: string[]): number {
  const i = pages.findIndex((p) => targets.includes(p));
  return i + 1;
}

export function scoreByKind(rows: { kind: QueryKind; rank: number }[]): KindScore[] {
  const kinds = [...new Set(rows.map((r) => r.kind))];
  const score = (kind: KindScore["kind"], of: typeof rows): KindScore => ({
    kind,
    queries: of.length,
    successAt1: of.filter((r) => r.rank === 1).length / of.length,
    successAt10: of.filter((r) => r.rank >= 1 && r.rank <= 10).length / of.length,
    mrr: of.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / of.length,
  });
  return [
    ...kinds.map((k) =>
      score(
        k,
        rows.filter((r) => r.kind === k),
      ),
    ),
    score("all", rows),
  ];
}

/** The p-th percentile (nearest rank) of a sample. */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Per query, the median over runs; then the median and p95 of those across queries. */
export function latencyFigures(samples: number[][]): { medianMs: number; p95Ms: number } {
  const perQuery = samples.map(median);
  return { medianMs: round(median(perQuery)), p95Ms: round(percentile(perQuery, 95)) };
}

export const round = (n: number, digits = 2) => Number(n.toFixed(digits));
