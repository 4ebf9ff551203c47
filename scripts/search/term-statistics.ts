/**
 * The term statistics the search index is built from, computed as MiniSearch computes them when it
 * adds documents (common/search.ts's miniSearchOptions): each field's tokens, a field's
 * length as its number of distinct tokens, MiniSearch's running average of those lengths, and each
 * folded term counted per record and field. They are kept as one flat list of numbers per term
 * rather than MiniSearch's maps of maps and its serialised copy: a site of 10,000 pages has
 * millions of (term, record, field) entries, and the build must hold them all at once.
 */
import {
  foldTerm,
  indexedDocument,
  indexTokens,
  miniSearchOptions,
  type IndexedDocument,
  type SearchRecord,
} from "../../common/search";

export interface TermStatistics {
  /** Field names in MiniSearch's field id order. */
  fields: string[];
  /**
   * Each term's entries as a flat [slot, count, …] list in ascending slot order, where
   * slot = record × fields.length + field (record being the position in the records given).
   */
  terms: Map<string, number[]>;
  /** Distinct tokens of each record's field, by slot. */
  fieldLength: Uint32Array;
  /** MiniSearch's average field length, by field. */
  averageFieldLength: number[];
}

/** Fields whose texts repeat across records: a page's headings, which its records carry as titles and parents. */
const REPEATED: ReadonlySet<string> = new Set(["title", "parents"]);

/** A field's text as the statistics use it: its folded terms (in token order) and its length. */
interface Analysed {
  terms: string[];
  length: number;
}

export function termStatistics(
  records: SearchRecord[],
  tokenize: (text: string, fieldName: string) => string[] = indexTokens,
): TermStatistics {
  const fields = miniSearchOptions.fields! as (keyof IndexedDocument)[];
  const width = fields.length;
  const terms = new Map<string, number[]>();
  const fieldLength = new Uint32Array(records.length * width);
  const averageFieldLength: number[] = [];
  const analyse = (text: string, field: string): Analysed => {
    const tokens = tokenize(text, field);
    const folded: string[] = [];
    for (const token of tokens) {
      const term = foldTerm(token);
      if (term) folded.push(term);
    }
    return { terms: folded, length: new Set(tokens).size };
  };
  // Each distinct text of a repeated field is analysed once.
  const memo = fields.map((f) => (REPEATED.has(f) ? new Map<string, Analysed>() : null));
  records.forEach((record, id) => {
    const document = indexedDocument(record, id);
    for (let f = 0; f < width; f++) {
      const value = document[fields[f]!];
      if (value === null || value === undefined) continue;
      const text = String(value);
      const seen = memo[f];
      let analysed = seen?.get(text);
      if (!analysed) {
        analysed = analyse(text, fields[f]!);
        seen?.set(text, analysed);
      }
      const slot = id * width + f;
      const { length } = analysed;
      fieldLength[slot] = length;
      // MiniSearch's running mean, in its order of operations (so the figures are the same).
      averageFieldLength[f] = ((averageFieldLength[f] || 0) * id + length) / (id + 1);
      for (const term of analysed.terms) {
        let list = terms.get(term);
        if (!list) terms.set(term, (list = []));
        const n = list.length;
        if (n && list[n - 2] === slot) list[n - 1]!++;
        else list.push(slot, 1);
      }
    }
  });
  return { fields: fields as string[], terms, fieldLength, averageFieldLength };
}
