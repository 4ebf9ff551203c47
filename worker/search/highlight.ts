/**
 * Highlighting and snippets on the server. Text is cut into segments (matched or not); the
 * endpoint turns them into escaped HTML with the caller's tags, the search page into <mark>s.
 */
import { camelParts, foldTerm, wordsOf, type HighlightSegment } from "../../client/contracts/search";

export type Segment = HighlightSegment;

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

interface Analysis {
  spans: Span[];
  words: { start: number; end: number }[];
  level: Pick<Highlighted, "matchedWords" | "matchLevel">;
}

/** Analyses per query, by text: a hit's attribute is highlighted and then snippeted. */
const analyses = new WeakMap<HighlightQuery, Map<string, Analysis>>();

function analyse(text: string, q: HighlightQuery): Analysis {
  let byText = analyses.get(q);
  if (!byText) analyses.set(q, (byText = new Map()));
  let a = byText.get(text);
  if (!a) {
    const { spans, words } = matchSpans(text, q);
    a = { spans, words, level: levelOf(q, spans) };
    byText.set(text, a);
  }
  return a;
}

/** The matched spans of a text: whole words, or the camelCase parts that matched. */
function matchSpans(text: string, q: HighlightQuery): { spans: Span[]; words: { start: number; end: number }[] } {
  const spans: Span[] = [];
  const words = wordsOf(text);
  for (const w of words) {
    const whole = foldTerm(w.word);
    if (q.terms.has(whole)) {
      spans.push({ start: w.start, end: w.end, term: whole });
      continue;
    }
    let at = w.start;
    for (const part of camelParts(w.word)) {
      const folded = foldTerm(part);
      if (q.terms.has(folded)) spans.push({ start: at, end: at + part.length, term: folded });
      at += part.length;
    }
  }
  return { spans, words };
}

/** Edit distance, stopping early past `max`. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]!);
    }
    if (best > max) return false;
    prev = row;
  }
  return prev[b.length]! <= max;
}

/** Typo tolerance in edits for a query word of this length (Algolia's: 1 from 4 letters, 2 from 8). */
export function typosAllowed(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

function relates(word: string, term: string, isLast: boolean): boolean {
  return term === word || (isLast && term.startsWith(word)) || withinEdits(word, term, typosAllowed(word));
}

function levelOf(q: HighlightQuery, spans: Span[]): Pick<Highlighted, "matchedWords" | "matchLevel"> {
  const matched = new Set(spans.map((s) => s.term));
  const found: string[] = [];
  q.words.forEach((w, i) => {
    for (const t of matched) {
      if (relates(w, t, i === q.words.length - 1)) {
        found.push(q.originals[i]!);
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
    if (s.start > at) out.push({ text: text.slice(at, s.start), match: false });
    out.push({ text: text.slice(Math.max(s.start, at), Math.min(s.end, to)), match: true });
    at = Math.min(s.end, to);
  }
  if (at < to) out.push({ text: text.slice(at, to), match: false });
  return out;
}

/** The whole text, with the query's matches marked. */
export function highlight(text: string, q: HighlightQuery): Highlighted {
  const { spans, words, level } = analyse(text, q);
  const whole = new Set(spans.map((s) => `${s.start}:${s.end}`));
  const fullyHighlighted = words.length > 0 && words.every((w) => whole.has(`${w.start}:${w.end}`));
  return { segments: cut(text, spans, 0, text.length), ...level, fullyHighlighted };
}

/**
 * About `size` words of the text around its best run of matches, with `ellipsis` where it was cut.
 *
 * @example snippet("… a long paragraph about the faucet …", q, 10, "…") // "…paragraph about the <faucet> …"
 */
export function snippet(text: string, q: HighlightQuery, size: number, ellipsis: string): Highlighted {
  const { spans, words, level } = analyse(text, q);
  if (words.length <= size) return { segments: cut(text, spans, 0, text.length), ...level, fullyHighlighted: false };
  const wordIndex = (pos: number) => {
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (words[mid]!.end > pos) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const lead = Math.min(2, Math.floor(size / 4));
  let bestStart = 0;
  let bestCount = -1;
  for (const s of spans) {
    const start = Math.max(0, Math.min(wordIndex(s.start) - lead, words.length - size));
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
