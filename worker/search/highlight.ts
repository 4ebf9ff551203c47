/**
 * Highlighting and snippets on the server. Text is cut into segments (matched or not); the
 * endpoint turns them into escaped HTML with the caller's tags, the search page into <mark>s.
 */
import { camelParts, foldTerm, hasAsciiWordsOnly, wordsOf, type HighlightSegment } from "../../common/search";
import { editDistance } from "./edit-distance";

export type Segment = HighlightSegment;

/*
 * Items are added to a new list by an indexed store (`list[list.length] = item`), not `push`, here
 * and in the search code's other hot loops (wordsOf, Matches.add): workerd's V8 threw away its
 * optimized code at the first push into a list made empty (a "Smi" or "not a Smi" deopt), and
 * compiled it again inside a reader's search (bench:scale's warm searches, --trace-deopt).
 */

export interface Highlighted {
  segments: Segment[];
  /** The query words (as given) found in the text. */
  matchedWords: string[];
  matchLevel: "none" | "partial" | "full";
  fullyHighlighted: boolean;
}

/** The query as the highlighter needs it: its words and the index terms a search matched. */
export interface HighlightQuery {
  /** Query words, folded (foldTerm), in order; the last one may be a prefix. */
  words: string[];
  /** The original query words, parallel to `words` (reported as matchedWords). */
  originals: string[];
  /** Folded index terms the search matched (exact, prefix or fuzzy). */
  terms: Set<string>;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Escaped text with matches wrapped in the given tags (which are trusted, as in Algolia). */
export function toTagged(segments: Segment[], pre: string, post: string): string {
  return segments.map((s) => (s.match ? `${pre}${escapeHtml(s.text)}${post}` : escapeHtml(s.text))).join("");
}

interface Span {
  start: number;
  end: number;
  /** Folded form that matched. */
  term: string;
}

type Word = { word: string; start: number; end: number };

interface Analysis {
  spans: Span[];
  /** The text's words: found with the spans, or when first asked for (a text without a match). */
  words: () => Word[];
  level: Pick<Highlighted, "matchedWords" | "matchLevel">;
}

/** Analyses per query, by text: a hit's attribute is highlighted and then snippeted. */
const analyses = new WeakMap<HighlightQuery, Map<string, Analysis>>();

function analyse(text: string, q: HighlightQuery): Analysis {
  let byText = analyses.get(q);
  if (!byText) analyses.set(q, (byText = new Map()));
  let a = byText.get(text);
  if (!a) {
    let words: Word[] | undefined;
    let spans: Span[] = [];
    const stems = stemsIn(text, q);
    if (stems === null || stems.length) ({ spans, words } = matchSpans(text, q, stems));
    a = { spans, words: () => (words ??= wordsOf(text)), level: levelOf(q, spans) };
    byText.set(text, a);
  }
  return a;
}

/**
 * Where the terms' stems occur in a text (start and end pairs), or null when any of its words may
 * match. Only the words holding a stem can match: a word matches a term when it (or a camelCase
 * part of it) folds to the term, and folding only lower-cases and cuts a plural ending ("ies" to
 * "y"), so the lower-cased word holds the term's stem (the term less a final "y"). For a text whose
 * words are ASCII, lower-casing keeps every position, and the stems' occurrences in the lower-cased
 * text say which words to fold: most texts of a hit (its other hierarchy levels) hold none, and a
 * matching one a few, instead of every word split, folded and cut into camelCase parts.
 */
function stemsIn(text: string, q: HighlightQuery): number[] | null {
  if (!hasAsciiWordsOnly(text)) return null;
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return null;
  const found: number[] = [];
  for (const term of q.terms) {
    const stem = term.endsWith("y") ? term.slice(0, -1) : term;
    if (!stem) return null;
    for (let at = lower.indexOf(stem); at >= 0; at = lower.indexOf(stem, at + 1)) found.push(at, at + stem.length);
  }
  return found;
}

/** The matched spans of a text: whole words, or the camelCase parts that matched (of the words holding a stem, when `stems` are given). */
function matchSpans(text: string, q: HighlightQuery, stems: number[] | null): { spans: Span[]; words: Word[] } {
  const spans: Span[] = [];
  const words = wordsOf(text);
  const candidates = stems && new Uint8Array(words.length);
  if (stems && candidates)
    for (let k = 0; k < stems.length; k += 2) {
      // The word holding the stem's occurrence, if one does.
      const i = wordEndingAfter(words, stems[k]!);
      const w = words[i];
      if (w && w.start <= stems[k]! && stems[k + 1]! <= w.end) candidates[i] = 1;
    }
  for (let i = 0; i < words.length; i++) {
    if (candidates && !candidates[i]) continue;
    const w = words[i]!;
    const whole = foldTerm(w.word);
    if (q.terms.has(whole)) {
      spans[spans.length] = { start: w.start, end: w.end, term: whole };
      continue;
    }
    let at = w.start;
    const parts = camelParts(w.word);
    for (let k = 0; k < parts.length; k++) {
      const folded = foldTerm(parts[k]!);
      if (q.terms.has(folded)) spans[spans.length] = { start: at, end: at + parts[k]!.length, term: folded };
      at += parts[k]!.length;
    }
  }
  return { spans, words };
}

/** The first of the words (in order) that ends after `pos`; the last one when none does. */
function wordEndingAfter(words: Word[], pos: number): number {
  let lo = 0;
  let hi = words.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.end > pos) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Typo tolerance in edits for a query word of this length (Algolia's: 1 from 4 letters, 2 from 8). */
export function typosAllowed(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

function relates(word: string, term: string, isLast: boolean): boolean {
  const typos = typosAllowed(word);
  return term === word || (isLast && term.startsWith(word)) || editDistance(word, term, typos) <= typos;
}

function levelOf(q: HighlightQuery, spans: Span[]): Pick<Highlighted, "matchedWords" | "matchLevel"> {
  const matched = new Set(spans.map((s) => s.term));
  const found: string[] = [];
  q.words.forEach((w, i) => {
    for (const t of matched) {
      if (relates(w, t, i === q.words.length - 1)) {
        found[found.length] = q.originals[i]!;
        break;
      }
    }
  });
  const matchLevel = found.length === 0 ? "none" : found.length === q.words.length ? "full" : "partial";
  return { matchedWords: found, matchLevel };
}

function cut(text: string, spans: Span[], from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let at = from;
  for (const s of spans) {
    if (s.end <= from || s.start >= to) continue;
    if (s.start > at) out[out.length] = { text: text.slice(at, s.start), match: false };
    out[out.length] = { text: text.slice(Math.max(s.start, at), Math.min(s.end, to)), match: true };
    at = Math.min(s.end, to);
  }
  if (at < to) out[out.length] = { text: text.slice(at, to), match: false };
  return out;
}

/** Whether each word is a whole span of its own (so there are at least as many spans as words). */
function everyWordWhole(words: Word[], spans: Span[]): boolean {
  if (words.length === 0 || spans.length < words.length) return false;
  const whole = new Set(spans.map((s) => `${s.start}:${s.end}`));
  return words.every((w) => whole.has(`${w.start}:${w.end}`));
}

/** The whole text, with the query's matches marked. */
export function highlight(text: string, q: HighlightQuery): Highlighted {
  const { spans, words, level } = analyse(text, q);
  // A text without spans is not: its words need not be split.
  const fullyHighlighted = spans.length > 0 && everyWordWhole(words(), spans);
  return { segments: cut(text, spans, 0, text.length), ...level, fullyHighlighted };
}

/**
 * About `size` words of the text around its best run of matches, with `ellipsis` where it was cut.
 *
 * @example snippet("… a long paragraph about the faucet …", q, 10, "…") // "…paragraph about the <faucet> …"
 */
export function snippet(text: string, q: HighlightQuery, size: number, ellipsis: string): Highlighted {
  const analysis = analyse(text, q);
  const { spans, level } = analysis;
  const words = analysis.words();
  if (words.length <= size) return { segments: cut(text, spans, 0, text.length), ...level, fullyHighlighted: false };
  const lead = Math.min(2, Math.floor(size / 4));
  let bestStart = 0;
  let bestCount = -1;
  for (const s of spans) {
    const start = Math.max(0, Math.min(wordEndingAfter(words, s.start) - lead, words.length - size));
    const end = words[start + size - 1]!.end;
    const count = spans.filter((x) => x.start >= words[start]!.start && x.end <= end).length;
    if (count > bestCount) {
      bestCount = count;
      bestStart = start;
    }
  }
  const last = bestStart + size - 1;
  const from = bestStart === 0 ? 0 : words[bestStart]!.start;
  const to = last >= words.length - 1 ? text.length : words[last]!.end;
  const segments = cut(text, spans, from, to);
  if (from > 0 && ellipsis) segments.unshift({ text: ellipsis, match: false });
  if (to < text.length && ellipsis) segments.push({ text: ellipsis, match: false });
  return { segments, ...level, fullyHighlighted: false };
}
