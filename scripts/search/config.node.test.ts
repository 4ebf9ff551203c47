/** The search section of content/site.yaml: local by default, Algolia by configuration only. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { FIXTURE_ROOT } from "../../test/helpers/temp-site";
import { formatIssues, siteConfigSchema } from "../../common/config/schema";

async function withSearch(search: unknown) {
  const raw = parse(await readFile(path.join(FIXTURE_ROOT, "content/site.yaml"), "utf8")) as Record<string, unknown>;
  const parsed = siteConfigSchema.safeParse({ ...raw, search });
  return parsed.success
    ? { config: parsed.data, error: null }
    : { config: null, error: formatIssues("content/site.yaml", parsed.error) };
}

describe("search configuration", () => {
  it("defaults to the embedded index, contextual search and the /search page", async () => {
    const { config } = await withSearch({});
    expect(config!.search).toEqual({
      provider: "local",
      appId: "",
      apiKey: "",
      indexName: "movementnetwork",
      contextualSearch: true,
      searchPagePath: "search",
      missingResultsUrl: "https://github.com/movementlabsxyz/movement-docs/issues/new",
    });
  });

  it("switches to Algolia with an app id, a public key and an index", async () => {
    const { config } = await withSearch({ provider: "algolia", appId: "APP", apiKey: "search-key", indexName: "docs" });
    expect(config!.search).toMatchObject({
      provider: "algolia",
      appId: "APP",
      apiKey: "search-key",
      indexName: "docs",
    });
    expect((await withSearch({ provider: "algolia" })).error).toMatch(
      /content\/site\.yaml: search: appId, apiKey .* required when provider is algolia/,
    );
  });

  it("rejects regular expressions that do not compile, naming the field", async () => {
    expect((await withSearch({ externalUrlRegex: "([" })).error).toMatch(
      /search\.externalUrlRegex: not a valid regular expression/,
    );
    expect((await withSearch({ replaceSearchResultPathname: { from: "(", to: "/" } })).error).toMatch(
      /search\.replaceSearchResultPathname\.from: not a valid/,
    );
  });
});
