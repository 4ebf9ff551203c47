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

export function sitemapFiles(
  siteUrl: string,
  routes: string[],
  lastmod: (route: string) => string,
  limits = SITEMAP_LIMITS,
): XmlFile[] {
  const entries = routes.map((route) => {
    const day = lastmod(route);
    const url = x("url", [x("loc", siteUrl + route), x("lastmod", day)]);
    return { route, day, url, bytes: Buffer.byteLength(toXml(url)) + 3 };
  });
  const single = xmlDocument(
    "urlset",
    entries.map((e) => e.url),
  );
  if (entries.length <= limits.single.urls && Buffer.byteLength(single) <= limits.single.bytes)
    return [{ path: "/sitemap.xml", body: single }];
  const overhead = Buffer.byteLength(xmlDocument("urlset", []));
  const runs = stableChunks(
    entries,
    (e) => e.route,
    (e) => e.bytes,
    { ...limits.part, maxBytes: limits.part.maxBytes - overhead },
  );
  const parts = runs.map((run, i) => ({
    path: `/sitemap-${i + 1}.xml`,
    body: xmlDocument(
      "urlset",
      run.map((e) => e.url),
    ),
    lastmod: run.reduce((max, e) => (e.day > max ? e.day : max), ""),
  }));
  const index = xmlDocument(
    "sitemapindex",
    parts.map((p) => x("sitemap", [x("loc", siteUrl + p.path), x("lastmod", p.lastmod)])),
  );
  return [{ path: "/sitemap.xml", body: index }, ...parts.map(({ path, body }) => ({ path, body }))];
}
