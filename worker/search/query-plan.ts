/**
 * From typed words to what the engine matches: stop words dropped, synonyms attached, and one
 * "slot" per word (or per phrase that has synonyms). A record's rank starts with how many slots it
 * matches, so results with every word come first and partial matches follow (Algolia's ranking with
 * removeWordsIfNoResults: allOptional).
 */
import type { Query } from "minisearch";
import { camelParts, foldTerm, type SynonymTable } from "../../common/search";
import { typosAllowed } from "./highlight";
import { STOP_WORDS } from "./stop-words";

/** A word shorter than this, typed last, is completed from headings only (a whole-index prefix scan is slow and noisy). */
const SHORT_PREFIX = 3;
/** Words at least this long that the index does not know also match as prefixes anywhere in the query ("typescr sdk"). */
const INNER_PREFIX = 5;

export interface Slot {
  /** The words of the query this slot stands for, as typed. */
  originals: string[];
  /** Every query term that counts as matching this slot (folded). */
  terms: Set<string>;
  query: Query;
}

/** Is this folded word a term of the index? Known words match as typed; typo tolerance is for the others. */
export type KnownTerm = (term: string) => boolean;

/** Swapping two neighbouring letters is one typo for Algolia; MiniSearch's edit distance counts two. */
function transpositions(word: string, known: KnownTerm): string[] {
  if (typosAllowed(word) === 0) return [];
  const out = new Set<string>();
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (known(swapped)) out.add(swapped);
  }
  return [...out];
}

function wordQuery(original: string, isLast: boolean, terms: Set<string>, known: KnownTerm): Query {
  const word = foldTerm(original);
  const isKnown = known(word);
  terms.add(word);
  const alternatives: Query[] = [];
  if (isLast && word.length < SHORT_PREFIX) {
    alternatives.push({ queries: [word], prefix: false, fuzzy: false });
    alternatives.push({ queries: [word], prefix: true, fuzzy: false, fields: ["title", "keywords"] });
  } else {
    alternatives.push({
      queries: [word],
      prefix: isLast || (!isKnown && word.length >= INNER_PREFIX),
      fuzzy: (!isKnown && typosAllowed(word)) || false,
    });
    const swapped = isKnown ? [] : transpositions(word, known);
    if (swapped.length) {
      alternatives.push({ queries: swapped, prefix: false, fuzzy: false });
      for (const t of swapped) terms.add(t);
    }
  }
  const parts = camelParts(original).map(foldTerm);
  if (parts.length) {
    alternatives.push({
      combineWith: "AND",
      queries: parts.map((p, i) => ({ queries: [p], prefix: isLast && i === parts.length - 1, fuzzy: false })),
    });
    for (const p of parts) terms.add(p);
  }
  return alternatives.length === 1 ? alternatives[0]! : { combineWith: "OR", queries: alternatives };
}

/** The words that take part in matching: stop words out, unless that would leave nothing. */
export function meaningfulWords(originals: string[]): string[] {
  const kept = originals.filter((w) => !STOP_WORDS.has(w.toLowerCase()));
  return kept.length ? kept : originals;
}

/** The slots of a query (see the module comment), longest synonym phrase first. */
export function planQuery(originals: string[], synonyms: SynonymTable, known: KnownTerm): Slot[] {
  const words = meaningfulWords(originals);
  const folded = words.map(foldTerm);
  const slots: Slot[] = [];
  for (let i = 0; i < words.length;) {
    let span = 0;
    let alternatives: string[][] = [];
    for (let j = Math.min(words.length, i + 3); j > i; j--) {
      const found = synonyms.get(folded.slice(i, j).join(" "));
      if (found) {
        span = j - i;
        alternatives = found;
        break;
      }
    }
    const count = Math.max(span, 1);
    const terms = new Set<string>();
    const own = words.slice(i, i + count).map((w, k) => wordQuery(w, i + k === words.length - 1, terms, known));
    const queries: Query[] = [own.length === 1 ? own[0]! : { combineWith: "AND", queries: own }];
    for (const alt of alternatives) {
      for (const t of alt) terms.add(t);
      queries.push({ combineWith: "AND", queries: alt.map((t) => ({ queries: [t], prefix: false, fuzzy: false })) });
    }
    slots.push({
      originals: words.slice(i, i + count),
      terms,
      query: queries.length === 1 ? queries[0]! : { combineWith: "OR", queries },
    });
    i += count;
  }
  return slots;
}
