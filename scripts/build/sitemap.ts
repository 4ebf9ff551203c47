/**
 * sitemap.xml (with lastmod), well within the sitemaps.org limits (50,000 URLs, 50 MB a file): one
 * file up to `single`; past it, `/sitemap.xml` becomes a sitemap index naming `/sitemap-1.xml`,
 * `/sitemap-2.xml`, … whose boundaries follow the routes (stable-chunks.ts), so a page's new
 * lastmod rewrites one part, not a file that grows with the site.
 */
import { x } from "xastscript";
import { toXml } from "xast-util-to-xml";
import { stableChunks, type ChunkLimits } from "./stable-chunks";

export interface SitemapLimits {
  /** One urlset while the site stays within both. */
  single: { urls: number; bytes: number };
  part: ChunkLimits;
}

export const SITEMAP_LIMITS: SitemapLimits = {
  single: { urls: 2_000, bytes: 256 * 1024 },
  part: { minBytes: 32 * 1024, maxBytes: 128 * 1024, everyNth: 64, maxItems: 50_000 },
};

interface XmlFile {
  path: string;
  body: string;
}

type Element = ReturnType<typeof x>;

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

function xmlDocument(name: string, children: Element[]): string {
  const root = x(name, { xmlns: NS }, [
    ...children.flatMap((child) => [{ type: "text" as const, value: "\n  " }, child]),
    { type: "text", value: "\n" },
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toXml(root)}\n`;
}

/**
 * What the last call made, by what it was made from: an entry's size by its address and day, a
 * part's body by its entries. npm run dev rebuilds on every save, and at 10,000 pages turning every
 * URL into XML again cost more than the rest of a save's derived files; only new ones are made.
 */
let previous = { sizes: new Map<string, number>(), parts: new Map<string, string>() };

export function sitemapFiles(
  siteUrl: string,
  routes: string[],
  lastmod: (route: string) => string,
  limits = SITEMAP_LIMITS,
): XmlFile[] {
  const made = { sizes: new Map<string, number>(), parts: new Map<string, string>() };
  const urlOf = (e: { route: string; day: string }) => x("url", [x("loc", siteUrl + e.route), x("lastmod", e.day)]);
  const entries = routes.map((route) => {
    const day = lastmod(route);
    const key = `${siteUrl}${route}\n${day}`;
    // Each URL sits on its own line: a newline and two spaces before it.
    const bytes = previous.sizes.get(key) ?? Buffer.byteLength(toXml(urlOf({ route, day }))) + 3;
    made.sizes.set(key, bytes);
    return { route, day, key, bytes };
  });
  const overhead = Buffer.byteLength(xmlDocument("urlset", []));
  const total = entries.reduce((n, e) => n + e.bytes, overhead);
  let files: XmlFile[];
  if (entries.length <= limits.single.urls && total <= limits.single.bytes) {
    files = [{ path: "/sitemap.xml", body: xmlDocument("urlset", entries.map(urlOf)) }];
  } else {
    const runs = stableChunks(
      entries,
      (e) => e.route,
      (e) => e.bytes,
      { ...limits.part, maxBytes: limits.part.maxBytes - overhead },
    );
    const parts = runs.map((run, i) => {
      const key = run.map((e) => e.key).join("\n");
      const body = previous.parts.get(key) ?? xmlDocument("urlset", run.map(urlOf));
      made.parts.set(key, body);
      return { path: `/sitemap-${i + 1}.xml`, body, lastmod: run.reduce((max, e) => (e.day > max ? e.day : max), "") };
    });
    const index = xmlDocument(
      "sitemapindex",
      parts.map((p) => x("sitemap", [x("loc", siteUrl + p.path), x("lastmod", p.lastmod)])),
    );
    files = [{ path: "/sitemap.xml", body: index }, ...parts.map(({ path, body }) => ({ path, body }))];
  }
  previous = made;
  return files;
}
