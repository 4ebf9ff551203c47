/**
 * The build's files for machines: sitemap.xml, robots.txt, llms.txt, llms-full.txt, the API
 * document, and the Markdown twin of every page (at <route>.md, or on Accept: text/markdown).
 * Only paths the manifest lists (or twins of its routes) reach KV.
 */
import { createMiddleware } from "hono/factory";
import { routeOfMarkdownPath, markdownPathOf } from "../../client/contracts/markdown-path";
import type { BuildManifest } from "../content-store";
import type { PageEnv } from "../env";
import { etagMatches, notModified } from "./etag";

const TYPES: Record<string, string> = {
  xml: "application/xml; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  yaml: "application/yaml; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** The file path a request wants, or null when it is not a file of this build. */
async function filePathFor(path: string, accept: string | undefined, manifest: BuildManifest): Promise<string | null> {
  if (await manifest.hasFile(path)) return path;
  const twinOf = routeOfMarkdownPath(path);
  if (twinOf !== null) return (await manifest.route(twinOf)) ? path : null;
  if (prefersMarkdown(accept) && (await manifest.route(path))) return markdownPathOf(path);
  return null;
}

/** True when the client asks for Markdown over HTML (e.g. `Accept: text/markdown`). */
function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept || accept.length > 1024) return false;
  let md = -1;
  let html = -1;
  for (const part of accept.split(",")) {
    const [type, ...params] = part.trim().toLowerCase().split(";");
    const q = Number(
      params
        .find((p) => p.trim().startsWith("q="))
        ?.trim()
        .slice(2) ?? 1,
    );
    if (type === "text/markdown") md = Math.max(md, Number.isFinite(q) ? q : 0);
    if (type === "text/html") html = Math.max(html, Number.isFinite(q) ? q : 0);
  }
  return md > 0 && md >= html;
}

/** Serves the file when the request is for one the build has; otherwise on to the page routes. */
export const machineFiles = createMiddleware<PageEnv>(async (c, next) => {
  const { manifest, store } = c.var;
  const filePath = await filePathFor(c.var.path, c.req.header("Accept"), manifest);
  const file = filePath ? await store.file(manifest, filePath) : null;
  if (filePath === null || file === null) return next();
  // Files are content-addressed: the digest is the validator, distinct for every body a URL can
  // answer (a page's URL answers HTML or its Markdown twin, so it varies on Accept).
  const validators: Record<string, string> = {
    "Cache-Control": "public, max-age=300",
    ETag: `"${file.digest}"`,
    Vary: "Accept",
  };
  if (filePath.startsWith("/api/")) validators["Access-Control-Allow-Origin"] = "*";
  if (etagMatches(c.req.header("If-None-Match"), validators.ETag!)) return notModified(validators);
  const headers: Record<string, string> = {
    ...validators,
    "Content-Type": TYPES[filePath.split(".").pop() ?? ""] ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
  };
  return new Response(c.req.method === "HEAD" ? null : file.body, { headers });
});
