/**
 * The insights report: what readers and agents could not find, read from the signals database
 * (migrations/0001_signals.sql) over a window of days. The same queries serve `npm run insights`
 * (local D1, or the account's through the Cloudflare API) and the worker's /_insights page, each
 * running them through its own `RunQueries`. Parameters are strings only (the D1 HTTP API binds
 * strings); limits are written into the SQL.
 */
import { dayOf } from "./signals";

/** One statement and its parameters. */
export interface Statement {
  sql: string;
  params: string[];
}

/** Runs statements (in one batch where the database allows) and gives each one's rows. */
export type RunQueries = (statements: Statement[]) => Promise<Record<string, unknown>[][]>;

/** How many rows each list of the report shows at most. */
export const REPORT_LIMIT = 20;
const NOTES_LIMIT = 200;
const REASONS_LIMIT = 500;
const AGENT_REPORTS_LIMIT = 50;

export interface InsightsWindow {
  /** First day included (UTC), e.g. "2026-07-01". */
  since: string;
  /** Last day included: today. */
  until: string;
  days: number;
}

export interface Note {
  day: string;
  vote: string;
  reason: string | null;
  note: string;
}

export interface InsightsReport extends InsightsWindow {
  totals: { searches: number; zeroHitSearches: number; yes: number; no: number; agentReports: number };
  /** Queries that found nothing, most often first, with the sources they came from. */
  zeroResultQueries: { query: string; version: string; zeroHits: number; searches: number; sources: string[] }[];
  /** Queries of readers (modal, /search) with results, none of which anyone opened. */
  unopenedQueries: { query: string; version: string; searches: number; hits: number }[];
  /** Pages with the most "no" votes, with the reasons given and the notes left. */
  pages: {
    page: string;
    version: string;
    yes: number;
    no: number;
    reasons: { reason: string; count: number }[];
    notes: Note[];
  }[];
  agentReports: { day: string; version: string; question: string; tried: string; page: string | null }[];
  /** A miss, then a query whose result was opened in the same modal session: a synonym to consider. */
  pairs: { miss: string; found: string; version: string; count: number }[];
  /** Per day of the window, for the charts. */
  daily: { day: string; searches: number; zeroHits: number; yes: number; no: number }[];
}

const DAY_MS = 86_400_000;

/**
 * The window a `--since` value names: "7d" (the last seven days, today included) or a date
 * ("2026-07-01"). Throws with what is accepted otherwise.
 */
export function insightsWindow(since: string, now: number): InsightsWindow {
  const until = dayOf(now);
  const days = /^(\d{1,4})d$/.exec(since);
  if (days && Number(days[1]) >= 1)
    return { since: dayOf(now - (Number(days[1]) - 1) * DAY_MS), until, days: Number(days[1]) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(since) && !Number.isNaN(Date.parse(`${since}T00:00:00Z`)) && since <= until)
    return {
      since,
      until,
      days: Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / DAY_MS) + 1,
    };
  throw new Error(`--since takes a number of days ("7d", "90d") or a past date ("2026-07-01"), not "${since}"`);
}

const SQL = {
  zero: `SELECT query, version, SUM(zero_hits) AS zero_hits, SUM(searches) AS searches, group_concat(DISTINCT source) AS sources
FROM search_daily WHERE day >= ?1 GROUP BY version, query HAVING SUM(zero_hits) > 0
ORDER BY zero_hits DESC, query LIMIT ${REPORT_LIMIT}`,
  unopened: `SELECT query, version, SUM(searches) AS searches, MAX(hits) AS hits
FROM search_daily WHERE day >= ?1 AND source IN ('modal', 'page') GROUP BY version, query
HAVING SUM(opened) = 0 AND SUM(searches) > SUM(zero_hits) ORDER BY searches DESC, query LIMIT ${REPORT_LIMIT}`,
  pages: `SELECT page, version, MAX(SUM(yes), 0) AS yes, MAX(SUM(no), 0) AS no
FROM feedback_daily WHERE day >= ?1 GROUP BY version, page HAVING SUM(no) > 0
ORDER BY no DESC, yes, page LIMIT ${REPORT_LIMIT}`,
  reasons: `SELECT page, version, reason, SUM(count) AS count FROM feedback_reasons_daily
WHERE day >= ?1 AND vote = 'no' GROUP BY version, page, reason ORDER BY count DESC, reason LIMIT ${REASONS_LIMIT}`,
  notes: `SELECT day, version, page, vote, reason, note FROM feedback_notes WHERE day >= ?1
ORDER BY day DESC, id DESC LIMIT ${NOTES_LIMIT}`,
  agents: `SELECT day, version, question, tried, page FROM agent_reports WHERE day >= ?1
ORDER BY day DESC, id DESC LIMIT ${AGENT_REPORTS_LIMIT}`,
  pairs: `SELECT miss, found, version, SUM(count) AS count FROM search_pairs_daily WHERE day >= ?1
GROUP BY version, miss, found ORDER BY count DESC, miss, found LIMIT ${REPORT_LIMIT}`,
  searchDays: `SELECT day, SUM(searches) AS searches, SUM(zero_hits) AS zero_hits FROM search_daily
WHERE day >= ?1 GROUP BY day`,
  voteDays: `SELECT day, SUM(yes) AS yes, SUM(no) AS no FROM feedback_daily WHERE day >= ?1 GROUP BY day`,
  agentCount: `SELECT COUNT(*) AS n FROM agent_reports WHERE day >= ?1`,
} as const;

const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0)) || 0;
const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Every day from `since` to `until`, in order. */
function daysOf(w: InsightsWindow): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${w.since}T00:00:00Z`); out.length < w.days; t += DAY_MS) out.push(dayOf(t));
  return out;
}

/** The report of `window`, read through `run`. */
export async function insightsReport(run: RunQueries, window: InsightsWindow): Promise<InsightsReport> {
  const keys = Object.keys(SQL) as (keyof typeof SQL)[];
  const results = await run(keys.map((k) => ({ sql: SQL[k], params: [window.since] })));
  const r = Object.fromEntries(keys.map((k, i) => [k, results[i] ?? []])) as Record<
    keyof typeof SQL,
    Record<string, unknown>[]
  >;
  const pageKey = (row: Record<string, unknown>) => `${str(row.version)} ${str(row.page)}`;
  const pages = r.pages.map((row) => ({
    page: str(row.page),
    version: str(row.version),
    yes: num(row.yes),
    no: num(row.no),
    reasons: r.reasons
      .filter((x) => pageKey(x) === pageKey(row))
      .map((x) => ({ reason: str(x.reason), count: num(x.count) })),
    notes: r.notes
      .filter((x) => pageKey(x) === pageKey(row))
      .map((x) => ({
        day: str(x.day),
        vote: str(x.vote),
        reason: x.reason === null ? null : str(x.reason),
        note: str(x.note),
      })),
  }));
  const searchDays = new Map(r.searchDays.map((x) => [str(x.day), x]));
  const voteDays = new Map(r.voteDays.map((x) => [str(x.day), x]));
  const daily = daysOf(window).map((day) => ({
    day,
    searches: num(searchDays.get(day)?.searches),
    zeroHits: num(searchDays.get(day)?.zero_hits),
    yes: Math.max(0, num(voteDays.get(day)?.yes)),
    no: Math.max(0, num(voteDays.get(day)?.no)),
  }));
  const sum = (key: "searches" | "zeroHits" | "yes" | "no") => daily.reduce((s, d) => s + d[key], 0);
  return {
    ...window,
    totals: {
      searches: sum("searches"),
      zeroHitSearches: sum("zeroHits"),
      yes: sum("yes"),
      no: sum("no"),
      agentReports: num(r.agentCount[0]?.n),
    },
    zeroResultQueries: r.zero.map((x) => ({
      query: str(x.query),
      version: str(x.version),
      zeroHits: num(x.zero_hits),
      searches: num(x.searches),
      sources: str(x.sources).split(",").filter(Boolean).sort(),
    })),
    unopenedQueries: r.unopened.map((x) => ({
      query: str(x.query),
      version: str(x.version),
      searches: num(x.searches),
      hits: num(x.hits),
    })),
    pages,
    agentReports: r.agents.map((x) => ({
      day: str(x.day),
      version: str(x.version),
      question: str(x.question),
      tried: str(x.tried),
      page: x.page === null || x.page === undefined ? null : str(x.page),
    })),
    pairs: r.pairs.map((x) => ({
      miss: str(x.miss),
      found: str(x.found),
      version: str(x.version),
      count: num(x.count),
    })),
    daily,
  };
}

/**
 * The pairs as synonyms in content/search/synonyms.json's format, for an author to review: a
 * one-way synonym from what readers typed to what found their page.
 */
export function suggestedSynonyms(pairs: InsightsReport["pairs"]) {
  return pairs.map((p) => ({
    objectID: `${p.miss}-${p.found}`
      .replace(/[^a-z0-9]+/gi, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase(),
    type: "oneWaySynonym" as const,
    input: p.miss,
    synonyms: [p.found],
  }));
}
