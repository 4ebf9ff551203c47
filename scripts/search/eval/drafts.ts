/**
 * Draft judged queries from the signals (`npm run search:eval -- --from-insights`): the queries
 * readers searched without finding anything, and those whose results nobody opened, that the
 * judged set does not hold yet. Where a reader found the page with another query in the same
 * session, the page that query leads to today is the draft's target; otherwise its targets are
 * left for the author. Drafts go to drafts.json beside queries.json, never into it: an author
 * confirms each (its kind, its targets) by moving it there.
 */
import type { InsightsReport } from "../../../common/insights";
import type { EvalQuery, QueryKind } from "./metrics";

export interface Draft extends EvalQuery {
  /** Why it is here, from the signals: for the author, not for the eval. */
  evidence: string;
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const QUESTION = /^(how|what|why|where|when|which|who|can|could|do|does|is|are|should)\b/;

export function kindOf(query: string): QueryKind {
  if (QUESTION.test(query) || query.endsWith("?")) return "question";
  if (/[_:]|::|^0x|\b[a-z]+[A-Z]/.test(query)) return "identifier";
  return "keyword";
}

/**
 * The drafts of `report` not already judged; `pageOf(query)` is the first page the search gives
 * `query` today (null when none), used for the query a miss was reformulated into.
 */
export async function draftQueries(
  report: Pick<InsightsReport, "zeroResultQueries" | "unopenedQueries" | "pairs" | "since" | "until">,
  judged: EvalQuery[],
  pageOf: (query: string) => Promise<string | null>,
): Promise<Draft[]> {
  const known = new Set(judged.map((q) => q.query.toLowerCase()));
  const drafts: Draft[] = [];
  const window = `${report.since} to ${report.until}`;
  for (const z of report.zeroResultQueries) {
    if (known.has(z.query)) continue;
    known.add(z.query);
    const pair = report.pairs.find((p) => p.miss === z.query);
    const target = pair ? await pageOf(pair.found) : null;
    drafts.push({
      kind: kindOf(z.query),
      query: z.query,
      targets: target ? [target] : [],
      evidence:
        `${counted(z.zeroHits, "search", "searches")} with no result (${z.sources.join(", ")}), ${window}` +
        (pair
          ? `; readers then searched "${pair.found}" and opened a result${target ? `, which leads to ${target}` : ""}`
          : ""),
    });
  }
  for (const u of report.unopenedQueries) {
    if (known.has(u.query)) continue;
    known.add(u.query);
    drafts.push({
      kind: kindOf(u.query),
      query: u.query,
      targets: [],
      evidence: `${counted(u.searches, "search", "searches")} with ${counted(u.hits, "result", "results")}, none opened, ${window}`,
    });
  }
  return drafts;
}
