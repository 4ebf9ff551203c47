/** The records one build writes: a page record per route and one manifest. */
import { formatSuffix, STORE_FORMAT } from "./store-format";
import type { SiteConfig, SidebarId } from "./site-config";
import type { TreeNode } from "./tree";

export interface SidebarLink {
  type: "link";
  label: string;
  href: string;
  /** Small label drawn before the text, e.g. the HTTP method of an API operation. */
  badge?: string;
}

export interface SidebarCategory {
  type: "category";
  label: string;
  /** The category's own index page, when it has one. */
  href?: string;
  collapsed: boolean;
  items: SidebarItem[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
}

export interface PageLink {
  label: string;
  href: string;
}

export interface PageRecord {
  route: string;
  title: string;
  description: string;
  sidebar: SidebarId | null;
  breadcrumbs: PageLink[];
  prev: PageLink | null;
  next: PageLink | null;
  toc: TocEntry[];
  /** Whether the tree starts with its own h1; when false the layout prints the title. */
  hasTitleHeading: boolean;
  editUrl: string | null;
  tree: TreeNode[];
}

export interface RouteEntry {
  title: string;
  description: string;
  sidebar: SidebarId | null;
  /** The page on the same subject in other docs versions, by version name, where it is not at the same route (frontmatter `counterparts`). */
  counterparts?: Record<string, string>;
}

export interface Manifest {
  buildId: string;
  builtAt: string;
  routes: Record<string, RouteEntry>;
  sidebars: Record<SidebarId, SidebarItem[]>;
  redirects: Record<string, string>;
  config: SiteConfig;
  /** Paths of the build's files other than Markdown twins (sitemap.xml, llms.txt, the API document…). */
  files: string[];
  /**
   * Where each page record and file is stored: route or file path → digest of the stored value
   * (KV key kvKeys.blob(digest)). Values are content-addressed, so a build that changes one page
   * writes one new page record and shares every other with the builds before it.
   */
  blobs: { pages: Record<string, string>; files: Record<string, string> };
}

/** KV key names of one build; the ContentStore and the publisher are the only users. */
export const kvKeys = {
  /** The build a channel serves, for code that reads `format` (common/store-format.ts). */
  channel: (name: string, format = STORE_FORMAT) => `channel/${name}${formatSuffix(format)}`,
  manifest: (buildId: string) => `build/${buildId}/manifest`,
  /** A page record or a file, content-addressed: the manifest's `blobs` maps routes and paths to digests. */
  blob: (digest: string) => `blob/${digest}`,
  /** Content-addressed (name = hash.ext), so shared by every build that uses the file. */
  asset: (name: string) => `asset/${name}`,
  /** The search index's root (common/search-index.ts); its pieces and segments are blobs. */
  searchIndex: (buildId: string) => `build/${buildId}/search/index`,
  /** Names of the content assets the build refers to, for garbage collection. */
  buildAssets: (buildId: string) => `build/${buildId}/assets`,
  /** The builds a channel has pointed at, oldest first (JSON PublishRecord[]). */
  history: (channel: string, format = STORE_FORMAT) => `history/${channel}${formatSuffix(format)}`,
} as const;

/**
 * How long an isolate of a deployed worker serves the channel pointer it read before reading it
 * again, unless the deployment's POINTER_RECHECK_MS var says otherwise: a second. KV already lets a
 * location serve a pointer up to 30 seconds old (the pointer's cacheTtl), so a publish reaches readers
 * about as soon as before; a busy isolate reads the pointer once a second instead of once a request
 * (each read counts against KV's read quota, 100,000 a day on the free plan, and costs CPU).
 */
export const POINTER_RECHECK_MS = 1000;

export interface PublishRecord {
  buildId: string;
  at: string;
}
