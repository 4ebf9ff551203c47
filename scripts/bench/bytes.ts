/**
 * What a first visit downloads before any input, by kind. The list of requests comes from the
 * browser (Lighthouse's record of the page load), so lazy islands that were not asked for are not
 * counted and anything the page does fetch on load is. Text is counted gzipped (level 9, what the
 * edge sends at least), images as stored.
 */
import { gzipSync } from "node:zlib";
import type { PageRequest } from "./lighthouse";

export interface PageBytes {
  htmlRaw: number;
  htmlGzip: number;
  jsGzip: number;
  cssGzip: number;
  imageBytes: number;
  otherBytes: number;
  requests: number;
}

const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).length;

async function body(url: string): Promise<{ bytes: Buffer; type: string }> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status} in the byte count`);
  return { bytes: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type") ?? "" };
}

export async function pageBytes(pageUrl: string, requests: PageRequest[]): Promise<PageBytes> {
  const html = (await body(pageUrl)).bytes;
  const out: PageBytes = {
    htmlRaw: html.length,
    htmlGzip: gzip(html),
    jsGzip: 0,
    cssGzip: 0,
    imageBytes: 0,
    otherBytes: 0,
    requests: 0,
  };
  const origin = new URL(pageUrl).origin;
  for (const request of requests) {
    out.requests++;
    if (request.resourceType === "Document") continue;
    if (new URL(request.url).origin !== origin)
      throw new Error(`${pageUrl} fetched ${request.url} from another origin before input`);
    const { bytes, type } = await body(request.url);
    if (request.resourceType === "Script") out.jsGzip += gzip(bytes);
    else if (request.resourceType === "Stylesheet") out.cssGzip += gzip(bytes);
    else if (request.resourceType === "Image") out.imageBytes += type.includes("svg") ? gzip(bytes) : bytes.length;
    else out.otherBytes += /text|json|javascript|svg|xml/.test(type) ? gzip(bytes) : bytes.length;
  }
  return out;
}
