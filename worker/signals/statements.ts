/**
 * The writes of signals (schema: migrations/0001_signals.sql). Every write adds a row only while
 * the tables hold fewer rows than the budget (signals_state.rows, kept by triggers); a count whose
 * row exists still grows. A write the budget stops changes nothing: its `meta.changes` is 0.
 */
import type { Vote } from "../../common/signals";

/** The row budget's test: under the budget, or the row is already there (its count grows, no row is added). */
const underBudget = (table: string, key: string) =>
  `WHERE (SELECT rows FROM signals_state WHERE id = 1) < ?9 OR EXISTS (SELECT 1 FROM ${table} WHERE ${key})`;

const FEEDBACK_COUNTS = `INSERT INTO feedback_daily (day, version, page, yes, no)
SELECT ?1, ?2, ?3, ?4, ?5 ${underBudget("feedback_daily", "day = ?1 AND version = ?2 AND page = ?3")}
ON CONFLICT (day, version, page) DO UPDATE SET yes = yes + excluded.yes, no = no + excluded.no`;

const FEEDBACK_REASON = `INSERT INTO feedback_reasons_daily (day, version, page, vote, reason, count)
SELECT ?1, ?2, ?3, ?4, ?5, 1 ${underBudget(
  "feedback_reasons_daily",
  "day = ?1 AND version = ?2 AND page = ?3 AND vote = ?4 AND reason = ?5",
)}
ON CONFLICT (day, version, page, vote, reason) DO UPDATE SET count = count + 1`;

const FEEDBACK_NOTE = `INSERT INTO feedback_notes (day, version, page, vote, reason, note)
SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT rows FROM signals_state WHERE id = 1) < ?9`;

const SEARCH = `INSERT INTO search_daily (day, version, source, query, searches, zero_hits, opened, hits)
SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 ${underBudget(
  "search_daily",
  "day = ?1 AND version = ?2 AND source = ?3 AND query = ?4",
)}
ON CONFLICT (day, version, source, query) DO UPDATE SET
  searches = searches + excluded.searches,
  zero_hits = zero_hits + excluded.zero_hits,
  opened = opened + excluded.opened,
  hits = CASE WHEN excluded.searches > 0 THEN excluded.hits ELSE hits END`;

const PAIR = `INSERT INTO search_pairs_daily (day, version, miss, found, count)
SELECT ?1, ?2, ?3, ?4, 1 ${underBudget("search_pairs_daily", "day = ?1 AND version = ?2 AND miss = ?3 AND found = ?4")}
ON CONFLICT (day, version, miss, found) DO UPDATE SET count = count + 1`;

const AGENT_REPORT = `INSERT INTO agent_reports (day, version, question, tried, page)
SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT rows FROM signals_state WHERE id = 1) < ?9`;

/** Claims the hour's "budget full" log line: changes 1 for the first writer of the hour, 0 for the others. */
const CLAIM_FULL_LOG = `UPDATE signals_state SET full_logged_at = ?1 WHERE id = 1 AND full_logged_at <= ?2`;
const ROWS = `SELECT rows FROM signals_state WHERE id = 1`;

export interface FeedbackSignal {
  version: string;
  page: string;
  vote: Vote;
  /** The vote this browser gave before, when it changes it (its count moves to the new one). */
  previous: Vote | null;
  reason: string | null;
  note: string | null;
}

export interface SearchSignal {
  version: string;
  source: "modal" | "page" | "api" | "agent";
  /** Normalised (common/signals.ts normalizeQuery), never empty. */
  query: string;
  /** 1 for a final query, 0 for an opened result of a query already counted (/search). */
  searches: 0 | 1;
  hits: number;
  opened: 0 | 1;
  /** A query that found nothing just before this one, in the same modal session (a reformulation). */
  miss?: string | null;
}

export interface AgentReport {
  version: string;
  question: string;
  tried: string;
  page: string | null;
}

/*
 * Parameters are bound by position (?1…?8), the budget always as ?9, so every statement's budget
 * test reads the same way. D1 binds a missing position as NULL.
 */
const bind = (db: D1Database, sql: string, budget: number, values: (string | number | null)[]) => {
  const params: (string | number | null)[] = [...values];
  while (params.length < 8) params.push(null);
  return db.prepare(sql).bind(...params, budget);
};

const vote = (v: Vote | null, which: Vote) => (v === which ? 1 : 0);

export function feedbackStatements(db: D1Database, day: string, budget: number, f: FeedbackSignal) {
  const yes = vote(f.vote, "yes") - vote(f.previous, "yes");
  const no = vote(f.vote, "no") - vote(f.previous, "no");
  const out: D1PreparedStatement[] = [];
  // The same vote sent again (a reason or a note added to it) moves no count.
  if (yes !== 0 || no !== 0) out.push(bind(db, FEEDBACK_COUNTS, budget, [day, f.version, f.page, yes, no]));
  if (f.reason) out.push(bind(db, FEEDBACK_REASON, budget, [day, f.version, f.page, f.vote, f.reason]));
  if (f.note) out.push(bind(db, FEEDBACK_NOTE, budget, [day, f.version, f.page, f.vote, f.reason, f.note]));
  return out;
}

export function searchStatements(db: D1Database, day: string, budget: number, s: SearchSignal) {
  const zero = s.searches === 1 && s.hits === 0 ? 1 : 0;
  const out = [bind(db, SEARCH, budget, [day, s.version, s.source, s.query, s.searches, zero, s.opened, s.hits])];
  if (s.miss) out.push(bind(db, PAIR, budget, [day, s.version, s.miss, s.query]));
  return out;
}

export function agentReportStatements(db: D1Database, day: string, budget: number, r: AgentReport) {
  return [bind(db, AGENT_REPORT, budget, [day, r.version, r.question, r.tried, r.page])];
}

/** The statement that claims the hour's "budget full" line, and the one that reads the row count. */
export const claimFullLog = (db: D1Database, now: number, everyMs: number) =>
  db.prepare(CLAIM_FULL_LOG).bind(now, now - everyMs);
export const rowCount = (db: D1Database) => db.prepare(ROWS);
