/**
 * A compiled page made into what the build stores and serves, one page at a time (on a build
 * thread, or in the build's own): DocCardList items, network facts, images, links rewritten, the
 * page record and its exact stored value and digest, the Markdown twin, the search records, the ids
 * other pages' anchors may point at. Everything it reads of the rest of the site is in the
 * SiteContext, and `finishKey` digests exactly the parts of it one page reads (its place in its
 * sidebar, where its links lead, the section's cards if it has any, the network table if it cites
 * it), so that a page whose key is unchanged is taken from the cache as it was finished before,
 * even when other pages were added, renamed or retitled.
 */
import { createHash } from "node:crypto";
import { publicSiteUrl } from "../../common/base-url";
import type { PageLink, PageRecord, RouteEntry } from "../../common/page";
import type { SearchRecord } from "../../common/search";
import type { SiteConfig, SidebarId } from "../../common/site-config";
import { isElement, type TreeNode } from "../../common/tree";
import { walkElements } from "../../common/tree-walk";
import { searchRecordsOf } from "../search/records";
import { blobDigest, pageRecordValue } from "./blobs";
import { fillDocCards } from "./cards";
import { processImages } from "./images";
import { anchorsOf, linksOf, resolveLink, rewriteLinks, type AnchorCheck, type LinkTargets } from "./links";
import { pageToMarkdown } from "./markdown";
import { fillNetworkFacts, type NetworkTable } from "../../common/build/networks";
import type { BuiltPage } from "../../common/build/pages";
import { sidebarPlaces, type SidebarPlaces, type Sidebars } from "./sidebars";
import { tocOf } from "./toc";

/** What finishing a page may read of the site: plain data, sent once to each build thread. */
export interface SiteContext {
  config: SiteConfig;
  sidebars: Sidebars;
  routes: Record<string, RouteEntry>;
  /** Category index route → the category's description (_category_.json). */
  categoryDescriptions: Record<string, string>;
  networks: NetworkTable;
  /** Link targets besides routes: the API reference's downloadable files. */
  files: string[];
  /** Source file (relative to content/docs) → route. */
  sources: Record<string, string>;
  redirects: Record<string, string>;
  dirs: { docs: string; publicDir: string };
}

/** The context with its lookups made once (per thread, per build). */
export interface Prepared {
  site: SiteContext;
  links: LinkTargets;
  places: Map<SidebarId, SidebarPlaces>;
  categoryDescriptions: Map<string, string>;
  /** Digests of the parts few pages read, made when first asked. */
  digest: (part: "config" | "networks" | `cards:${string}`) => string;
}

const sha = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** Prepared contexts by the object they were made from: the build and its own thread share one. */
const preparedOf = new WeakMap<SiteContext, Prepared>();

/** The context's lookups, made once per context object (a build hands the same one to its own thread). */
export function prepare(site: SiteContext): Prepared {
  let prepared = preparedOf.get(site);
  if (!prepared) preparedOf.set(site, (prepared = prepareNow(site)));
  return prepared;
}

function prepareNow(site: SiteContext): Prepared {
  const digests = new Map<string, string>();
  return {
    site,
    links: {
      routes: new Set([...Object.keys(site.routes), ...site.files]),
      files: new Map(Object.entries(site.sources)),
      redirects: new Map(Object.entries(site.redirects)),
    },
    places: new Map(Object.entries(site.sidebars).map(([id, items]) => [id, sidebarPlaces(items)])),
    categoryDescriptions: new Map(Object.entries(site.categoryDescriptions)),
    digest(part) {
      let d = digests.get(part);
      if (d === undefined) {
        const value =
          part === "config"
            ? site.config
            : part === "networks"
              ? site.networks
              : [site.sidebars[part.slice(6)], site.routes, site.categoryDescriptions];
        digests.set(part, (d = sha(JSON.stringify(value))));
      }
      return d;
    },
  };
}

/** What the finishing of a page depends on in its compiled tree, noted when it is compiled. */
export interface PageSummary {
  links: string[];
  cards: boolean;
  facts: boolean;
  images: boolean;
}

export function summaryOf(tree: TreeNode[]): PageSummary {
  const summary: PageSummary = { links: linksOf(tree), cards: false, facts: false, images: false };
  walkElements(tree, (el) => {
    if (el[0] === "DocCardList") summary.cards = true;
    else if (el[0] === "NetworkFact" || el[0] === "NetworkTable") summary.facts = true;
    else if (el[0] === "img") summary.images = true;
  });
  return summary;
}

/** A page to finish, without its tree. */
export type PageInfo = Omit<BuiltPage, "tree">;

/** Where a page sits in its sidebar: what its record shows around it. */
function placeOf(
  page: PageInfo,
  prepared: Prepared,
): { breadcrumbs: PageLink[]; prev: PageLink | null; next: PageLink | null } {
  const places = page.sidebar ? prepared.places.get(page.sidebar) : undefined;
  if (!places) return { breadcrumbs: [], prev: null, next: null };
  const order = places.order;
  const at = places.index.get(page.route) ?? -1;
  return {
    breadcrumbs: places.trails.get(page.route) ?? [{ label: page.title, href: page.route }],
    prev: at > 0 ? order[at - 1]! : null,
    next: at >= 0 && at < order.length - 1 ? order[at + 1]! : null,
  };
}

/**
 * The key of a finished page: its compiled tree's key, the page's own fields, and the parts of the
 * site it reads. A page with images has none (its files may change without its text): null.
 */
export function finishKey(treeKey: string, page: PageInfo, summary: PageSummary, prepared: Prepared): string | null {
  if (summary.images) return null;
  const links = summary.links.map((href) => {
    const link = resolveLink(href, page, prepared.links);
    return link === null ? 0 : "broken" in link ? 1 : link.rewritten;
  });
  return sha(
    JSON.stringify([
      treeKey,
      page,
      prepared.digest("config"),
      placeOf(page, prepared),
      links,
      summary.cards ? prepared.digest(`cards:${page.sidebar}`) : 0,
      summary.facts ? prepared.digest("networks") : 0,
    ]),
  );
}

/** A page as the build keeps it: the stored record's value, and what else the site needs of the page. */
export interface FinishedPage {
  route: string;
  /** The page record as stored (JSON), its digest and UTF-8 bytes. */
  value: string;
  digest: string;
  valueBytes: number;
  markdown: string;
  /** The twin's digest (blobDigest) and UTF-8 bytes, known without reading it again. */
  markdownDigest: string;
  markdownBytes: number;
  records: SearchRecord[];
  /** Ids defined on the page. */
  anchors: string[];
  /** Links to anchors, checked when every page's ids are known. */
  anchorChecks: AnchorCheck[];
  warnings: string[];
  /** Images the page shows from beside its source (never cached: see finishKey). */
  assets: { name: string; contentType: string; body: Uint8Array }[];
}

/** Finishes one page (its tree is changed in place), or gives the errors that fail the build. */
export async function finishPage(
  page: BuiltPage,
  prepared: Prepared,
): Promise<{ page: FinishedPage } | { errors: string[]; warnings: string[] }> {
  const { site } = prepared;
  const errors: string[] = [];
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  fillDocCards([page], site.sidebars, site.routes, prepared.categoryDescriptions, (m) => errors.push(m));
  fillNetworkFacts([page], site.networks, (m) => errors.push(m));
  if (errors.length) return { errors, warnings };
  const assets = await processImages([page], site.dirs, warn);
  const anchorChecks = rewriteLinks(page, prepared.links, warn);
  const value = pageRecordValue(toRecord(page, placeOf(page, prepared), site.config.editUrl));
  const markdown = pageToMarkdown(page.title, page.description, page.tree, {
    siteUrl: publicSiteUrl(site.config),
    route: page.route,
  });
  return {
    page: {
      route: page.route,
      value,
      digest: blobDigest(value),
      valueBytes: Buffer.byteLength(value),
      markdown,
      markdownDigest: blobDigest(markdown),
      markdownBytes: Buffer.byteLength(markdown),
      records: searchRecordsOf(page, site.config),
      anchors: [...anchorsOf(page.tree)],
      anchorChecks,
      warnings,
      assets: [...assets].map(([name, a]) => ({ name, contentType: a.contentType, body: a.body })),
    },
  };
}

function toRecord(page: BuiltPage, place: ReturnType<typeof placeOf>, editUrl: string | null): PageRecord {
  const first = page.tree.find((n) => isElement(n) || (typeof n === "string" && n.trim() !== ""));
  return {
    route: page.route,
    title: page.title,
    description: page.description,
    sidebar: page.sidebar,
    ...place,
    toc: tocOf(page.tree),
    hasTitleHeading: isElement(first) && first[0] === "h1",
    editUrl: editUrl && page.source ? `${editUrl}/${page.source}` : null,
    tree: page.tree,
  };
}
