/**
 * Search records and how they are indexed. The build writes records in the DocSearch shape (so the
 * same records can feed a hosted Algolia index) and indexes them as MiniSearch would with the
 * options here (tokens, folding, fields), in an index of its own (search-index.ts); the worker
 * answers Algolia-style queries from it.
 */
import type { Options } from "minisearch";

export type SearchRecordType = "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6" | "content";
export type HierarchyLevel = "lvl0" | "lvl1" | "lvl2" | "lvl3" | "lvl4" | "lvl5" | "lvl6";
export const HIERARCHY_LEVELS: readonly HierarchyLevel[] = ["lvl0", "lvl1", "lvl2", "lvl3", "lvl4", "lvl5", "lvl6"];

export interface SearchHierarchy {
  /** The section: Learn, Build or Node API. */
  lvl0: string;
  /** The page title. */
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/**
 * One searchable unit: a page title, a heading or a block of text under its headings.
 *
 * @example { type: "lvl2", hierarchy: { lvl0: "Learn", lvl1: "Faucets", lvl2: "Use the web faucet", … },
 *            content: null, url: "https://docs.movementnetwork.xyz/general/UsingMovement/faucet#use-the-web-faucet", … }
 */
export interface SearchRecord {
  /** Stable across builds while the record's text and place do not change. */
  objectID: string;
  type: SearchRecordType;
  hierarchy: SearchHierarchy;
  /** The text of a content record; for a page title, the page description; null for headings. */
  content: string | null;
  /** Absolute URL with the anchor of the nearest heading (search results rewrite it to path + hash). */
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  language: typeof SEARCH_LANGUAGE;
  /** The docs version's facet value, `docs-default-<version>` (the build writes the current one's; the worker answers each version's). */
  docusaurus_tag: `docs-default-${string}`;
  /**
   * Terms that find the record without being shown: on a page title, an API operation's id, method
   * and path, parameter names (weighed as its title); on a row of the API reference (a content
   * record), the name of the field or parameter it defines, matched whole (the index's name field).
   */
  keywords?: string[];
  /** DocSearch's ranking data: level 90 (page title) … 40 (lvl6 heading), 0 (text); position in the page. */
  weight: { pageRank: number; level: number; position: number };
}

export const SEARCH_LANGUAGE = "en";
export const SEARCH_DOCS_TAG = "docs-default-current";
/** Longer queries are cut to this many characters, in the UI and on the server. */
export const MAX_QUERY_LENGTH = 64;
export const HITS_PER_PAGE = 20;

/** DocSearch's level weights: page titles rank above headings, headings above text. */
export const LEVEL_WEIGHT: Record<SearchRecordType, number> = {
  lvl1: 90,
  lvl2: 80,
  lvl3: 70,
  lvl4: 60,
  lvl5: 50,
  lvl6: 40,
  content: 0,
};

/** The facet filters DocSearch sends for this site's docs (Docusaurus' contextual search). */
export const CONTEXTUAL_FACET_FILTERS = [
  `language:${SEARCH_LANGUAGE}`,
  ["docusaurus_tag:default", `docusaurus_tag:${SEARCH_DOCS_TAG}`],
];

/** The contextual facet filters of a docs version (`current` gives CONTEXTUAL_FACET_FILTERS). */
export const contextualFacetFilters = (version: string) => [
  `language:${SEARCH_LANGUAGE}`,
  ["docusaurus_tag:default", `docusaurus_tag:docs-default-${version}`],
];

/** Packed records with the strings they refer to: a record bundle of the index (search-index.ts) holds one. */
export interface PackedRecords {
  /** The origin every record URL starts with. */
  siteUrl: string;
  /** Every route and heading text, referred to by position. */
  strings: string[];
  records: PackedRecord[];
}

/** A synonym in Algolia's format: words that find each other, or words that also find others. */
export type Synonym =
  | { objectID: string; type: "synonym"; synonyms: string[] }
  | { objectID: string; type: "oneWaySynonym"; input: string; synonyms: string[] };

/** A record as stored in the index file; hierarchy holds string ids (-1 for null) from lvl0 on. */
export type PackedRecord = [
  objectID: string,
  type: SearchRecordType,
  route: number,
  anchor: string | null,
  hierarchy: number[],
  content: string | null,
  position: number,
  keywords?: string[],
];

/** A packed row whose string ids point `offset` further (into a table with other strings before its own). */
export function shiftedStrings(row: PackedRecord, offset: number): PackedRecord {
  const [objectID, type, route, anchor, levels, content, position, ...keywords] = row;
  const shift = (i: number) => (i < 0 ? i : i + offset);
  return [objectID, type, shift(route), anchor, levels.map(shift), content, position, ...keywords];
}

/** Packs records for a record bundle (see {@link unpackRecord}). */
export function packRecords(records: SearchRecord[], siteUrl: string): PackedRecords {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const intern = (s: string | null) => {
    if (s === null) return -1;
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = strings.push(s) - 1));
    return id;
  };
  const packed = records.map((r): PackedRecord => {
    if (!r.url_without_anchor.startsWith(siteUrl)) throw new Error(`search record ${r.url} is not under ${siteUrl}`);
    const levels = HIERARCHY_LEVELS.map((l) => intern(r.hierarchy[l]));
    while (levels.length > 2 && levels[levels.length - 1] === -1) levels.pop();
    const row: PackedRecord = [
      r.objectID,
      r.type,
      intern(r.url_without_anchor.slice(siteUrl.length)),
      r.anchor,
      levels,
      r.content,
      r.weight.position,
    ];
    if (r.keywords?.length) row.push(r.keywords);
    return row;
  });
  return { siteUrl, strings, records: packed };
}

/** The full record back from its packed row. */
export function unpackRecord(file: Pick<PackedRecords, "siteUrl" | "strings">, row: PackedRecord): SearchRecord {
  const [objectID, type, route, anchor, levels, content, position, keywords] = row;
  const text = (i: number | undefined) => (i === undefined || i < 0 ? null : file.strings[i]!);
  const base = `${file.siteUrl}${file.strings[route]}`;
  return {
    objectID,
    type,
    hierarchy: {
      lvl0: text(levels[0]) ?? "",
      lvl1: text(levels[1]) ?? "",
      lvl2: text(levels[2]),
      lvl3: text(levels[3]),
      lvl4: text(levels[4]),
      lvl5: text(levels[5]),
      lvl6: text(levels[6]),
    },
    content,
    url: anchor ? `${base}#${anchor}` : base,
    url_without_anchor: base,
    anchor,
    language: SEARCH_LANGUAGE,
    docusaurus_tag: SEARCH_DOCS_TAG,
    ...(keywords ? { keywords } : {}),
    weight: { pageRank: 0, level: LEVEL_WEIGHT[type], position },
  };
}

/** The fields the index scores for a record (term statistics as MiniSearch computes them). */
export interface IndexedDocument {
  id: number;
  /** The record's own heading (its level's text); empty for content records. */
  title: string;
  /** The headings above it, section included. */
  parents: string;
  content: string;
  /** A page title's keywords (see SearchRecord.keywords). */
  keywords: string;
  /** The names a row of the API reference defines (its keywords), each one term, matched whole. */
  name: string;
}

const INDEXED_FIELDS = ["title", "parents", "content", "keywords", "name"] as const;
/**
 * The field whose text is names, each indexed whole: "chain_id" is found by `chain_id` typed whole,
 * not by "chain id" (its words find the row through its text, as any text's).
 */
export const NAME_FIELD = "name";

export function indexedDocument(record: SearchRecord, id: number): IndexedDocument {
  const own = record.type === "content" ? null : record.type;
  const parents: string[] = [];
  for (const level of HIERARCHY_LEVELS) {
    if (level === own) break;
    const text = record.hierarchy[level];
    if (text) parents.push(text);
  }
  const keywords = (record.keywords ?? []).join(" ");
  return {
    id,
    title: own ? (record.hierarchy[own] ?? "") : "",
    parents: parents.join(" "),
    content: record.content ?? "",
    keywords: own ? keywords : "",
    name: own ? "" : keywords,
  };
}

/**
 * Words and camelCase parts, in any script (Unicode letters and digits), and the same rules for
 * text whose words are all ASCII. Each rule has an ASCII twin because V8 compiles a Unicode
 * property pattern on its first use in an isolate, at about a millisecond each, and a cold
 * isolate's first search would pay that for text that is almost always ASCII.
 */
const UNICODE = {
  word: /[\p{L}\p{N}]+/gu,
  camelBoundary: /\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u,
  camelPart: /\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})|\p{N}+/gu,
  snakeCase: /[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/gu,
};
const ASCII = {
  word: /[A-Za-z0-9]+/g,
  camelBoundary: /[a-z][A-Z]|[A-Z][A-Z][a-z]/,
  camelPart: /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g,
  snakeCase: /[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+/g,
};
/**
 * Characters outside ASCII that are never in a word (no Unicode letter, digit or mark among them):
 * Latin-1's symbols and punctuation, general punctuation (dashes, curly quotes, the ellipsis,
 * invisible spaces), currency signs and arrows. English docs use these, and a text whose only other
 * characters are ASCII has the words the ASCII rules find (test/search/tokens.node.test.ts checks
 * every one of them).
 */
export const NEVER_IN_WORDS =
  "\u00a0-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u00d7\u00f7\u2000-\u206f\u20a0-\u20cf\u2190-\u21ff";
const MAY_BE_IN_WORDS = new RegExp(`[^\\0-\\x7f${NEVER_IN_WORDS}]`);
const rulesFor = (text: string) => (MAY_BE_IN_WORDS.test(text) ? UNICODE : ASCII);

/** Whether the text's words are all ASCII letters and digits (wordsOf splits it by the ASCII rules). */
export const hasAsciiWordsOnly = (text: string): boolean => !MAY_BE_IN_WORDS.test(text);

/** Words of a text, each with its position: the units search matches and highlights. */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  // exec, not matchAll: no iterator and no second array (a hit's texts are split on every search);
  // an indexed store, not push (see worker/search/highlight.ts).
  const rule = rulesFor(text).word;
  const out: { word: string; start: number; end: number }[] = [];
  rule.lastIndex = 0;
  for (let m = rule.exec(text); m; m = rule.exec(text))
    out[out.length] = { word: m[0], start: m.index, end: m.index + m[0].length };
  return out;
}

/** The parts of a camelCase identifier ("signMessage" → sign, Message), or [] for a plain word. */
export function camelParts(word: string): string[] {
  const rules = rulesFor(word);
  if (!rules.camelBoundary.test(word)) return [];
  const parts = word.match(rules.camelPart) ?? [];
  return parts.length > 1 && parts.join("") === word ? parts : [];
}

/**
 * The snake_case identifiers of a text, whole ("max_gas_amount"). Each is a term besides its words:
 * a query naming one then matches the text that has the identifier in one more place (a slot of its
 * own) than text that only has its words apart, and ranks it first.
 */
export function snakeCaseIdentifiers(text: string): string[] {
  return text.includes("_") ? (text.match(rulesFor(text).snakeCase) ?? []) : [];
}

/**
 * Index-side tokens: every word, plus the parts of camelCase words, so "sign message" finds
 * signMessage, plus snake_case identifiers whole; in the NAME_FIELD, each name whole (MiniSearch
 * passes the field's name).
 */
export function indexTokens(text: string, fieldName?: string): string[] {
  if (fieldName === NAME_FIELD) return text.split(" ").filter(Boolean);
  const out: string[] = [];
  for (const { word } of wordsOf(text)) out.push(word, ...camelParts(word));
  out.push(...snakeCaseIdentifiers(text));
  return out;
}

/** Query-side tokens: the words as typed, then the snake_case identifiers whole ("get_account" → get, account, get_account). */
export function queryTokens(query: string): string[] {
  return [...wordsOf(query).map((w) => w.word), ...snakeCaseIdentifiers(query)];
}

const MARKS = /\p{M}+/gu;

/**
 * The form a word is indexed and matched in: lower case, accents dropped (Algolia ignores
 * diacritics: "fäucét" finds "faucet") and a plural ending folded ("Faucets" → faucet, "queries" →
 * query, "addresses" → address). The highlighter folds the text's words the same way.
 */
export function foldTerm(term: string): string {
  let t = term.toLowerCase();
  if (/[^ -~]/.test(t)) t = t.normalize("NFD").replace(MARKS, "").normalize("NFC");
  if (t.length <= 3 || !t.endsWith("s")) return t;
  if (t.endsWith("ss") || t.endsWith("us") || t.endsWith("is")) return t;
  if (t.length > 4 && t.endsWith("ies")) return `${t.slice(0, -3)}y`;
  if (t.endsWith("sses")) return t.slice(0, -2);
  return t.slice(0, -1);
}

/** Synonyms by the folded words that trigger them: "rpc url" → [["endpoint"], ["node", "url"]]. */
export type SynonymTable = Map<string, string[][]>;

/** The index's fields, tokens and folding, in MiniSearch's options' shape (its types only: the index is ours). */
export const miniSearchOptions: Options<IndexedDocument> = {
  idField: "id",
  fields: [...INDEXED_FIELDS],
  storeFields: [],
  tokenize: indexTokens,
  processTerm: foldTerm,
  searchOptions: { tokenize: queryTokens, processTerm: foldTerm },
};

/** Cuts a query to MAX_QUERY_LENGTH characters (code points, so no half emoji). */
export function capQuery(query: string): string {
  const chars = Array.from(query);
  return chars.length > MAX_QUERY_LENGTH ? chars.slice(0, MAX_QUERY_LENGTH).join("") : query;
}

/** A piece of highlighted text: the server marks matches, the search page renders them as <mark>. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/** What the /search page shows (computed by the worker, rendered by client/layout/SearchPage). */
export interface SearchPageView {
  /** The query as searched (at most MAX_QUERY_LENGTH characters). */
  query: string;
  /** 1-based. */
  page: number;
  nbPages: number;
  nbHits: number;
  hits: SearchPageHit[];
  /** Where the search form posts, e.g. /search. */
  searchPath: string;
  /** Where 'Let us know.' leads (an issue with the query as its title), if configured. */
  missingResultsUrl: string | null;
  /** The index could not be read: show the error text instead of results. */
  unavailable: boolean;
  /**
   * On a site with several docs versions: the one searched, and the same search in each other
   * version (`href` with its prefix, as the page is served).
   */
  version?: { label: string; others: { name: string; label: string; href: string }[] } | null;
}

export interface SearchPageHit {
  href: string;
  /** The record's heading (or page title), highlighted. */
  title: HighlightSegment[];
  /** Section, page and headings above the title. */
  path: string[];
  /** A few words of text around the match. */
  snippet: HighlightSegment[] | null;
}

/** The 'Let us know.' link for a query that found nothing: a new issue titled with the query. */
export function missingResultsHref(base: string, query: string): string {
  return `${base}${base.includes("?") ? "&" : "?"}${new URLSearchParams({ title: `Search: no results for "${query}"` })}`;
}
