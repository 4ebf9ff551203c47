/**
 * Stage "buildId": the build's id, a digest of everything it serves: the routes, sidebars,
 * redirects and configuration, each page record (by the digest made with the page), and the search
 * synonyms, the store format, and the version of the code that made them (scripts/build/code-version.ts).
 * The same content built by the same code gives the same id, so publishing it again writes nothing;
 * the same content built by other code (a search record with another field, another index layout)
 * is another build, or a publish after a code change would keep serving what the old code made.
 */
import { createHash } from "node:crypto";
import type { Synonym } from "../../../common/search";
import { STORE_FORMAT } from "../../../common/store-format";
import { codeVersion } from "../code-version";
import type { KeptPage } from "../page-pass";

/**
 * `covered` is BuiltContext.covered. `variant` names a build that differs from the usual one made
 * of the same content (npm run dev's page-first build, which keeps the last search index).
 */
export function buildIdOf(covered: string, pages: KeptPage[], synonyms: Synonym[], variant?: string): string {
  const hash = createHash("sha256");
  hash.update(covered);
  // One string of every page's route and digest in code-unit order: a locale-aware sort and an
  // update per page cost far more on a large site.
  hash.update(
    pages
      .map((p) => `${p.route}\0${p.digest}`)
      .sort()
      .join("\n"),
  );
  hash.update(JSON.stringify(synonyms));
  // A build stored in another format is another build: publishing the same content in a new
  // format must not overwrite build/<id>/… of the build a worker of the old format serves.
  hash.update(`\0store format ${STORE_FORMAT}\0code ${codeVersion()}`);
  if (variant !== undefined) hash.update(`\0${variant}`);
  return hash.digest("hex").slice(0, 12);
}
