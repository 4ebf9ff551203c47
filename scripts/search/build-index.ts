/**
 * The embedded search index: the records (packed) plus a MiniSearch index over them, as one JSON
 * document the publisher stores in KV (kvKeys.searchIndex) and the worker loads once per build.
 */
import MiniSearch from "minisearch";
import { indexedDocument, miniSearchOptions, packRecords, type SearchIndexFile, type SearchRecord } from "../../client/contracts/search";

export function buildSearchIndex(records: SearchRecord[], siteUrl: string): SearchIndexFile {
  const mini = new MiniSearch(miniSearchOptions);
  mini.addAll(records.map(indexedDocument));
  return { version: 2, ...packRecords(records, siteUrl), index: mini.toJSON() };
}
