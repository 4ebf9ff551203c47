/**
 * What a build hands out (SiteBuild), made from its stages' outputs: a manifest plus each page's
 * stored record (JSON), its Markdown twin and search records, held in memory. Writing it anywhere
 * is the caller's business (write.ts, scripts/publish).
 */
import type { Manifest } from "../../common/page";
import type { VersionConfig } from "../../common/versions";
import type { DerivedFile } from "./derived";
import type { ContentAsset } from "./images";
import type { KeptPage } from "./page-pass";
import { PageRecords } from "./page-records";
import { PageTextMap } from "./page-texts";
import type { StageName } from "./stages/clock";
import { assetsOf, type FinishedPages } from "./stages/finish-pages";
import type { SiteSearch } from "./stages/search-index";

export interface SiteBuild {
  buildId: string;
  manifest: Manifest;
  /** Each page's record as stored (JSON), by route, read when asked for. */
  values: PageTextMap;
  /** The same records, parsed when asked for. */
  pages: PageRecords;
  /** Content-addressed files pages refer to (images), by file name under /_assets/. */
  assets: Map<string, ContentAsset>;
  /** Search records (DocSearch shape, what Algolia gets) and the embedded index over them (what KV gets). */
  search: SiteSearch;
  warnings: string[];
  /** Files served at their `path`: the API description, the files for machines, the Markdown twins. */
  files: DerivedFile[];
  /** Printed like warnings but never fail the strict build: things resolved by design. */
  notices: string[];
  /** Pages compiled, pages finished (compiled or not), and pages taken whole from a cache. */
  work: FinishedPages["work"];
  /** Milliseconds each stage of the build took, by its name (stages/clock.ts). */
  phases: Record<StageName, number>;
  /** CPU milliseconds each stage took, every thread of the process together (stages/clock.ts). */
  phasesCpu: Record<StageName, number>;
  /** The docs version this is: the current one for a site's build, whose legacy versions are `versions`. */
  version: VersionConfig;
  /** The site's legacy docs versions, each built as a site of its own (served under its prefix). */
  versions: SiteBuild[];
  /** The ids each page defines (links from another version's pages are checked against them). */
  anchors: Map<string, Set<string>>;
}

export function siteBuildOf(
  parts: Pick<
    SiteBuild,
    | "buildId"
    | "manifest"
    | "search"
    | "warnings"
    | "files"
    | "notices"
    | "work"
    | "phases"
    | "phasesCpu"
    | "version"
    | "anchors"
  > & {
    pages: KeptPage[];
  },
): SiteBuild {
  const { pages, ...rest } = parts;
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  return {
    ...rest,
    values: new PageTextMap(byRoute, "value"),
    pages: new PageRecords(byRoute),
    assets: assetsOf(pages),
    versions: [],
  };
}
