/**
 * What the MCP tools and resources read: the channel's live build, loaded once per request (the
 * channel pointer, then the memoised manifest), its pages' Markdown twins and files. Free of the
 * MCP SDK, so the route module can use it before the SDK is loaded.
 */
import { publicSiteUrl } from "../../common/base-url";
import { versionText } from "../../common/versions";
import { markdownPathOf, routeOfMarkdownPath } from "../../common/markdown-path";
import type { TocEntry } from "../../common/page";
import { ContentCorrupt, type BuildManifest, type ContentStore } from "../content-store";
import { log } from "../log";
import { sectionsOf, type Section } from "./sections";

/** A problem the caller can fix or retry (bad path, unknown id): shown to the model as a tool error. */
export class ToolFailure extends Error {
  override name = "ToolFailure";
}

export interface Live {
  buildId: string;
  manifest: BuildManifest;
}

export class LiveDocs {
  private live: Promise<Live> | undefined;

  /** `version`: the docs version read (site.yaml `versions`); the current one when not given. */
  constructor(
    readonly store: ContentStore,
    readonly version?: string,
  ) {}

  /** The same live build in docs version `name` (the current one for undefined). */
  inVersion(name: string | undefined): LiveDocs {
    return name === this.version ? this : new LiveDocs(this.store, name);
  }

  build(): Promise<Live> {
    return (this.live ??= this.store.liveBuildId().then(async (buildId) => {
      const manifest = await this.store.manifest(buildId);
      if (this.version === undefined) return { buildId, manifest };
      const shown = await manifest.inVersion(this.version);
      if (!shown)
        throw new ToolFailure(
          `No docs version is named "${this.version.slice(0, 64)}". The versions are: ${manifest.versions.map((v) => `"${v.name}" (${v.label})`).join(", ")}`,
        );
      return { buildId, manifest: shown };
    }));
  }

  /** The site's public URL without a trailing slash (page URLs are this plus the route), with the docs version's prefix. */
  async siteUrl(): Promise<string> {
    const { manifest } = await this.build();
    return publicSiteUrl(manifest.config) + manifest.version.prefix.replace(/\/$/, "");
  }

  /** The route a reader or model means, and the anchor after its `#` (empty when none): see routeOf. */
  async locate(input: string): Promise<{ route: string; anchor: string }> {
    const hash = /#([^#]*)$/.exec(input.trim())?.[1] ?? "";
    let anchor: string;
    try {
      anchor = decodeURIComponent(hash);
    } catch {
      anchor = hash;
    }
    return { route: await this.routeOf(input), anchor };
  }

  /**
   * The route a reader or model means: a route (`/devs/faq`), the same without the leading slash,
   * a public page URL, its Markdown twin (`…/faq.md`) or `docs://<route>`; a query or hash is ignored.
   */
  async routeOf(input: string): Promise<string> {
    const { manifest } = await this.build();
    const site = await this.siteUrl();
    let path = input.trim();
    if (path.startsWith(`${site}/`) || path === site) path = path.slice(site.length);
    else if (path.startsWith("docs://")) path = path.slice("docs://".length);
    else if (/^[a-z][a-z0-9+.-]*:/i.test(path))
      throw new ToolFailure(`"${input}" is not an address of this site (${site})`);
    path = path.replace(/[?#].*$/s, "");
    if (!path.startsWith("/")) path = `/${path}`;
    path = path.replace(/\/{2,}/g, "/");
    const twinOf = routeOfMarkdownPath(path);
    const candidates = [twinOf ?? path, ...(twinOf ? [] : [path.endsWith("/") ? path.slice(0, -1) : `${path}/`])];
    const entries = candidates.map((route) => (route === "" ? "/" : route));
    const found = await manifest.routesAmong(entries);
    const route = entries.find((e) => found.has(e));
    if (route) return route;
    throw new ToolFailure(
      `No page at "${input}". Use search_docs to find pages, or list this server's resources for every page.`,
    );
  }

  /** The complete Markdown of a page of the live build (its links in the docs version read: worker/versions.ts). */
  async markdown(route: string): Promise<string> {
    const text = await this.file(markdownPathOf(route));
    if (text === null) throw new ToolFailure(`The page ${route} has no Markdown version in this build`);
    const { manifest } = await this.build();
    return versionText(text, publicSiteUrl(manifest.config), manifest.version.prefix);
  }

  /** The page's twin cut into sections named by their anchors (sections.ts). */
  async sections(route: string, markdown: string): Promise<Section[]> {
    return sectionsOf(markdown, await this.toc(route));
  }

  /** The page record's table of contents; empty when the build has no record for the route (its twin alone is read). */
  private async toc(route: string): Promise<TocEntry[]> {
    const { manifest } = await this.build();
    try {
      return (await this.store.page(manifest, route)).toc;
    } catch (e) {
      // The sections are still found by their headings' slugs; the build's fault is logged.
      if (!(e instanceof ContentCorrupt)) throw e;
      log.error("mcp_toc_unreadable", { route, error: e });
      return [];
    }
  }

  /** A file of the live build (the API document, the network table, a twin), or null. */
  async file(path: string): Promise<string | null> {
    const { manifest } = await this.build();
    return (await this.store.file(manifest, path))?.body ?? null;
  }
}
