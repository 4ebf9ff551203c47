/**
 * `npm run search:push [-- --dry-run]`: builds the content and replaces the records of an Algolia
 * index with the build's search records (the same records the embedded index serves), with
 * DocSearch's index settings and the synonyms of content/search/synonyms.json. Then `search.provider: algolia` in content/site.yaml (with the app id
 * and the public search key) makes the site query that index instead. Credentials come from the
 * environment: ALGOLIA_APP_ID, ALGOLIA_ADMIN_KEY (never the public key) and ALGOLIA_INDEX.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { algoliasearch, type Algoliasearch, type IndexSettings } from "algoliasearch";

type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>;
import type { SearchRecord, Synonym } from "../../common/search";
import { loadSynonyms } from "./synonyms";

/** DocSearch's settings for Docusaurus-shaped records, plus our hidden keywords (API operation ids). */
export const DOCSEARCH_SETTINGS: IndexSettings = {
  searchableAttributes: [
    "unordered(hierarchy.lvl0)",
    "unordered(hierarchy.lvl1)",
    "unordered(keywords)",
    "unordered(hierarchy.lvl2)",
    "unordered(hierarchy.lvl3)",
    "unordered(hierarchy.lvl4)",
    "unordered(hierarchy.lvl5)",
    "unordered(hierarchy.lvl6)",
    "content",
  ],
  attributesForFaceting: ["type", "language", "docusaurus_tag"],
  // The modal asks for one hit per URL (`distinct: true`), as the embedded engine answers it.
  attributeForDistinct: "url",
  attributesToRetrieve: ["hierarchy", "content", "anchor", "url", "url_without_anchor", "type"],
  attributesToHighlight: ["hierarchy", "content"],
  attributesToSnippet: ["content:10"],
  camelCaseAttributes: ["hierarchy", "content"],
  customRanking: ["desc(weight.pageRank)", "desc(weight.level)", "asc(weight.position)"],
  ranking: ["words", "filters", "typo", "attribute", "proximity", "exact", "custom"],
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  ignorePlurals: true,
  separatorsToIndex: "_",
  // What the embedded engine does too: stop words out, every word optional when all of them find nothing.
  queryLanguages: ["en"],
  removeStopWords: ["en"],
  removeWordsIfNoResults: "allOptional",
};

export interface PushOptions {
  appId: string;
  adminKey: string;
  indexName: string;
  /** Client options; tests pass a fake requester so nothing reaches the network. */
  clientOptions?: ClientOptions;
}

export interface PushResult {
  indexName: string;
  records: number;
  synonyms: number;
}

/**
 * Sets the settings and the site's synonyms (replacing the index's), then swaps in the records
 * atomically (Algolia's replaceAllObjects copies settings and synonyms to a temp index, fills it, then moves it).
 */
export async function pushRecords(
  records: SearchRecord[],
  options: PushOptions,
  synonyms: Synonym[] = [],
): Promise<PushResult> {
  const client: Algoliasearch = algoliasearch(options.appId, options.adminKey, options.clientOptions);
  const { taskID } = await client.setSettings({ indexName: options.indexName, indexSettings: DOCSEARCH_SETTINGS });
  await client.waitForTask({ indexName: options.indexName, taskID });
  const saved = await client.saveSynonyms({
    indexName: options.indexName,
    synonymHit: synonyms,
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({ indexName: options.indexName, taskID: saved.taskID });
  await client.replaceAllObjects({
    indexName: options.indexName,
    objects: records as unknown as Record<string, unknown>[],
    batchSize: 1000,
  });
  return { indexName: options.indexName, records: records.length, synonyms: synonyms.length };
}

/** Reads the credentials; a missing one is an error that names it. */
export function credentialsFromEnv(env: NodeJS.ProcessEnv): { appId: string; adminKey: string; indexName: string } {
  const wanted = { appId: "ALGOLIA_APP_ID", adminKey: "ALGOLIA_ADMIN_KEY", indexName: "ALGOLIA_INDEX" } as const;
  const missing = Object.values(wanted).filter((name) => !env[name]);
  if (missing.length)
    throw new Error(`set ${missing.join(", ")} (the Algolia app id, an admin API key and the index name)`);
  return { appId: env.ALGOLIA_APP_ID!, adminKey: env.ALGOLIA_ADMIN_KEY!, indexName: env.ALGOLIA_INDEX! };
}

async function main(): Promise<void> {
  const { buildSite } = await import("../build/build");
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  // An unknown option is an error that names it (parseArgs is strict by default).
  const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } });
  const dryRun = values["dry-run"];
  const credentials = dryRun ? null : credentialsFromEnv(process.env);
  const build = await buildSite({ root, warn: (m) => console.warn(`warning: ${m}`) });
  const records = build.search.records;
  const synonyms = await loadSynonyms(root);
  if (!credentials) {
    console.log(
      `dry run: build ${build.buildId} has ${records.length} search records and ${synonyms.length} synonyms; nothing pushed`,
    );
    return;
  }
  const result = await pushRecords(records, credentials, synonyms);
  console.log(
    `pushed ${result.records} records and ${result.synonyms} synonyms of build ${build.buildId} to Algolia index ${result.indexName}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error((e as Error).message);
    process.exit(1);
  });
}
