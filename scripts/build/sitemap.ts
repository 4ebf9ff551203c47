/**
 * sitemap.xml (with lastmod), within the sitemaps.org limits: one file up to 50,000 URLs and
 * 45 MB (under the protocol's 50 MB); past either, `/sitemap.xml` becomes a sitemap index naming
 * `/sitemap-1.xml`, `/sitemap-2.xml`, … each within the limits.
 */
import { x } from "xastscript";
import { toXml } from "xast-util-to-xml";

export const SITEMAP_LIMITS = { urls: 50_000, bytes: 45 * 1000 * 1000 };

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
  const urls = routes.map((r) => x("url", [x("loc", siteUrl + r), x("lastmod", lastmod(r))]));
  const single = xmlDocument("urlset", urls);
  if (urls.length <= limits.urls && Buffer.byteLength(single) <= limits.bytes)
    return [{ path: "/sitemap.xml", body: single }];
  const groups: { urls: Element[]; bytes: number; lastmod: string }[] = [];
  const overhead = Buffer.byteLength(xmlDocument("urlset", []));
  for (const [i, url] of urls.entries()) {
    const bytes = Buffer.byteLength(toXml(url)) + 3;
    const last = groups.at(-1);
    const day = lastmod(routes[i]!);
    if (last && last.urls.length < limits.urls && overhead + last.bytes + bytes <= limits.bytes) {
      last.urls.push(url);
      last.bytes += bytes;
      if (day > last.lastmod) last.lastmod = day;
    } else groups.push({ urls: [url], bytes, lastmod: day });
  }
  const parts = groups.map((g, i) => ({ path: `/sitemap-${i + 1}.xml`, body: xmlDocument("urlset", g.urls) }));
  const index = xmlDocument(
    "sitemapindex",
    parts.map((p, i) => x("sitemap", [x("loc", siteUrl + p.path), x("lastmod", groups[i]!.lastmod)])),
  );
  return [{ path: "/sitemap.xml", body: index }, ...parts];
}
