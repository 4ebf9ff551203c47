/**
 * Signals: what readers and agents could not find (page feedback, search misses, agents' reports).
 * The shapes and rules shared by the feedback form and the modal's reporter (client/), the worker
 * that checks and stores them (worker/signals) and the insights report (common/insights.ts,
 * scripts/insights). Nothing here identifies a reader: a signal is a page, a query, a version, a day.
 */

/** Every table of signals (migrations/), each with its UTC `day` column. */
export const SIGNAL_TABLES = [
  "feedback_daily",
  "feedback_reasons_daily",
  "feedback_notes",
  "search_daily",
  "search_pairs_daily",
  "agent_reports",
] as const;

/** Where the worker takes signals (under the site's base URL). */
export const FEEDBACK_PATH = "/_signals/feedback";
export const SEARCH_SIGNAL_PATH = "/_signals/search";
/** The operator's page of the signals (off unless an access token is configured). */
export const INSIGHTS_PATH = "/_insights";

/** The version a page or query belongs to when nothing says otherwise (Document.tsx's data-docs-version). */
export const DEFAULT_VERSION = "current";

/** site.yaml's defaults (common/config/schema.ts): days a signal is kept, rows the database may hold. */
export const DEFAULT_RETENTION_DAYS = 90;
export const DEFAULT_ROW_BUDGET = 1_000_000;

/**
 * How long a worker isolate holds the signals its requests make before it writes them to D1 as one
 * batch (worker/signals/recorder.ts; the deployment's SIGNALS_FLUSH_MS, "0" writing each at once).
 */
export const SIGNALS_FLUSH_MS = 1000;

export const VOTES = ["yes", "no"] as const;
export type Vote = (typeof VOTES)[number];
export const isVote = (v: unknown): v is Vote => v === "yes" || v === "no";

/** The reasons a reader may pick, in the order the form lists them. */
export const FEEDBACK_REASONS = [
  { id: "missing", label: "The information I needed is missing" },
  { id: "unclear", label: "It is hard to understand" },
  { id: "wrong", label: "Something is wrong or out of date" },
  { id: "broken", label: "A command or code sample does not work" },
  { id: "other", label: "Something else" },
] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number]["id"];
export const isReason = (v: unknown): v is FeedbackReason => FEEDBACK_REASONS.some((r) => r.id === v);
export const reasonLabel = (id: string): string => FEEDBACK_REASONS.find((r) => r.id === id)?.label ?? id;

/** A note is at most this many characters (code points), kept and shown as plain text. */
export const MAX_NOTE_CHARS = 500;
/** An agent's question and what it tried, in characters. */
export const MAX_REPORT_QUESTION_CHARS = 500;
export const MAX_REPORT_TRIED_CHARS = 1000;
/** A page address as a signal names it (a route, or a URL the agent gave). */
export const MAX_PAGE_CHARS = 512;
/** A normalised query is at most this many characters (as the search engine reads one: MAX_QUERY_LENGTH). */
export const MAX_SIGNAL_QUERY_CHARS = 64;

/**
 * Where a search came from. modal: the DocSearch modal (it reports its final queries itself);
 * page: the server-rendered /search page; api: any other client of the Algolia-compatible
 * endpoint; agent: the MCP server's search_docs tool.
 */
export const SEARCH_SOURCES = ["modal", "page", "api", "agent"] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/**
 * The header the site's own search clients set on requests to the search endpoint: "modal" (the
 * modal reports its final queries itself, so its keystrokes are not recorded as API queries) and
 * "eval" (the judged query set: never recorded). A request without it is an API client's.
 */
export const SEARCH_CLIENT_HEADER = "X-Docs-Client";
export type SearchClient = "modal" | "eval";

/** Browser storage key of a reader's vote on a page, in a version (one vote per page per browser). */
export const feedbackStorageKey = (version: string, page: string) => `docs-feedback:${version}:${page}`;

/** A version name as the versions' URL prefixes and search tags have them ("current", "1.2", "v2-beta"). */
export const isVersionName = (v: unknown): v is string =>
  typeof v === "string" && /^[a-z0-9][a-z0-9._-]{0,31}$/i.test(v);

const DOCS_TAG = /^docusaurus_tag:docs-default-(.+)$/;

/**
 * The version a search asked for, from its facet filters (DocSearch's contextual search sends
 * `docusaurus_tag:docs-default-<version>`, alone or in an OR group); DEFAULT_VERSION when none does.
 *
 * @example versionOfFacetFilters(["language:en", ["docusaurus_tag:default", "docusaurus_tag:docs-default-current"]]) // "current"
 */
export function versionOfFacetFilters(filters: unknown): string {
  const list = typeof filters === "string" ? [filters] : Array.isArray(filters) ? filters.flat() : [];
  for (const f of list) {
    const m = typeof f === "string" ? DOCS_TAG.exec(f) : null;
    if (m && isVersionName(m[1])) return m[1];
  }
  return DEFAULT_VERSION;
}

/*
 * What a reader types or writes may hold something that points at a person: an e-mail address, an
 * account address or a key pasted into the box, a network address. These are replaced before
 * anything is stored, so no stored text can identify its writer by them.
 */
const REDACTIONS: [RegExp, string][] = [
  [/[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/gi, "[email]"],
  [/\b0x[0-9a-f]{16,}\b/gi, "[address]"],
  [/\b[0-9a-f]{32,}\b/gi, "[key]"],
  [/\b[1-9A-HJ-NP-Za-km-z]{40,}\b/g, "[key]"],
  [/\b\d{1,3}(?:\.\d{1,3}){3}\b/g, "[ip]"],
  [/\b(?:[0-9a-f]{1,4}:){4,7}[0-9a-f]{1,4}\b/gi, "[ip]"],
];

/** Text with e-mail, account, key and network addresses replaced (see REDACTIONS). */
export function redact(text: string): string {
  let out = text;
  for (const [pattern, mask] of REDACTIONS) out = out.replace(pattern, mask);
  return out;
}

// Control characters other than tab and newline (C0 and C1) never reach storage.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Plain text as stored: NFC, control characters dropped, ends trimmed, cut to `max` code points, redacted. */
export function cleanText(text: string, max: number): string {
  const chars = Array.from(text.normalize("NFC").replace(CONTROL, "").trim());
  return redact(chars.slice(0, max).join("")).trim();
}

/**
 * A query as signals count it: lower case, spaces collapsed, redacted, at most
 * MAX_SIGNAL_QUERY_CHARS; "" for a query with no letter or digit (nothing to count).
 *
 * @example normalizeQuery("  Faucet   URL ") // "faucet url"
 */
export function normalizeQuery(query: string): string {
  const q = cleanText(query.normalize("NFKC").toLowerCase().replace(/\s+/g, " "), MAX_SIGNAL_QUERY_CHARS);
  return /[\p{L}\p{N}]/u.test(q) ? q : "";
}

/** The UTC day of a time, as signals are counted: "2026-07-01". */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** What a browser's privacy settings ask: Global Privacy Control or Do Not Track on means nothing is recorded. */
export function asksNotToRecord(signals: { globalPrivacyControl?: unknown; doNotTrack?: unknown }): boolean {
  return signals.globalPrivacyControl === true || signals.doNotTrack === "1" || signals.doNotTrack === "yes";
}

/** The same asked by a request's headers (`Sec-GPC: 1`, `DNT: 1`). */
export function headersAskNotToRecord(headers: { get(name: string): string | null }): boolean {
  return headers.get("Sec-GPC")?.trim() === "1" || headers.get("DNT")?.trim() === "1";
}
