/**
 * The embedded search index: the records (packed) plus a MiniSearch index over them, as one JSON
 * document the publisher stores in KV (kvKeys.searchIndex) and the worker loads once per build.
 */
import MiniSearch from "minisearch";
import {
  indexedDocument,
  indexTokens,
  miniSearchOptions,
  packRecords,
  type SearchIndexFile,
  type SearchRecord,
  type Synonym,
} from "../../client/contracts/search";

/** `tokens` (watch mode) keeps the tokens of each text between builds; the index is the same. */
export function buildSearchIndex(
  records: SearchRecord[],
  siteUrl: string,
  tokens?: { get(text: string): string[] | undefined; set(text: string, value: string[]): void },
  synonyms: Synonym[] = [],
): SearchIndexFile {
  const tokenize = miniSearchOptions.tokenize ?? indexTokens;
  const memoised = (text: string) => {
    let hit = tokens!.get(text);
    if (!hit) tokens!.set(text, (hit = tokenize(text)));
    return hit;
  };
  const mini = new MiniSearch(tokens ? { ...miniSearchOptions, tokenize: memoised } : miniSearchOptions);
  mini.addAll(records.map(indexedDocument));
  return {
    version: 2,
    ...packRecords(records, siteUrl),
    index: mini.toJSON(),
    ...(synonyms.length ? { synonyms } : {}),
  };
}
